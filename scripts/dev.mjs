// `npm run dev`: the API under tsx watch on API_PORT (3001) and Vite with hot reload on 5173,
// which proxies /api to it. Ctrl-C stops both.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '3001';
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/index.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];

const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && code !== 0 && stop());
