// Connection: one session, so the SET commands below apply to every statement. The database is
// created when missing and migrated before the session is handed out.
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openPostgres, wrapPglite, type Database } from '../../src/server/db/client';
import { lockEmbeddedFolder } from '../../src/server/db/embedded-lock';
import { applyMigrations } from '../../src/server/db/migrate';
import { PGLITE_EXTENSIONS } from '../../src/server/db/pglite-extensions';
import { fail } from './errors';
import { seconds } from './progress';

export type Session = {
  exec: (text: string) => Promise<void>;
  rows: <T>(text: string) => Promise<T[]>;
  close: () => Promise<void>;
};

async function createDatabaseIfMissing(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!name) fail(`no database name in ${url}`);
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const client = new pg.Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`create database "${name.replaceAll('"', '""')}"`);
      console.log(`created database ${name}`);
    }
  } finally {
    await client.end();
  }
}

export async function openPostgresSession(url: string): Promise<Session> {
  await createDatabaseIfMissing(url);
  // The project's own migration path first (its pool is closed again right after).
  const database = await openPostgres(url);
  await migrate(database);
  await database.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    exec: async (text) => void (await client.query(text)),
    rows: async <T>(text: string) => (await client.query(text)).rows as T[],
    close: () => client.end(),
  };
}

/**
 * PGlite opened here rather than through openPglite: the server's embedded settings (16 MB of
 * shared buffers, WebAssembly kept at the baseline tier) suit a small idle server, not a bulk
 * load. The same lock keeps a running server (or admin:create) off the folder meanwhile.
 */
export async function openPgliteSession(folder: string): Promise<Session> {
  const release = lockEmbeddedFolder(folder);
  const client = new PGlite(folder, { extensions: PGLITE_EXTENSIONS });
  await migrate(wrapPglite(client));
  return {
    exec: async (text) => void (await client.exec(text)),
    rows: async <T>(text: string) => (await client.query<T>(text)).rows,
    close: () => client.close().finally(release),
  };
}

async function migrate(database: Database): Promise<void> {
  const started = performance.now();
  await applyMigrations(database);
  console.log(`migrations applied (${seconds(started)})`);
}

/** Session settings for a bulk load; none of them outlives this connection. */
export async function tuneSession(session: Session, embedded: boolean): Promise<void> {
  await session.exec(`
    -- No synchronous_commit = off here: with a handful of large transactions it saves nothing,
    -- and right after an unflushed commit VACUUM may not set the rows' commit hint bits, so it
    -- leaves their pages out of the visibility map (no index-only scans until the next vacuum).
    -- Index builds after the load sort in memory instead of spilling to disk. PGlite's
    -- WebAssembly heap is smaller, so it gets less.
    set maintenance_work_mem = '${embedded ? '128MB' : '1GB'}';
    -- The temporary lookup tables' sorts and hashes stay in memory too.
    set work_mem = '${embedded ? '32MB' : '256MB'}';
    -- created_at values are computed from one fixed instant, in UTC.
    set timezone = 'UTC';
  `);
}
