// Bundles the server into dist/server/ (what is bundled and why: scripts/server-bundle.mjs).
import { build } from 'esbuild';
import { serverBundleOptions } from './server-bundle.mjs';

await build(serverBundleOptions());
