import { sql, type SQL } from 'drizzle-orm';
import type {
  AdminCards,
  ResultCounts,
  RevenueBreakdown,
  TopExamTypes,
} from '#shared/contracts/admin';
import type { Database } from '../../db/client';
import { examRegistrations, examResults, subscriptions, users } from '../../db/schema';

/**
 * The admin dashboard's figures (spec sections 2 and 9), each one SQL aggregate over an index that
 * fits it (schema files, migration 0008), so no rows leave the database. Money is in cents; a
 * payment counts at the time its year of access was bought (subscriptions.created_at).
 */

/** Both drivers answer execute() with { rows }; int8 arrives as a string from pg. */
async function firstRow<Row>(database: Database, query: SQL): Promise<Row> {
  const result = (await database.db.execute(query)) as unknown as { rows: Row[] };
  return result.rows[0]!;
}

/** A window of `months` calendar months ending now, start included. */
function windowStart(now: Date, months: number): SQL {
  return sql`(${now.toISOString()}::timestamptz - make_interval(months => ${months}))`;
}

export async function adminCards(database: Database, now = new Date()): Promise<AdminCards> {
  const row = await firstRow<Record<keyof AdminCards, string | number>>(
    database,
    sql`
      select
        (select count(*) from ${users} where role = 'user') as "totalUsers",
        (
          select count(*) from ${subscriptions}
          where status = 'active' and current_period_end > ${now.toISOString()}::timestamptz
        ) as "activeSubscriptions",
        (
          select coalesce(sum(amount), 0) from ${subscriptions}
          where created_at >= ${windowStart(now, 1)}
        ) as "monthlyRevenueCents",
        (select coalesce(sum(amount), 0) from ${subscriptions}) as "totalRevenueCents"
    `,
  );
  return {
    totalUsers: Number(row.totalUsers),
    activeSubscriptions: Number(row.activeSubscriptions),
    monthlyRevenueCents: Number(row.monthlyRevenueCents),
    totalRevenueCents: Number(row.totalRevenueCents),
  };
}

export async function revenueBreakdown(
  database: Database,
  now = new Date(),
): Promise<RevenueBreakdown> {
  // One pass over the (created_at, amount) index: the three windows are filters of one scan.
  const row = await firstRow<Record<keyof RevenueBreakdown, string | number>>(
    database,
    sql`
      select
        coalesce(sum(amount) filter (where created_at >= ${windowStart(now, 1)}), 0)
          as "monthlyCents",
        coalesce(sum(amount) filter (where created_at >= ${windowStart(now, 3)}), 0)
          as "quarterlyCents",
        coalesce(sum(amount) filter (where created_at >= ${windowStart(now, 12)}), 0)
          as "annualCents",
        coalesce(sum(amount), 0) as "totalCents"
      from ${subscriptions}
    `,
  );
  return {
    monthlyCents: Number(row.monthlyCents),
    quarterlyCents: Number(row.quarterlyCents),
    annualCents: Number(row.annualCents),
    totalCents: Number(row.totalCents),
  };
}

export async function resultCounts(database: Database): Promise<ResultCounts> {
  const row = await firstRow<Record<keyof ResultCounts, string | number>>(
    database,
    sql`
      select
        (select count(*) from ${examResults} where result = 'pass') as pass,
        (select count(*) from ${examResults} where result = 'fail') as fail
    `,
  );
  return { pass: Number(row.pass), fail: Number(row.fail) };
}

const TOP_EXAM_TYPES = 5;

export async function topExamTypes(database: Database): Promise<TopExamTypes> {
  const result = (await database.db.execute(sql`
    select exam_type as "examType", count(*) as registrations
    from ${examRegistrations}
    group by exam_type
    order by registrations desc, exam_type
    limit ${TOP_EXAM_TYPES}
  `)) as unknown as { rows: { examType: string; registrations: string | number }[] };
  return {
    examTypes: result.rows.map((row) => ({
      examType: row.examType,
      registrations: Number(row.registrations),
    })),
  };
}
