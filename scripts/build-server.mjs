// Bundles the server into dist/server/index.js: our own code, plus better-auth (npm packages
// otherwise stay external), so `npm start` runs plain Node with no TypeScript loader in memory.
// better-auth is bundled so esbuild drops the adapters and plugins we do not use: it keeps about
// 15 MB of code out of the idle server (docs/decisions/0004).
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const { dependencies } = JSON.parse(readFileSync('package.json', 'utf8'));
const BUNDLED = ['better-auth'];
// Everything else in dependencies (and its subpaths) is loaded from node_modules at run time.
const EXTERNAL = Object.keys(dependencies)
  .filter((name) => !BUNDLED.includes(name))
  .flatMap((name) => [name, `${name}/*`]);

await build({
  // prepare-pglite runs as a child process of the server (see src/server/db/pglite.ts).
  entryPoints: {
    index: 'src/server/index.ts',
    'prepare-pglite': 'src/server/db/prepare-pglite.ts',
    // The text-extraction worker thread (see src/server/features/materials/extraction-queue.ts).
    'extract-worker': 'src/server/features/materials/extract-worker.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: EXTERNAL,
  sourcemap: true,
  logLevel: 'warning',
});
