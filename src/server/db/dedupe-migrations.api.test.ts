import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  staleRegistrationCopies,
  summaryMismatches,
} from '../../../tests/support/admin-consistency';
import { replayMigration } from '../../../tests/support/migration-replay';
import { createTestDatabase } from '../../../tests/support/test-database';
import type { Database } from './client';

/**
 * Migrations 0012 and 0013 add a constraint that rows written before them may break: two open test
 * checkouts of one registration, several results of one registration. Each is undone here, such
 * rows are written, and the committed migration is replayed: it repairs them and the admin
 * figures still agree with the rows.
 */
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`
    insert into users (id, name, email, email_verified)
    select 'mig-' || n, 'Test ' || n, 'mig-' || n || '@example.com', true
    from generate_series(1, 3) n`);
  await database.db.execute(sql`
    insert into exam_registrations (user_id, exam_category, exam_type, state, exam_date,
      student_info, payment_status)
    select 'mig-' || n, 'legal', 'Bar Exam', 'Ohio', '2027-01-01',
      jsonb_build_object('firstName', 'Pat', 'lastName', 'Test', 'email', 'mig-' || n || '@example.com'),
      'pending'
    from generate_series(1, 3) n`);
});
afterAll(() => database.close());

async function rows<Row>(query: ReturnType<typeof sql>) {
  return ((await database.db.execute(query)) as unknown as { rows: Row[] }).rows;
}

const registrationOf = (user: string) =>
  sql`(select id from exam_registrations where user_id = ${user})`;

describe('0012: one open test checkout per registration', () => {
  it('keeps the session the registration points at open (else the newest), closes the others', async () => {
    await database.db.execute(sql`drop index test_checkout_sessions_one_open_key`);
    await database.db.execute(sql`
      insert into test_checkout_sessions (id, user_id, exam_registration_id, amount, created_at)
      values ('cs_a1', 'mig-1', ${registrationOf('mig-1')}, 15000, now() - interval '3 minutes'),
        ('cs_a2', 'mig-1', ${registrationOf('mig-1')}, 15000, now() - interval '2 minutes'),
        ('cs_a3', 'mig-1', ${registrationOf('mig-1')}, 15000, now() - interval '1 minute'),
        ('cs_b1', 'mig-2', ${registrationOf('mig-2')}, 15000, now() - interval '2 minutes'),
        ('cs_b2', 'mig-2', ${registrationOf('mig-2')}, 15000, now() - interval '1 minute'),
        ('cs_c1', 'mig-3', ${registrationOf('mig-3')}, 15000, now())`);
    await database.db.execute(sql`update exam_registrations set open_checkout_session_id = 'cs_a2'
      where user_id = 'mig-1'`);

    await replayMigration(database, '0012_test_checkout_one_open');

    const open = await rows<{ id: string }>(
      sql`select id from test_checkout_sessions where status = 'open' order by id`,
    );
    expect(open.map((row) => row.id)).toEqual(['cs_a2', 'cs_b2', 'cs_c1']);
    const another = database.db.execute(sql`insert into test_checkout_sessions
      (id, user_id, exam_registration_id, amount) values
      ('cs_c2', 'mig-3', ${registrationOf('mig-3')}, 15000)`);
    await expect(another).rejects.toMatchObject({
      cause: { constraint: 'test_checkout_sessions_one_open_key' },
    });
  });
});

describe('0013: one result per registration', () => {
  it('keeps the latest result of each registration; the copies and counts stay right', async () => {
    await database.db.execute(sql`alter table exam_results
      drop constraint exam_results_registration_key`);
    await database.db.execute(sql`create index exam_results_registration_created_idx
      on exam_results (exam_registration_id, created_at desc)`);
    // mig-1: pass, then fail. mig-2: two at the same instant (the larger id is the latest, as
    // the copy orders them). mig-3: one result.
    await database.db.execute(sql`
      insert into exam_results (id, user_id, exam_registration_id, result, created_at) values
      ('00000000-0000-4000-8000-000000000001', 'mig-1', ${registrationOf('mig-1')}, 'pass',
        '2026-01-01T10:00:00Z'),
      ('00000000-0000-4000-8000-000000000002', 'mig-1', ${registrationOf('mig-1')}, 'fail',
        '2026-01-02T10:00:00Z'),
      ('00000000-0000-4000-8000-000000000003', 'mig-2', ${registrationOf('mig-2')}, 'pass',
        '2026-01-03T10:00:00Z'),
      ('00000000-0000-4000-8000-000000000004', 'mig-2', ${registrationOf('mig-2')}, 'fail',
        '2026-01-03T10:00:00Z'),
      ('00000000-0000-4000-8000-000000000005', 'mig-3', ${registrationOf('mig-3')}, 'pass',
        '2026-01-04T10:00:00Z')`);
    const copiesBefore = await rows<{ user_id: string; latest_result: string }>(
      sql`select user_id, latest_result from exam_registrations order by user_id`,
    );
    expect(await summaryMismatches(database)).not.toEqual([]);

    await replayMigration(database, '0013_one_result_per_registration');

    const kept = await rows<{ id: string }>(sql`select id from exam_results order by id`);
    expect(kept.map((row) => row.id.slice(-1))).toEqual(['2', '4', '5']);
    expect(
      await rows(sql`select user_id, latest_result from exam_registrations order by user_id`),
    ).toEqual(copiesBefore);
    expect(await staleRegistrationCopies(database)).toEqual([]);
    expect(await summaryMismatches(database)).toEqual([]);
    const indexes = await rows<{ indexname: string }>(
      sql`select indexname from pg_indexes where tablename = 'exam_results' order by 1`,
    );
    expect(indexes.map((row) => row.indexname)).not.toContain(
      'exam_results_registration_created_idx',
    );
  });
});
