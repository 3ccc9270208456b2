// Loading a table: indexes and foreign keys are rebuilt after the rows are in. Also the steps
// around the loads: emptying the app's tables first (--reset) and compacting at the end.
import { performance } from 'node:perf_hooks';
import type { Session } from './connection';
import { format, seconds, timings } from './progress';
import type { Seed } from './seed';

/**
 * Tables whose own triggers read them through an index when a statement ends: migration 0010's
 * triggers look up the latest subscription / result of each registration the statement touched.
 * These keep their indexes during the load (without them each lookup would scan the table).
 */
const READ_BY_THEIR_TRIGGERS = new Set(['subscriptions', 'exam_results']);
/**
 * Tables that triggers update right after the seed inserts them: migration 0010 copies the latest
 * subscription and result onto each registration. Loaded with free room in every page, the copy
 * is a HOT update (same page, no index entry: the copied columns are not indexed) instead of a new
 * row version in every index (a trigram GIN among them); the table is compacted at the end.
 */
const UPDATED_BY_TRIGGERS = new Set(['exam_registrations']);
/** The tables this script fills, in foreign-key order. */
export const SEEDED_TABLES = [
  'users',
  'exam_registrations',
  'subscriptions',
  'study_sessions',
  'exam_results',
] as const;

type Definition = { name: string; definition: string };

/**
 * Loads one table in one transaction, with its foreign keys and (unless its triggers read them)
 * its plain indexes dropped first and created again after the rows are in:
 * - one sort per index (with the session's maintenance_work_mem) instead of millions of inserts
 *   into random pages of each index;
 * - one anti-join per foreign key when the constraint is added again (PostgreSQL validates all
 *   rows in one query) instead of a trigger running a lookup for each inserted row, which is
 *   what makes a 10-million-row insert slow.
 * The primary key and unique constraints stay (other tables' foreign keys may depend on them).
 * Triggers stay enabled: the app's statement-level triggers (migrations 0009 and 0010: running
 * totals for the dashboard, copies of the latest result and subscription) see the seed's rows as
 * they see the app's.
 * Definitions are read from the catalog, so indexes a later migration adds are handled the same
 * way. If anything fails, the transaction rolls back and the schema is as it was.
 */
export async function loadTable(
  seed: Seed,
  table: (typeof SEEDED_TABLES)[number],
  load: (seed: Seed) => Promise<number>,
): Promise<void> {
  const { session } = seed;
  const started = performance.now();
  await session.exec('begin');
  try {
    const foreignKeys = await session.rows<Definition>(`
      select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
      where conrelid = '${table}'::regclass and contype = 'f' order by conname`);
    const deferIndexes = !READ_BY_THEIR_TRIGGERS.has(table);
    if (!deferIndexes) {
      console.log(`  ${table}: its triggers read it, so its indexes stay during the load`);
    }
    if (UPDATED_BY_TRIGGERS.has(table)) {
      await session.exec(`alter table ${table} set (fillfactor = 50)`);
    }
    const indexes = await session.rows<Definition>(`
      select x.indexrelid::regclass::text as name, pg_get_indexdef(x.indexrelid) as definition
      from pg_index x
      where x.indrelid = '${table}'::regclass and ${deferIndexes}
        and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)
      order by 1`);
    for (const key of foreignKeys) {
      await session.exec(`alter table ${table} drop constraint "${key.name}"`);
    }
    for (const index of indexes) await session.exec(`drop index ${index.name}`);

    const rows = await load(seed);
    console.log(`  ${table}: ${format(rows)} rows inserted (${seconds(started)})`);

    for (const index of indexes) {
      const built = performance.now();
      await session.exec(index.definition);
      console.log(`  ${table}: index ${index.name} (${seconds(built)})`);
    }
    for (const key of foreignKeys) {
      const checked = performance.now();
      await session.exec(`alter table ${table} add constraint "${key.name}" ${key.definition}`);
      console.log(`  ${table}: foreign key ${key.name} checked (${seconds(checked)})`);
    }
    await session.exec('commit');
  } catch (error) {
    await session.exec('rollback');
    throw error;
  }
  timings.push({ step: table, seconds: (performance.now() - started) / 1000 });
  console.log(`${table}: done in ${seconds(started)}`);
}

/**
 * The tables loaded with room for the triggers' updates get their usual fill factor back and are
 * rewritten compactly (VACUUM FULL, which also rebuilds their indexes). HOT updates stayed on their
 * page, so the rows keep the time order they were inserted in, as the app leaves them.
 */
export async function compactUpdatedTables(session: Session): Promise<void> {
  for (const table of UPDATED_BY_TRIGGERS) {
    const started = performance.now();
    await session.exec(`alter table ${table} reset (fillfactor)`);
    await session.exec(`vacuum full ${table}`);
    timings.push({ step: `compact ${table}`, seconds: (performance.now() - started) / 1000 });
    console.log(`compact ${table}: vacuum full (${seconds(started)})`);
  }
}

/** Empties every table of the app (the migrations' own bookkeeping lives in another schema). */
export async function resetTables(session: Session): Promise<void> {
  const tables = await session.rows<{ name: string }>(
    `select quote_ident(tablename) as name from pg_tables where schemaname = 'public'`,
  );
  if (tables.length === 0) return;
  const started = performance.now();
  await session.exec(`truncate ${tables.map((table) => table.name).join(', ')} cascade`);
  console.log(`reset: ${tables.length} tables truncated (${seconds(started)})`);
}
