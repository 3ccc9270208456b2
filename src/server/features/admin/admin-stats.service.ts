import { sql, type SQL } from 'drizzle-orm';
import type {
  AdminCards,
  ResultCounts,
  RevenueBreakdown,
  TopExamTypes,
} from '#shared/contracts/admin';
import type { Database } from '../../db/client';
import {
  adminExamTypeCounts,
  adminRevenueDays,
  adminUserCounts,
  examResults,
  subscriptions,
} from '../../db/schema';

/**
 * The admin dashboard's figures (spec sections 2 and 9), computed in SQL: from the running totals
 * the triggers of migration 0009 keep (users, exam types, revenue per day), else one aggregate
 * over an index that fits it, so no rows leave the database. Money is in cents; a
 * payment counts at the time its year of access was bought (subscriptions.created_at).
 */

/** Both drivers answer execute() with { rows }; int8 arrives as a string from pg. */
async function firstRow<Row>(database: Database, query: SQL): Promise<Row> {
  const result = (await database.db.execute(query)) as unknown as { rows: Row[] };
  return result.rows[0]!;
}

/** `months` calendar months before now: the start of a revenue window (included). */
function windowStart(now: Date, months: number): SQL {
  return sql`(${now.toISOString()}::timestamptz - make_interval(months => ${months}))`;
}

/**
 * Payments since `start`: whole UTC days after start's day from the daily totals, plus the
 * payments of start's own day from start on, read from the (created_at, amount) index. Exact to
 * the microsecond, and at most one day of rows is read.
 */
function revenueSince(start: SQL): SQL {
  const startDay = sql`((${start}) at time zone 'UTC')::date`;
  return sql`(
    (select coalesce(sum(amount_cents), 0) from ${adminRevenueDays} where day > ${startDay})
    + (
      select coalesce(sum(amount), 0) from ${subscriptions}
      where created_at >= ${start}
        and created_at < ((${startDay} + 1)::timestamp at time zone 'UTC')
    )
  )`;
}

const totalRevenue = sql`(select coalesce(sum(amount_cents), 0) from ${adminRevenueDays})`;

export async function adminCards(database: Database, now = new Date()): Promise<AdminCards> {
  const row = await firstRow<Record<keyof AdminCards, string | number>>(
    database,
    sql`
      select
        (select coalesce(sum(users), 0) from ${adminUserCounts} where role = 'user')
          as "totalUsers",
        (
          select count(*) from ${subscriptions}
          where status = 'active' and current_period_end > ${now.toISOString()}::timestamptz
        ) as "activeSubscriptions",
        ${revenueSince(windowStart(now, 1))} as "monthlyRevenueCents",
        ${totalRevenue} as "totalRevenueCents"
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
  const row = await firstRow<Record<keyof RevenueBreakdown, string | number>>(
    database,
    sql`
      select
        ${revenueSince(windowStart(now, 1))} as "monthlyCents",
        ${revenueSince(windowStart(now, 3))} as "quarterlyCents",
        ${revenueSince(windowStart(now, 12))} as "annualCents",
        ${totalRevenue} as "totalCents"
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
    select exam_type as "examType", registrations from ${adminExamTypeCounts}
    where registrations > 0
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
