import { sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_SEARCH_ANYWHERE_FROM,
  type AdminFilters,
  type AdminRegistrationPage,
  type AdminRegistrationRow,
  type AdminSortKey,
  type AdminTableQuery,
} from '#shared/contracts/admin';
import type { Database } from '../../db/client';
import { examRegistrations, examResults, subscriptions, users } from '../../db/schema';

/**
 * The admin user table: one row per exam registration, with its student, its latest reported
 * result and its latest subscription. Filters, sorting and pagination run in PostgreSQL on the
 * indexes of migration 0008; the page's result and subscription are looked up for its rows only.
 */

/** Escapes LIKE's wildcards so a search for "50%" or "a_b" means those characters. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** Whether a filter needs the users table (the search reads names and e-mails). */
function searchesUsers(filters: AdminFilters): boolean {
  return filters.search !== undefined;
}

/** The WHERE conditions of the filters, over `r` (registrations) and `u` (users). */
function filterConditions(filters: AdminFilters): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filters.state !== undefined) conditions.push(sql`r.state = ${filters.state}`);
  if (filters.examType !== undefined) conditions.push(sql`r.exam_type = ${filters.examType}`);
  if (filters.search !== undefined) {
    const term = likeLiteral(filters.search.toLowerCase());
    conditions.push(
      filters.search.length >= ADMIN_SEARCH_ANYWHERE_FROM
        ? // Anywhere in "name email": the trigram index users_search_trgm_idx.
          sql`lower(u.name || ' ' || u.email) like ${`%${term}%`}`
        : // Too short for trigrams: the start of the name or e-mail, on their byte-order indexes.
          sql`(lower(u.name) collate "C" like ${`${term}%`}
            or lower(u.email) collate "C" like ${`${term}%`})`,
    );
  }
  return sql.join(conditions, sql` and `);
}

/** The ORDER BY columns of each sort key, ending in unique ones so pages never overlap. */
const SORT_COLUMNS: Record<AdminSortKey, SQL[]> = {
  registered: [sql`r.created_at`, sql`r.id`],
  examDate: [sql`r.exam_date`, sql`r.id`],
  state: [sql`r.state`, sql`r.id`],
  examType: [sql`r.exam_type`, sql`r.id`],
  name: [sql`lower(u.name) collate "C"`, sql`u.id`, sql`r.id`],
  email: [sql`lower(u.email) collate "C"`, sql`u.id`, sql`r.id`],
};

function orderBy(sort: AdminSortKey, order: 'asc' | 'desc'): SQL {
  const direction = sql.raw(order);
  return sql.join(
    SORT_COLUMNS[sort].map((column) => sql`${column} ${direction}`),
    sql`, `,
  );
}

type RowRecord = {
  registration_id: string;
  user_id: string;
  name: string;
  email: string;
  exam_category: string;
  exam_type: string;
  state: string;
  city: string | null;
  country: string | null;
  exam_date: string;
  payment_status: AdminRegistrationRow['paymentStatus'];
  registered_at: Date | string;
  /** created_at as PostgreSQL prints it (microseconds kept): the export's keyset cursor. */
  cursor_at: string;
  result: NonNullable<AdminRegistrationRow['result']>['result'] | null;
  result_at: Date | string | null;
  subscription_status: NonNullable<AdminRegistrationRow['subscription']>['status'] | null;
  subscription_end: Date | string | null;
  subscription_amount: number | null;
};

/**
 * Rows for a set of registrations chosen by `chosen` (ids with their order column `ord`): the
 * student, the latest result and the latest subscription are joined for those rows only.
 */
function rowsOf(chosen: SQL): SQL {
  return sql`
    with chosen as materialized (${chosen})
    select r.id as registration_id, r.user_id, u.name, u.email, r.exam_category, r.exam_type,
      r.state, r.student_info->>'city' as city, r.student_info->>'country' as country,
      r.exam_date::text as exam_date, r.payment_status, r.created_at as registered_at,
      r.created_at::text as cursor_at,
      res.result, res.created_at as result_at,
      sub.status as subscription_status, sub.current_period_end as subscription_end,
      sub.amount as subscription_amount
    from chosen
    join ${examRegistrations} r on r.id = chosen.id
    join ${users} u on u.id = r.user_id
    left join lateral (
      select e.result, e.created_at from ${examResults} e
      where e.exam_registration_id = r.id
      order by e.created_at desc limit 1
    ) res on true
    left join lateral (
      select s.status, s.current_period_end, s.amount from ${subscriptions} s
      where s.exam_registration_id = r.id
      order by s.current_period_end desc limit 1
    ) sub on true
    order by chosen.ord
  `;
}

async function rowsFor(database: Database, query: SQL): Promise<RowRecord[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: RowRecord[] };
  return result.rows;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function toRow(record: RowRecord): AdminRegistrationRow {
  return {
    registrationId: record.registration_id,
    userId: record.user_id,
    name: record.name,
    email: record.email,
    examCategory: record.exam_category,
    examType: record.exam_type,
    state: record.state,
    city: record.city ?? '',
    country: record.country ?? '',
    examDate: record.exam_date,
    paymentStatus: record.payment_status,
    registeredAt: iso(record.registered_at),
    result:
      record.result && record.result_at
        ? { result: record.result, reportedAt: iso(record.result_at) }
        : null,
    subscription:
      record.subscription_status && record.subscription_end
        ? {
            status: record.subscription_status,
            currentPeriodEnd: iso(record.subscription_end),
            amountCents: Number(record.subscription_amount ?? 0),
          }
        : null,
  };
}

/** The registrations the filters match, from `r` joined to `u` only when a filter needs it. */
function matching(filters: AdminFilters, withUsers: boolean): SQL {
  const join = withUsers ? sql`join ${users} u on u.id = r.user_id` : sql``;
  return sql`from ${examRegistrations} r ${join} where ${filterConditions(filters)}`;
}

export async function registrationPage(
  database: Database,
  query: AdminTableQuery,
): Promise<AdminRegistrationPage> {
  const { page, pageSize, sort, order } = query;
  const countResult = (await database.db.execute(
    sql`select count(*) as total ${matching(query, searchesUsers(query))}`,
  )) as unknown as { rows: { total: string | number }[] };
  const total = Number(countResult.rows[0]!.total);
  const offset = (page - 1) * pageSize;
  if (offset >= total) return { rows: [], total, page, pageSize };

  const needsUsers = searchesUsers(query) || sort === 'name' || sort === 'email';
  const chosen = sql`
    select r.id, row_number() over () as ord from (
      select r.id ${matching(query, needsUsers)}
      order by ${orderBy(sort, order)}
      limit ${pageSize} offset ${offset}
    ) r`;
  const records = await rowsFor(database, rowsOf(chosen));
  return { rows: records.map(toRow), total, page, pageSize };
}

/** How many rows the export reads per query: large enough to be fast, small enough for memory. */
export const EXPORT_BATCH_ROWS = 5_000;

/**
 * Every registration the filters match, newest first, in batches. Each batch continues after the
 * previous one's last (created_at, id), so a long export holds no transaction or cursor open and
 * each query is an index range scan however far it has come.
 */
export async function* exportBatches(
  database: Database,
  filters: AdminFilters,
  batchRows = EXPORT_BATCH_ROWS,
): AsyncGenerator<AdminRegistrationRow[]> {
  let after: { at: string; id: string } | undefined;
  for (;;) {
    const keyset = after
      ? sql`and (r.created_at, r.id) < (${after.at}::timestamptz, ${after.id}::uuid)`
      : sql``;
    const chosen = sql`
      select r.id, row_number() over () as ord from (
        select r.id ${matching(filters, searchesUsers(filters))} ${keyset}
        order by r.created_at desc, r.id desc
        limit ${batchRows}
      ) r`;
    const records = await rowsFor(database, rowsOf(chosen));
    if (records.length === 0) return;
    yield records.map(toRow);
    const last = records[records.length - 1]!;
    after = { at: last.cursor_at, id: last.registration_id };
    if (records.length < batchRows) return;
  }
}
