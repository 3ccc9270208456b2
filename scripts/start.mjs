// `npm start`: builds the client and server when the sources changed since the last build,
// then runs the server (which applies migrations and prints its URL).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildIsCurrent, markBuilt, sourceHash } from './build-state.mjs';

process.chdir(fileURLToPath(new URL('..', import.meta.url)));

const hash = sourceHash();
if (!buildIsCurrent(hash)) {
  console.log('Building StarPrep (first start, or the sources changed)...');
  // Always a production build, whatever NODE_ENV the server itself runs with: with
  // NODE_ENV=development (as the end-to-end tests start it) Vite would bundle React's development
  // build, several times larger, and a later `npm start` would serve it.
  const result = spawnSync('npm', ['run', '--silent', 'build'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    console.error('The build failed; see the messages above.');
    process.exit(result.status ?? 1);
  }
  markBuilt(hash);
}

await import('../dist/server/index.js');
