import { spawnSync } from 'node:child_process';
import { request as httpGet } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './support/fixtures';
import { type RunningServer, spawnServer, waitUntilHealthy } from './support/spawn-server';

// These start their own servers from the build, on ports of their own. A first start prepares
// a new embedded database, which alone can take 30 s on a busy 2-core machine.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let dataDir: string;
const running: RunningServer[] = [];

test.beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'starprep-lifecycle-'));
});
test.afterEach(async () => {
  for (const server of running.splice(0)) {
    if (server.process.exitCode === null) server.process.kill('SIGKILL');
    await server.exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

function start(env: Record<string, string>) {
  const server = spawnServer(env, dataDir);
  running.push(server);
  return server;
}

test('stops gracefully on SIGTERM and starts again on the same data', async () => {
  const first = start({ PORT: '4181' });
  await waitUntilHealthy(first);
  expect(first.output()).toContain('StarPrep is running at http://localhost:4181');

  first.process.kill('SIGTERM');
  expect(await first.exited).toBe(0);
  expect(first.output()).toContain('"msg":"stopped"');

  // The database was closed cleanly: the next start opens it and answers.
  const second = start({ PORT: '4181' });
  await waitUntilHealthy(second);
  second.process.kill('SIGINT');
  expect(await second.exited).toBe(0);
});

test('a first development start makes an admin, prints its password once, and it signs in', async ({
  request,
}) => {
  const first = start({ PORT: '4184', NODE_ENV: 'development' });
  await waitUntilHealthy(first);
  const password = /e-mail: admin@starprep\.local\s+password: (\S+)/.exec(first.output())?.[1];
  expect(password).toBeDefined();
  // Never in the JSON log lines, only in the one console message.
  expect(
    first
      .output()
      .split('\n')
      .filter((line) => line.includes(password!)),
  ).toHaveLength(1);
  const signIn = await request.post('http://localhost:4184/api/admin/login', {
    data: { email: 'admin@starprep.local', password },
    headers: { Origin: 'http://localhost:4184' },
  });
  expect(signIn.status()).toBe(200);
  first.process.kill('SIGTERM');
  expect(await first.exited).toBe(0);

  const second = start({ PORT: '4184', NODE_ENV: 'development' });
  await waitUntilHealthy(second);
  expect(second.output()).not.toContain('password:');
  // The embedded database is one process's: admin:create is refused while this server runs.
  const busy = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/admin-create.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    input: 'x@example.com\nLong-Enough-Pass-1\n',
    encoding: 'utf8',
  });
  expect(busy.status).toBe(1);
  expect(busy.stderr).toContain('is open in another StarPrep process');
});

test('finishes a download in flight before stopping', async () => {
  const server = start({ PORT: '4183' });
  await waitUntilHealthy(server);
  const home = await (await fetch(server.url)).text();
  const video = /\/assets\/explainer-[\w-]+\.webm/.exec(home)?.[0];
  expect(video).toBeDefined();

  // Start the download, read one chunk, then ask the server to stop while the rest is unread.
  const result = new Promise<{ expected: number; received: number }>((resolve, reject) => {
    const req = httpGet(`${server.url}${video}`, (response) => {
      const expected = Number(response.headers['content-length']);
      let received = 0;
      response.once('data', (chunk: Buffer) => {
        received += chunk.length;
        response.pause();
        server.process.kill('SIGTERM');
        setTimeout(() => {
          response.on('data', (more: Buffer) => (received += more.length));
          response.on('end', () => resolve({ expected, received }));
          response.resume();
        }, 500);
      });
    });
    req.on('error', reject);
    req.end();
  });
  const { expected, received } = await result;
  expect(expected).toBeGreaterThan(500_000);
  expect(received).toBe(expected);
  expect(await server.exited).toBe(0);
});

test('a development server listens on this machine only, unless HOST opens it', async () => {
  const lan = Object.values(networkInterfaces())
    .flat()
    .find((address) => address?.family === 'IPv4' && !address.internal)?.address;
  test.skip(!lan, 'this machine has no network address besides loopback');
  const local = start({ PORT: '4189' });
  await waitUntilHealthy(local);
  expect(local.output()).toContain(
    'StarPrep is running at http://localhost:4189 (this machine only: set HOST=0.0.0.0 to open it to your network)',
  );
  await expect(fetch(`http://${lan}:4189/api/health`)).rejects.toThrow();
  local.process.kill('SIGTERM');
  expect(await local.exited).toBe(0);

  const open = start({ PORT: '4189', HOST: '0.0.0.0' });
  await waitUntilHealthy(open);
  expect(open.output()).toContain(
    'StarPrep is running at http://localhost:4189 (on every network interface)',
  );
  expect((await fetch(`http://${lan}:4189/api/health`)).status).toBe(200);
});

test('refuses to start on a bad setting, naming the variable', async () => {
  const server = start({ PORT: 'not-a-port' });
  expect(await server.exited).toBe(1);
  expect(server.output().trim()).toBe(
    'Invalid configuration: PORT must be a whole number from 1 to 65535 (got "not-a-port")',
  );
});

test('says so in one line when the port is taken', async () => {
  const first = start({ PORT: '4184' });
  await waitUntilHealthy(first);
  const otherData = mkdtempSync(join(tmpdir(), 'starprep-lifecycle-'));
  try {
    const second = spawnServer({ PORT: '4184' }, otherData);
    running.push(second);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      'StarPrep could not start: port 4184 is already in use (set PORT to another)',
    );
  } finally {
    rmSync(otherData, { recursive: true, force: true });
  }
});

test('TRANSLATE_WIDGET=off hides the language picker', async ({ page, consoleErrors }) => {
  const server = start({ PORT: '4182', TRANSLATE_WIDGET: 'off' });
  await waitUntilHealthy(server);
  const config = page.waitForResponse('**/api/config');
  await page.goto(server.url);
  expect(await (await config).json()).toEqual({ translateWidget: false });
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to StarPrep' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Register' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Language' })).toHaveCount(0);
  // The stricter CSP (no inline styles at all) breaks nothing on the page.
  expect(consoleErrors).toEqual([]);
});
