// `npm run dev`: the API under tsx watch on API_PORT (3001) and Vite with hot reload on 5173,
// which proxies /api to it. Ctrl-C or SIGTERM stops both, with everything they started.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '3001';
const start = (command, args, env) =>
  // Each in its own process group, so stopping reaches the processes npx starts too.
  spawn(command, args, { stdio: 'inherit', detached: true, env: { ...process.env, ...env } });

const children = [
  // Students open Vite's address: links in mails point there.
  start('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/index.ts'], {
    PORT: apiPort,
    PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173',
  }),
  start('npx', ['vite'], { API_PORT: apiPort }),
];
console.log(`StarPrep (development): http://localhost:5173 (API on port ${apiPort})`);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', () => {
    stop();
    if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) process.exit(0);
  });
}
