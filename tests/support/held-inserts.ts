import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client';

const WAIT_FOR_WAITERS_MS = 10_000;

/**
 * Runs `requests` with inserts into `table` held back until `waiters` sessions are blocked, then
 * lets them all go at once. On PostgreSQL this makes concurrent requests meet exactly where a
 * check-then-insert race lives (each has looked, none has written), instead of depending on how
 * the event loop happened to spread them. Reads are not blocked (SHARE ROW EXCLUSIVE only stops
 * writers). PGlite has one connection and runs its transactions one at a time, so there the
 * requests simply run together.
 */
export async function withInsertsHeld<T>(
  database: Database,
  table: string,
  waiters: number,
  requests: () => Promise<T>,
): Promise<T> {
  if (database.driver !== 'postgres') return requests();

  let locked!: () => void;
  let release!: () => void;
  const lockTaken = new Promise<void>((resolve) => (locked = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const holder = database.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`lock table "${table}" in share row exclusive mode`));
    locked();
    await released;
  });
  await lockTaken;
  const answers = requests();
  const deadline = Date.now() + WAIT_FOR_WAITERS_MS;
  while ((await blockedSessions(database)) < waiters && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  release();
  await holder;
  return answers;
}

async function blockedSessions(database: Database): Promise<number> {
  const result = (await database.db.execute(sql`
    select count(distinct l.pid) as n from pg_locks l
    join pg_stat_activity a on a.pid = l.pid
    where not l.granted and a.datname = current_database()`)) as unknown as {
    rows: { n: string | number }[];
  };
  return Number(result.rows[0]!.n);
}
