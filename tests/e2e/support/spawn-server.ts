import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type RunningServer = {
  url: string;
  process: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
};

/** Starts another copy of the built server (dist/, which the main web server built). */
export function spawnServer(env: Record<string, string>, dataDir?: string): RunningServer {
  const folder = dataDir ?? mkdtempSync(join(tmpdir(), 'starprep-e2e-extra-'));
  let output = '';
  const child = spawn(process.execPath, ['dist/server/index.js'], {
    env: { ...process.env, DATA_DIR: folder, LOG_LEVEL: 'info', ...env },
  });
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { url: `http://localhost:${env.PORT}`, process: child, output: () => output, exited };
}

export async function waitUntilHealthy(server: RunningServer): Promise<void> {
  // A first start prepares a new embedded database: over 30 s on a busy 2-core machine.
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${server.url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not become healthy:\n${server.output()}`);
}
