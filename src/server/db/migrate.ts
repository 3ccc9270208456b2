import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrationsFolder } from '../lib/paths';
import type { Database } from './client';

/** Applies the committed drizzle-kit migrations that have not run yet. Safe to call every start. */
export async function applyMigrations(database: Database): Promise<void> {
  if (database.driver === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
  } else {
    const { migrate: migrateNodePg } = await import('drizzle-orm/node-postgres/migrator');
    await migrateNodePg(database.db as unknown as NodePgDatabase, { migrationsFolder });
  }
}
