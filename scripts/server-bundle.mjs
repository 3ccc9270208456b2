// What `npm run build` bundles into dist/server/ (scripts/build-server.mjs): our own code, plus
// better-auth (npm packages otherwise stay external), so `npm start` runs plain Node with no
// TypeScript loader in memory. better-auth is bundled so esbuild drops the adapters and plugins we
// do not use: it keeps about 15 MB of code out of the idle server (docs/decisions/0004).
// Whatever is bundled ships with the server, so it must be in dependencies, where
// `npm audit --omit=dev` sees it (tests/server-bundle-dependencies.test.ts checks).
import { readFileSync } from 'node:fs';

const BUNDLED = ['better-auth'];

/** The esbuild options of the server bundle. */
export function serverBundleOptions() {
  const { dependencies } = JSON.parse(readFileSync('package.json', 'utf8'));
  // Everything else in dependencies (and its subpaths) is loaded from node_modules at run time.
  const external = Object.keys(dependencies)
    .filter((name) => !BUNDLED.includes(name))
    .flatMap((name) => [name, `${name}/*`]);
  return {
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
    external,
    sourcemap: true,
    logLevel: 'warning',
  };
}
