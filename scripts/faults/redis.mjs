// A Redis of our own for the Redis fault script (the shared one on 6379 is never touched):
// a child process without persistence, stopped and started again on the same port.
import { spawn } from 'node:child_process';
import { createConnection } from 'node:net';
import { onCleanup } from './cleanup.mjs';

export async function startOwnRedis(port) {
  let child;
  const start = async () => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    await waitUntil(() => answers(port), `Redis on port ${port} did not start`);
  };
  const stop = async () => {
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  };
  onCleanup(stop);
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop };
}

/** Whether something answers PING with PONG on the port. */
function answers(port) {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.setTimeout(500, () => socket.destroy());
    socket.once('error', () => resolve(false));
    socket.once('close', () => resolve(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      resolve(String(data).startsWith('+PONG'));
      socket.destroy();
    });
  });
}

async function waitUntil(check, message) {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(message);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
