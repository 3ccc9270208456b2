/**
 * Run as a short-lived child process by openPglite: creates the embedded cluster when it is new
 * and applies pending migrations (and, for the server, makes its first-start admin), then exits. initdb and migrations grow PGlite's WebAssembly
 * memory by about 70 MB that it never gives back; doing them here keeps that out of the server.
 */
import { PGlite } from '@electric-sql/pglite';
import { wrapPglite } from './client';
import { applyMigrations } from './migrate';
import { PGLITE_EXTENSIONS } from './pglite-extensions';
import { loadEnv } from '../env';
import { createFirstStartAdmin } from '../features/admin/first-start-admin';
import { createAuthFromEnv } from '../features/auth/auth-from-env';

const folder = process.argv[2];
if (!folder) {
  console.error('usage: prepare-pglite <data folder> [--first-start-admin]');
  process.exit(2);
}
const database = wrapPglite(new PGlite(folder, { extensions: PGLITE_EXTENSIONS }));
await applyMigrations(database);
// The server's first start makes its admin here too: hashing the password (Argon2id, 19 MiB) and
// the first trigger runs would otherwise stay in the server's memory.
if (process.argv.includes('--first-start-admin')) {
  const env = loadEnv();
  await createFirstStartAdmin(
    { auth: createAuthFromEnv(database, env), database },
    env,
    env.NODE_ENV === 'production',
  );
}
await database.close();
