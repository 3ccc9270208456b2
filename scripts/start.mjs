// `npm start`: builds the client and server when the sources changed since the last build,
// then runs the server (which applies migrations and prints its URL).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildIsCurrent, markBuilt, sourceHash } from './build-state.mjs';

process.chdir(fileURLToPath(new URL('..', import.meta.url)));

const hash = sourceHash();
if (!buildIsCurrent(hash)) {
  console.log('Building StarPrep (first start, or the sources changed)...');
  const result = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('The build failed; see the messages above.');
    process.exit(result.status ?? 1);
  }
  markBuilt(hash);
}

await import('../dist/server/index.js');
