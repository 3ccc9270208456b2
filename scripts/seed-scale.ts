// Fills a database with synthetic StarPrep data at scale, for the admin dashboard's benchmarks:
// users with exam registrations and subscriptions, study sessions and exam results, across every
// exam category and type, every US state and every month of the last two years.
//
// Usage: npm run seed:scale -- [--database-url postgres://…] [--pglite <folder>]
//          [--users 1000000] [--sessions 10000000] [--results 300000] [--reset] [--migrate-only]
// Target: --database-url, else SEED_DATABASE_URL, else postgres://root@127.0.0.1:5432/starprep_scale
// (created when missing), or --pglite <folder> for the embedded database (the server's own is
// DATA_DIR/db, e.g. --pglite data/db, with the server stopped). The project's migrations are
// applied first; --migrate-only stops there. A database that already has users is refused unless
// --reset empties every app table first.
//
// The full scale takes about 2.5 minutes on a 2-core machine with PostgreSQL 15 (the per-step
// times are printed at the end).
//
// Every row is made by set-based SQL (insert … select … from generate_series), a handful of
// statements per table, never one insert per row. Values come from a hash of the row's number,
// not from random(): the same options give the same data, and two statements can recompute the
// same "random" value of a row independently.
//
// The parts live in scripts/seed-scale/: options, connection, SQL values, the synthetic data, one
// file per table, and the load around them; this file runs them in order and prints the times.
import { performance } from 'node:perf_hooks';
import { openPgliteSession, openPostgresSession, tuneSession } from './seed-scale/connection';
import { fail, SeedError } from './seed-scale/errors';
import { compactUpdatedTables, loadTable, resetTables, SEEDED_TABLES } from './seed-scale/load';
import { readOptions } from './seed-scale/options';
import { format, seconds, timings } from './seed-scale/progress';
import type { Seed } from './seed-scale/seed';
import { seedExamResults } from './seed-scale/tables/exam-results';
import { seedRegistrations } from './seed-scale/tables/exam-registrations';
import { seedStudySessions } from './seed-scale/tables/study-sessions';
import { seedSubscriptions } from './seed-scale/tables/subscriptions';
import { seedUsers } from './seed-scale/tables/users';

async function main(): Promise<void> {
  const options = readOptions();
  const totalStarted = performance.now();
  const target = options.pglite ? `PGlite at ${options.pglite}` : options.url;
  console.log(`seed-scale: ${target}`);
  const session = options.pglite
    ? await openPgliteSession(options.pglite)
    : await openPostgresSession(options.url);
  try {
    if (options.migrateOnly) return;
    const [existing] = await session.rows<{ found: boolean }>(
      'select exists (select 1 from users) as found',
    );
    if (existing?.found) {
      if (!options.reset) {
        fail('the database already has users: pass --reset to empty the app tables first');
      }
      await resetTables(session);
    }
    await tuneSession(session, Boolean(options.pglite));
    const seed: Seed = { ...options, session, now: new Date().toISOString() };
    console.log(
      `seeding ${format(options.users)} users, ${format(options.sessions)} study sessions, ` +
        `${format(options.results)} exam results`,
    );
    await loadTable(seed, 'users', seedUsers);
    await loadTable(seed, 'exam_registrations', seedRegistrations);
    await loadTable(seed, 'subscriptions', seedSubscriptions);
    await loadTable(seed, 'study_sessions', seedStudySessions);
    await loadTable(seed, 'exam_results', seedExamResults);

    await compactUpdatedTables(session);

    // Fresh statistics for the planner, and the visibility map that index-only scans need.
    const vacuumed = performance.now();
    for (const table of SEEDED_TABLES) {
      const started = performance.now();
      await session.exec(`vacuum (analyze) ${table}`);
      console.log(`  vacuum analyze ${table} (${seconds(started)})`);
    }
    timings.push({ step: 'vacuum analyze', seconds: (performance.now() - vacuumed) / 1000 });

    console.log(`\n${'step'.padEnd(28)}  seconds`);
    for (const timing of timings) {
      console.log(`${timing.step.padEnd(28)} ${timing.seconds.toFixed(1).padStart(8)}`);
    }
    const total = (performance.now() - totalStarted) / 1000;
    console.log(`${'total'.padEnd(28)} ${total.toFixed(1).padStart(8)}`);
  } finally {
    await session.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof SeedError ? `seed-scale: ${error.message}` : error);
  process.exitCode = 1;
});
