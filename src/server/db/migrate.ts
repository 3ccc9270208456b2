import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Pool } from 'pg';
import { migrationsFolder } from '../lib/paths';
import type { Database } from './database';

/**
 * The advisory lock migrations run under on PostgreSQL: 'STARP_MG' in ASCII, a key no other
 * application on a shared server is likely to use. Advisory locks are per database.
 */
const MIGRATION_LOCK_KEY = '6004496024983260487';

/** The handle openPostgres makes: Drizzle on a pg pool. */
type PostgresDb = NodePgDatabase & { $client: Pool };

/** Applies the committed drizzle-kit migrations that have not run yet. Safe to call every start. */
export async function applyMigrations(database: Database): Promise<void> {
  if (database.driver === 'pglite') {
    // One process per embedded folder (embedded-lock.ts), so nobody else migrates it meanwhile.
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
  } else {
    await migratePostgres(database.db as unknown as PostgresDb);
  }
}

/**
 * Several instances may start together against one PostgreSQL: each would see the migrations as
 * pending and apply them at once, and all but one would fail (duplicate tables). The migrator
 * runs under a session advisory lock on one connection of its own, so the others wait, then find
 * nothing left to do. The lock is released after.
 */
async function migratePostgres(db: PostgresDb): Promise<void> {
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const connection = await db.$client.connect();
  try {
    await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate(drizzle({ client: connection }), { migrationsFolder });
    await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    connection.release();
  } catch (error) {
    // Closed rather than returned to the pool: ending the session releases the lock too.
    connection.release(error instanceof Error ? error : true);
    throw error;
  }
}
