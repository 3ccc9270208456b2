import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client';

/**
 * Checks that the admin portal's running totals (migration 0009), its pass / fail counts (one
 * result per registration, migration 0013) and the result and subscription copied onto each
 * registration (migration 0010) agree with the rows they come from. Used by the
 * trigger tests and the scale seed's test; each returns what disagrees, so a test expects [].
 */

async function rows<Row>(database: Database, query: SQL): Promise<Row[]> {
  return ((await database.db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** Every total that differs from a count of the rows, described. */
export async function summaryMismatches(database: Database): Promise<string[]> {
  const users = await rows<{ summary: string; counted: string }>(
    database,
    sql`select (select coalesce(sum(users), 0) from admin_user_counts where role = 'user')
        as summary, (select count(*) from users where role = 'user') as counted`,
  );
  const types = await rows<{ key: string; summary: string; counted: string }>(
    database,
    sql`select coalesce(s.exam_type, c.exam_type) as key,
        coalesce(s.registrations, 0) as summary, coalesce(c.n, 0) as counted
      from admin_exam_type_counts s
      full join (select exam_type, count(*) as n from exam_registrations group by 1) c
        on c.exam_type = s.exam_type`,
  );
  const days = await rows<{ key: string; summary: string; counted: string }>(
    database,
    sql`select coalesce(s.day, c.day)::text as key,
        coalesce(s.amount_cents, 0) || ' cents in ' || coalesce(s.payments, 0) as summary,
        coalesce(c.cents, 0) || ' cents in ' || coalesce(c.n, 0) as counted
      from admin_revenue_days s
      full join (
        select (created_at at time zone 'UTC')::date as day, sum(amount) as cents, count(*) as n
        from subscriptions group by 1
      ) c on c.day = s.day`,
  );
  // The pass / fail card counts results; with one result per registration (migration 0013) that
  // is the registrations whose copied result says so.
  const results = await rows<{ key: string; summary: string; counted: string }>(
    database,
    sql`select coalesce(s.result, c.result) as key,
        coalesce(s.n, 0) as summary, coalesce(c.n, 0) as counted
      from (select result, count(*) as n from exam_results group by 1) s
      full join (
        select latest_result as result, count(*) as n from exam_registrations
        where latest_result is not null group by 1
      ) c on c.result = s.result`,
  );
  const differing = (kind: string, list: { key?: string; summary: string; counted: string }[]) =>
    list
      .filter((row) => String(row.summary) !== String(row.counted))
      .map((row) => `${kind} ${row.key ?? ''}: total ${row.summary}, rows ${row.counted}`);
  return [
    ...differing('users', users),
    ...differing('exam type', types),
    ...differing('revenue day', days),
    ...differing('result', results),
  ];
}

/** Registrations whose copied result or subscription differs from the rows they come from. */
export async function staleRegistrationCopies(database: Database): Promise<string[]> {
  const stale = await rows<{ id: string }>(
    database,
    sql`select r.id from exam_registrations r
      left join lateral (
        select result, created_at from exam_results e where e.exam_registration_id = r.id
        order by created_at desc, id desc limit 1
      ) res on true
      left join lateral (
        select status, current_period_end, amount from subscriptions s
        where s.exam_registration_id = r.id
        order by current_period_end desc, created_at desc, id desc limit 1
      ) sub on true
      where r.latest_result is distinct from res.result
        or r.latest_result_at is distinct from res.created_at
        or r.subscription_status is distinct from sub.status
        or r.subscription_period_end is distinct from sub.current_period_end
        or r.subscription_amount is distinct from sub.amount`,
  );
  return stale.map((row) => row.id);
}
