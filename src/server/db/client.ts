import { resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { lockEmbeddedFolder } from './embedded-lock';
import { applyMigrations } from './migrate';
import { openPglite } from './pglite';
import { parameterValues, type Prebuilt } from './prebuilt';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open database: the Drizzle handle plus what the server needs to check and close it. */
export type Database = {
  db: Db;
  driver: 'pglite' | 'postgres';
  ping: () => Promise<void>;
  close: () => Promise<void>;
  /** Runs a statement built once (prebuilt.ts), straight on the driver; its rows as the driver parses them. */
  prepared: <Row>(statement: Prebuilt, values: Record<string, unknown>) => Promise<Row[]>;
};

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
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
  pool.on('error', onIdleClientError);
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
