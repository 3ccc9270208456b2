import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client';
import { migrationsFolder } from '../../src/server/lib/paths';

/**
 * Runs one committed migration file again, statement by statement, as the migrator does. A test
 * first undoes what the migration added, writes the rows it must repair (rows the constraint now
 * refuses), then replays it: the migration's own SQL is what gets tested.
 */
export async function replayMigration(database: Database, tag: string): Promise<void> {
  const text = readFileSync(join(migrationsFolder, `${tag}.sql`), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) {
    await database.db.execute(sql.raw(statement));
  }
}
