import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from './pglite-extensions';

/**
 * Settings for the embedded database. PGlite's defaults (128 MB shared buffers) suit a browser
 * tab that owns the machine; StarPrep's embedded default serves one local process.
 */
const EMBEDDED_SETTINGS = [
  'shared_buffers=16MB',
  'wal_buffers=1MB',
  'temp_buffers=4MB',
  'work_mem=4MB',
  'maintenance_work_mem=16MB',
];

/**
 * Opens the PGlite database in `folder`, migrated. Creating the cluster and migrating happen in
 * a child process (prepare-pglite), so their memory is returned to the system when it exits.
 */
export async function openPglite(
  folder: string,
  options: { firstStartAdmin?: boolean } = {},
): Promise<PGlite> {
  prepareInChildProcess(folder, options.firstStartAdmin ?? false);
  keepWasmAtBaselineTier();
  const client = new PGlite(folder, {
    postgresqlconf: EMBEDDED_SETTINGS,
    extensions: PGLITE_EXTENSIONS,
  });
  await client.waitReady;
  return client;
}

function prepareInChildProcess(folder: string, firstStartAdmin: boolean): void {
  // PGlite creates only the last folder of its path.
  mkdirSync(dirname(folder), { recursive: true });
  // Beside this file: prepare-pglite.ts in the sources, prepare-pglite.js in the build.
  const extension = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
  const script = fileURLToPath(new URL(`./prepare-pglite${extension}`, import.meta.url));
  const args = [...process.execArgv, script, folder];
  if (firstStartAdmin) args.push('--first-start-admin');
  const result = spawnSync(process.execPath, args, { encoding: 'utf8' });
  // What it printed for the person starting the server (a generated admin password, once).
  if (result.stdout) process.stdout.write(result.stdout);
  if (result.status === 0 && result.stderr) process.stderr.write(result.stderr);
  if (result.status !== 0) {
    throw new Error(`could not prepare the embedded database in ${folder}:\n${result.stderr}`);
  }
}

/**
 * PostgreSQL compiled to WebAssembly is a large module; V8's optimizing tier re-compiles its hot
 * functions and keeps both copies in memory. The baseline tier (Liftoff) served /api/health at
 * the same rate in our benchmark, so the embedded default stays there. It must be set before the
 * module is compiled, and concerns WebAssembly only.
 */
function keepWasmAtBaselineTier(): void {
  setFlagsFromString('--no-wasm-tier-up');
}
