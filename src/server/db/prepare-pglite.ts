/**
 * Run as a short-lived child process by openPglite: creates the embedded cluster when it is new
 * and applies pending migrations, then exits. initdb and migrations grow PGlite's WebAssembly
 * memory by about 70 MB that it never gives back; doing them here keeps that out of the server.
 */
import { PGlite } from '@electric-sql/pglite';
import { wrapPglite } from './client';
import { applyMigrations } from './migrate';
import { PGLITE_EXTENSIONS } from './pglite-extensions';

const folder = process.argv[2];
if (!folder) {
  console.error('usage: prepare-pglite <data folder>');
  process.exit(2);
}
const database = wrapPglite(new PGlite(folder, { extensions: PGLITE_EXTENSIONS }));
await applyMigrations(database);
await database.close();
