import { resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Database, Db } from './database';
import { lockEmbeddedFolder } from './embedded-lock';
import { applyMigrations } from './migrate';
import { openPglite } from './pglite';
import { parameterValues, type Prebuilt } from './prebuilt';
import * as schema from './schema';

// Defined apart so migrate.ts can name them without importing this file (which imports it).
export type { Database, Db };

/**
 * The server's database, migrated: PostgreSQL through `pg` when a URL is given, otherwise the
 * embedded PGlite under dataDir (which openPglite prepares and migrates in a child process).
 */
export async function openDatabase(options: {
  url?: string;
  dataDir: string;
  onIdleClientError?: IdleClientErrorHandler;
  /** The server's start: the embedded database's prepare step also makes the first-start admin. */
  firstStartAdmin?: boolean;
}): Promise<Database> {
  if (!options.url) {
    const folder = resolve(options.dataDir, 'db');
    const release = lockEmbeddedFolder(folder);
    try {
      const database = wrapPglite(
        await openPglite(folder, { firstStartAdmin: options.firstStartAdmin }),
      );
      return { ...database, close: () => database.close().finally(release) };
    } catch (error) {
      release();
      throw error;
    }
  }
  const database = await openPostgres(options.url, options.onIdleClientError);
  await applyMigrations(database);
  return database;
}

/** The longest a query waits for a PostgreSQL connection before it fails. */
export const DATABASE_CONNECT_TIMEOUT_MS = 5_000;

export type IdleClientErrorHandler = (error: Error) => void;

/**
 * The pg driver is loaded only when used, so the embedded default does not carry it.
 *
 * A connection that fails while idle in the pool (the server restarted, or an administrator ended
 * it) makes the pool emit 'error'; unheard, that event would crash the process. The pool drops
 * that connection and opens a new one for the next query, so the failure is only reported.
 */
export async function openPostgres(
  url: string,
  onIdleClientError: IdleClientErrorHandler = () => {},
): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle: drizzleNodePg } = await import('drizzle-orm/node-postgres');
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // While the database is down or every connection is busy, a request waits at most this long
    // for one, then fails (and is answered 503), so nothing hangs through an outage.
    connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS,
    // Notices a server that vanished without closing the socket (a host gone, not a restart).
    keepAlive: true,
  });
  pool.on('error', onIdleClientError);
  // A connection can also fail while checked out, between a transaction's queries (the database
  // restarting): pg then emits 'error' on that client, which nobody hears while it is out of the
  // pool, and the process would crash. Its holder's next query fails instead (answered 503) and
  // the pool discards the connection on release; this listener only keeps the process alive.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzleNodePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    driver: 'postgres',
    ping: async () => void (await pool.query('select 1')),
    close: () => pool.end(),
    // Named: each connection parses and plans it once, then only binds the values.
    prepared: async <Row>(statement: Prebuilt, values: Record<string, unknown>) => {
      const result = await pool.query({
        name: statement.name,
        text: statement.text,
        values: parameterValues(statement, values),
      });
      return result.rows as Row[];
    },
  };
}

export function wrapPglite(client: PGlite): Database {
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    // The simple-query protocol, straight to PGlite: about 4x the rate of a Drizzle execute.
    ping: async () => void (await client.exec('select 1')),
    close: () => client.close(),
    prepared: async <Row>(statement: Prebuilt, values: Record<string, unknown>) =>
      (await client.query<Row>(statement.text, parameterValues(statement, values))).rows,
  };
}
