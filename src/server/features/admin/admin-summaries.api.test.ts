import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_COUNT_CAP } from '#shared/contracts/admin';
import {
  staleRegistrationCopies,
  summaryMismatches,
} from '../../../../tests/support/admin-consistency';
import { createTestDatabase } from '../../../../tests/support/test-database';
import type { Database } from '../../db/client';
import { registrationPage } from './admin-registrations.service';
import { resultCounts } from './admin-stats.service';

/**
 * The running totals of migration 0009 against a full count, after every kind of write, and the
 * search count that stops at ADMIN_COUNT_CAP.
 */
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function rows<Row>(query: ReturnType<typeof sql>) {
  return ((await database.db.execute(query)) as unknown as { rows: Row[] }).rows;
}

async function expectSummariesMatchCounts() {
  expect(await summaryMismatches(database)).toEqual([]);
}

/** Inserts `count` students with one registration and one payment each, set-based. */
async function seed(count: number, prefix: string, examType = 'Bar Exam') {
  await database.db.execute(sql`
    insert into users (id, name, email, email_verified)
    select ${prefix} || n, 'Test ' || n, ${prefix} || n || '@example.com', true
    from generate_series(1, ${count}) n`);
  await database.db.execute(sql`
    insert into exam_registrations (user_id, exam_category, exam_type, state, exam_date,
      student_info, payment_status, created_at)
    select ${prefix} || n, 'legal', ${examType}, 'Ohio', '2027-01-01',
      jsonb_build_object('firstName', 'Pat', 'lastName', 'Common' || n,
        'email', ${prefix} || n || '@example.com'),
      'completed', now() - n * interval '1 hour'
    from generate_series(1, ${count}) n`);
  await database.db.execute(sql`
    insert into subscriptions (user_id, exam_registration_id, status, current_period_end, amount,
      created_at)
    select r.user_id, r.id, 'active', r.created_at + interval '1 year', 15000, r.created_at
    from exam_registrations r where r.user_id like ${`${prefix}%`}`);
}

describe('the running totals', () => {
  it('follow inserts, updates, deletes and truncation', async () => {
    await seed(40, 'sum-');
    await expectSummariesMatchCounts();

    // Updates that change nothing counted, and ones that move a row between totals.
    await database.db.execute(sql`update exam_registrations set payment_status = 'failed'
      where user_id = 'sum-1'`);
    await database.db.execute(sql`update exam_registrations set exam_type = 'USMLE'
      where user_id in ('sum-2', 'sum-3')`);
    await database.db.execute(sql`update subscriptions set amount = 16500,
      created_at = created_at - interval '3 days' where user_id in ('sum-4', 'sum-5')`);
    await database.db.execute(sql`update users set role = 'admin' where id = 'sum-6'`);
    await expectSummariesMatchCounts();

    // Deleting a student cascades to their registration and payment.
    await database.db.execute(sql`delete from users where id in ('sum-7', 'sum-8')`);
    await database.db.execute(sql`delete from subscriptions where user_id = 'sum-9'`);
    await expectSummariesMatchCounts();

    await database.db.execute(sql`truncate users cascade`);
    await expectSummariesMatchCounts();
    const [left] = await rows<{ registrations: string; days: string }>(sql`
      select (select coalesce(sum(registrations), 0) from admin_exam_type_counts) as registrations,
        (select count(*) from admin_revenue_days) as days`);
    expect([Number(left!.registrations), Number(left!.days)]).toEqual([0, 0]);
  });
});

describe('the result and subscription copied onto each registration', () => {
  it('follow inserts, updates, deletes and truncation', async () => {
    await seed(12, 'copy-');
    expect(await staleRegistrationCopies(database)).toEqual([]);
    const registrationOf = sql`(select id from exam_registrations where user_id = 'copy-1')`;
    await database.db.execute(sql`insert into exam_results (user_id, exam_registration_id, result,
      created_at) values ('copy-1', ${registrationOf}, 'fail', now() - interval '2 days')`);
    const [copied] = await rows<{ latest_result: string }>(
      sql`select latest_result from exam_registrations where user_id = 'copy-1'`,
    );
    expect(copied!.latest_result).toBe('fail');
    await database.db.execute(sql`delete from exam_results where user_id = 'copy-1'`);
    await database.db.execute(sql`update subscriptions set status = 'canceled'
      where user_id in ('copy-2', 'copy-3')`);
    // A renewal: a second, later year for the same registration becomes the one shown.
    await database.db.execute(sql`insert into subscriptions (user_id, exam_registration_id, status,
      current_period_end, amount)
      select user_id, exam_registration_id, 'active', current_period_end + interval '1 year', 17000
      from subscriptions where user_id = 'copy-4'`);
    await database.db.execute(sql`delete from subscriptions where user_id = 'copy-5'`);
    expect(await staleRegistrationCopies(database)).toEqual([]);
    expect(await summaryMismatches(database)).toEqual([]);
    await database.db.execute(sql`truncate exam_results, subscriptions`);
    expect(await staleRegistrationCopies(database)).toEqual([]);
  });

  it('follow a result replaced by a second submission, and refuse a second row', async () => {
    await seed(6, 'again-');
    const submit = (user: string, result: string) =>
      database.db.execute(sql`insert into exam_results (user_id, exam_registration_id, result)
        select user_id, id, ${result} from exam_registrations where user_id = ${user}
        on conflict (exam_registration_id) do update
        set result = excluded.result, created_at = excluded.created_at`);
    await submit('again-1', 'fail');
    await submit('again-2', 'pass');
    await submit('again-3', 'pass');
    await submit('again-1', 'pass');
    await submit('again-2', 'fail');
    // A correction made by hand (psql) moves the counts and the copy too.
    await database.db.execute(
      sql`update exam_results set result = 'fail' where user_id = 'again-3'`,
    );
    expect(await staleRegistrationCopies(database)).toEqual([]);
    expect(await summaryMismatches(database)).toEqual([]);
    expect(await resultCounts(database)).toEqual({ pass: 1, fail: 2 });
    const [copied] = await rows<{ latest_result: string }>(
      sql`select latest_result from exam_registrations where user_id = 'again-1'`,
    );
    expect(copied!.latest_result).toBe('pass');

    const second = database.db.execute(sql`insert into exam_results (user_id,
      exam_registration_id, result) select user_id, id, 'fail' from exam_registrations
      where user_id = 'again-1'`);
    await expect(second).rejects.toMatchObject({
      cause: { constraint: 'exam_results_registration_key' },
    });
    await database.db.execute(sql`truncate exam_results`);
  });
});

describe('the search count', () => {
  it(`stops at ${ADMIN_COUNT_CAP} and says so; a narrower search is exact`, async () => {
    await seed(ADMIN_COUNT_CAP + 5, 'cap-', 'NCLEX');
    const query = { sort: 'registered', order: 'desc', page: 1, pageSize: 25 } as const;
    const broad = await registrationPage(database, { ...query, search: 'common' });
    expect(broad).toMatchObject({ total: ADMIN_COUNT_CAP, totalCapped: true });
    expect(broad.rows).toHaveLength(25);
    const narrow = await registrationPage(database, { ...query, search: 'common1000' });
    // common1000 and common10000..common10005.
    expect(narrow).toMatchObject({ total: 7, totalCapped: false });
    const unfiltered = await registrationPage(database, { ...query, examType: 'NCLEX' });
    expect(unfiltered).toMatchObject({ total: ADMIN_COUNT_CAP + 5, totalCapped: false });
  });
});
