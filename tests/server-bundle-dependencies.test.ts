import { readFileSync } from 'node:fs';
import { build } from 'esbuild';
import { expect, it } from 'vitest';
import { serverBundleOptions } from '../scripts/server-bundle.mjs';

/** The npm package a bundled file comes from: the last node_modules/<name> of its path. */
function packageOf(path: string): string | undefined {
  const parts = path.split('node_modules/');
  if (parts.length < 2) return undefined;
  const segments = parts.at(-1)!.split('/');
  return segments[0]!.startsWith('@') ? `${segments[0]}/${segments[1]}` : segments[0];
}

it('bundles only packages that are installed as dependencies, not devDependencies', async () => {
  const { metafile } = await build({
    ...serverBundleOptions(),
    write: false,
    metafile: true,
    sourcemap: false,
    logLevel: 'silent',
  });
  const bundled = new Set(Object.keys(metafile.inputs).flatMap((path) => packageOf(path) ?? []));
  expect(bundled).toContain('better-auth');

  // npm marks a package "dev" in the lock file when only devDependencies need it: such a package
  // would ship inside dist/server unseen by `npm audit --omit=dev` and `npm ci --omit=dev`.
  const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
    packages: Record<string, { dev?: boolean }>;
  };
  const devOnly = [...bundled].filter((name) => lock.packages[`node_modules/${name}`]?.dev);
  expect(devOnly).toEqual([]);
}, 60_000);
