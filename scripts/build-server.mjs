// Bundles the server into dist/server/index.js: one file of our own code (npm packages stay
// external), so `npm start` runs plain Node with no TypeScript loader in memory.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server/index.ts'],
  outfile: 'dist/server/index.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
