// Starts the built server (dist/) on a fresh data folder for a benchmark, and stops it.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The Node flags `npm start` runs the server with (package.json: none since issue 17, where
 * Node's default semi-space beat --max-semi-space-size=4 and 8 on the dashboard benchmark at the
 * same idle memory), so benchmarks measure the same; BENCH_NODE_FLAGS sets others to compare.
 */
const SERVER_NODE_FLAGS = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);

/**
 * `dataDir`: an existing data folder to serve (kept on stop, e.g. to restart a killed server on
 * it); by default a fresh one, removed on stop. `child` is the server process, for the fault
 * scripts' signals.
 */
export async function startBuiltServer({ port, env = {}, dataDir: givenDataDir }) {
  if (!existsSync('dist/server/index.js')) {
    throw new Error('No build: run `npm run build` first.');
  }
  const dataDir = givenDataDir ?? mkdtempSync(join(tmpdir(), 'starprep-bench-'));
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'dist/server/index.js'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://localhost:${port}`;
  // Creating and migrating a new embedded database takes over a minute on a busy 2-core machine.
  const deadline = Date.now() + 180_000;
  for (;;) {
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start on port ${port}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    pid: child.pid,
    child,
    dataDir,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (!givenDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Resident memory of a process in MB, from /proc (Linux). */
export async function rssMegabytes(pid) {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
  return Math.round((kb / 1024) * 10) / 10;
}
