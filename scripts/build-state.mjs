// Decides whether dist/ is up to date: a hash over everything a build reads, written next to
// the build. A fresh clone, a pull or an edit changes the hash; a restart does not.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const inputs = [
  'src',
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'tsconfig.json',
  'scripts/build-server.mjs',
  'scripts/precompress.mjs',
  'scripts/prerender.mjs',
];
const stampFile = join('dist', '.build-hash');

function* files(path) {
  if (!existsSync(path)) return;
  if (statSync(path).isDirectory()) {
    for (const entry of readdirSync(path).sort()) {
      if (!/\.test\.tsx?$/.test(entry)) yield* files(join(path, entry));
    }
  } else yield path;
}

export function sourceHash() {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of files(input)) hash.update(file).update(readFileSync(file));
  }
  return hash.digest('hex');
}

/** `hash`: this checkout's sourceHash(), computed once by the caller. */
export function buildIsCurrent(hash) {
  return (
    existsSync(stampFile) &&
    existsSync(join('dist', 'server', 'index.js')) &&
    existsSync(join('dist', 'client', 'index.html')) &&
    readFileSync(stampFile, 'utf8') === hash
  );
}

export function markBuilt(hash) {
  writeFileSync(stampFile, hash);
}
