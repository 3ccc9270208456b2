import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './support/fixtures';
import { spawnServer, waitUntilHealthy } from './support/spawn-server';

// These start their own servers from the build, on ports of their own.
test.describe.configure({ mode: 'serial' });

test('stops gracefully on SIGTERM and starts again on the same data', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'starprep-lifecycle-'));
  const first = spawnServer({ PORT: '4181' }, dataDir);
  await waitUntilHealthy(first);
  expect(first.output()).toContain('StarPrep is running at http://localhost:4181');

  first.process.kill('SIGTERM');
  expect(await first.exited).toBe(0);
  expect(first.output()).toContain('"msg":"stopped"');

  // The database was closed cleanly: the next start opens it and answers.
  const second = spawnServer({ PORT: '4181' }, dataDir);
  await waitUntilHealthy(second);
  second.process.kill('SIGINT');
  expect(await second.exited).toBe(0);
});

test('refuses to start on a bad setting, naming the variable', async () => {
  const server = spawnServer({ PORT: 'not-a-port' });
  expect(await server.exited).toBe(1);
  expect(server.output().trim()).toBe(
    'Invalid configuration: PORT must be a whole number from 1 to 65535 (got "not-a-port")',
  );
});

test('TRANSLATE_WIDGET=off hides the language picker', async ({ page }) => {
  const server = spawnServer({ PORT: '4182', TRANSLATE_WIDGET: 'off' });
  try {
    await waitUntilHealthy(server);
    await page.goto(server.url);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Welcome to StarPrep' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Register' }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Language' })).toHaveCount(0);
  } finally {
    server.process.kill('SIGTERM');
    await server.exited;
  }
});
