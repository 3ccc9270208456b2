import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wrapPglite, type Database } from '../../src/server/db/client';
import { PGLITE_EXTENSIONS } from '../../src/server/db/pglite-extensions';
import { EXAM_CATEGORIES } from '../../src/shared/catalog';
import { staleRegistrationCopies, summaryMismatches } from '../../tests/support/admin-consistency';

/**
 * `npm run seed:scale` at a small scale on an embedded database of its own, run as an operator
 * runs it, then the data checked for what the admin benchmarks rely on.
 */
const USERS = 300;
const SESSIONS = 3000;
const RESULTS = 90;

let dataDir: string | undefined;
let database: Database | undefined;
let seeded: { status: number | null; output: string };
let again: { status: number | null; output: string };

function seedScale(folder: string, args: string[]) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/seed-scale.ts', '--pglite', folder, ...args],
    { encoding: 'utf8', timeout: 180_000 },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

// Made here, not at import: `vitest list` imports the file without running afterAll.
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'starprep-seed-scale-'));
  const folder = join(dataDir, 'db');
  const scale = ['--users', USERS, '--sessions', SESSIONS, '--results', RESULTS];
  seeded = seedScale(folder, scale.map(String));
  // The second run, before this process opens the folder: one process at a time on PGlite.
  again = seedScale(folder, ['--users', String(USERS)]);
  database = wrapPglite(new PGlite(folder, { extensions: PGLITE_EXTENSIONS }));
}, 400_000);

afterAll(async () => {
  await database?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function rows<Row>(query: ReturnType<typeof sql>) {
  return ((await database!.db.execute(query)) as unknown as { rows: Row[] }).rows;
}

async function count(query: ReturnType<typeof sql>) {
  const [row] = await rows<{ n: string | number }>(query);
  return Number(row!.n);
}

describe('seed:scale on PGlite', () => {
  it('seeds the rows asked for', async () => {
    expect(seeded.status, seeded.output).toBe(0);
    expect(await count(sql`select count(*) as n from users`)).toBe(USERS);
    expect(await count(sql`select count(*) as n from exam_registrations`)).toBeGreaterThanOrEqual(
      USERS,
    );
    expect(await count(sql`select count(*) as n from study_sessions`)).toBe(SESSIONS);
    expect(await count(sql`select count(*) as n from exam_results`)).toBe(RESULTS);
    expect(await count(sql`select count(*) as n from subscriptions`)).toBeGreaterThan(0);
  });

  it('covers every exam category, many states, and the months of the last two years', async () => {
    const categories = await rows<{ exam_category: string }>(
      sql`select distinct exam_category from exam_registrations order by 1`,
    );
    expect(categories.map((row) => row.exam_category)).toEqual(
      EXAM_CATEGORIES.map((category) => category.id).sort(),
    );
    expect(
      await count(sql`select count(distinct state) as n from exam_registrations
        where state <> ''`),
    ).toBeGreaterThan(10);
    const [spread] = await rows<{ months: number; too_old: number; future: number }>(sql`
      select count(distinct date_trunc('month', created_at at time zone 'UTC'))::int as months,
        count(*) filter (where created_at < now() - interval '731 days')::int as too_old,
        count(*) filter (where created_at > now())::int as future
      from exam_registrations`);
    expect(spread).toMatchObject({ too_old: 0, future: 0 });
    expect(spread!.months).toBeGreaterThanOrEqual(20);
  });

  it('leaves the admin summary tables equal to counts of the rows', async () => {
    expect(await summaryMismatches(database!)).toEqual([]);
    // Not vacuous: there are totals to compare.
    expect(await count(sql`select count(*) as n from admin_exam_type_counts`)).toBeGreaterThan(1);
    expect(await count(sql`select count(*) as n from admin_revenue_days`)).toBeGreaterThan(1);
    expect(await count(sql`select users as n from admin_user_counts where role = 'user'`)).toBe(
      USERS,
    );
  });

  it('copies the latest result and subscription onto each registration', async () => {
    expect(await staleRegistrationCopies(database!)).toEqual([]);
    // Not vacuous: copies were made.
    expect(
      await count(sql`select count(*) as n from exam_registrations
        where latest_result is not null`),
    ).toBeGreaterThan(0);
    expect(
      await count(sql`select count(*) as n from exam_registrations
        where subscription_status is not null`),
    ).toBeGreaterThan(0);
  });

  it('refuses a database that already has users unless --reset is given', async () => {
    expect(again.status).toBe(1);
    expect(again.output).toContain(
      'seed-scale: the database already has users: pass --reset to empty the app tables first',
    );
    // Nothing was added or removed by the refused run.
    expect(await count(sql`select count(*) as n from users`)).toBe(USERS);
  });
});
