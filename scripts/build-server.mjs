// Bundles the server into dist/server/index.js: one file of our own code (npm packages stay
// external), so `npm start` runs plain Node with no TypeScript loader in memory.
import { build } from 'esbuild';

await build({
  // prepare-pglite runs as a child process of the server (see src/server/db/pglite.ts).
  entryPoints: {
    index: 'src/server/index.ts',
    'prepare-pglite': 'src/server/db/prepare-pglite.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
