import { sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_COUNT_CAP,
  ADMIN_SEARCH_ANYWHERE_FROM,
  type AdminFilters,
  type AdminRegistrationPage,
  type AdminRegistrationRow,
  type AdminSortKey,
  type AdminTableQuery,
} from '#shared/contracts/admin';
import type { Database } from '../../db/client';
import { adminExamTypeCounts, examRegistrations, studentEmail, studentName } from '../../db/schema';

/**
 * The admin user table: one row per exam registration, with the name and e-mail the student
 * registered with (student_info), its latest reported result and its latest subscription.
 * Filters, sorting and pagination run in PostgreSQL on the indexes of migrations 0008 and 0009;
 * the result and subscription are the copies migration 0010's triggers keep on the registration.
 */

/** Escapes LIKE's wildcards so a search for "50%" or "a_b" means those characters. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** The name and e-mail of registration `r`, as its indexes hold them (schema/registrations.ts). */
const NAME = studentName(sql`r.student_info`);
const EMAIL = studentEmail(sql`r.student_info`);

/** The WHERE conditions of the filters, over registrations `r`. */
function filterConditions(filters: AdminFilters): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filters.state !== undefined) conditions.push(sql`r.state = ${filters.state}`);
  if (filters.examType !== undefined) conditions.push(sql`r.exam_type = ${filters.examType}`);
  if (filters.search !== undefined) {
    const term = likeLiteral(filters.search.toLowerCase());
    conditions.push(
      filters.search.length >= ADMIN_SEARCH_ANYWHERE_FROM
        ? // Anywhere in "name e-mail": the trigram index exam_registrations_admin_search_idx.
          sql`(${NAME} || ' ' || ${EMAIL}) like ${`%${term}%`}`
        : // Too short for trigrams: the start of the name or e-mail, on their byte-order indexes.
          sql`(${NAME} collate "C" like ${`${term}%`} or ${EMAIL} collate "C" like ${`${term}%`})`,
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
  name: [sql`${NAME} collate "C"`, sql`r.id`],
  email: [sql`${EMAIL} collate "C"`, sql`r.id`],
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
  registered_at: string;
  /** created_at as PostgreSQL prints it (microseconds kept): the export's keyset cursor. */
  cursor_at: string;
  result: NonNullable<AdminRegistrationRow['result']>['result'] | null;
  result_at: string | null;
  subscription_status: NonNullable<AdminRegistrationRow['subscription']>['status'] | null;
  subscription_end: string | null;
  subscription_amount: number | null;
};

/** A timestamp as the API sends it (ISO 8601 in UTC), formatted by PostgreSQL: cheaper than Dates. */
function isoUtc(column: SQL): SQL {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** The columns of a table row; the result and subscription are copies kept on the registration. */
const ROW_COLUMNS = sql`
  r.id as registration_id, r.user_id,
  concat_ws(' ', r.student_info->>'firstName', r.student_info->>'lastName') as name,
  r.student_info->>'email' as email, r.exam_category, r.exam_type,
  r.state, r.student_info->>'city' as city, r.student_info->>'country' as country,
  r.exam_date::text as exam_date, r.payment_status, ${isoUtc(sql`r.created_at`)} as registered_at,
  r.created_at::text as cursor_at,
  r.latest_result as result, ${isoUtc(sql`r.latest_result_at`)} as result_at,
  r.subscription_status, ${isoUtc(sql`r.subscription_period_end`)} as subscription_end,
  r.subscription_amount`;

async function rowsFor(database: Database, query: SQL): Promise<RowRecord[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: RowRecord[] };
  return result.rows;
}

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
    registeredAt: record.registered_at,
    result:
      record.result && record.result_at
        ? { result: record.result, reportedAt: record.result_at }
        : null,
    subscription:
      record.subscription_status && record.subscription_end
        ? {
            status: record.subscription_status,
            currentPeriodEnd: record.subscription_end,
            amountCents: Number(record.subscription_amount ?? 0),
          }
        : null,
  };
}

/** The registrations the filters match. */
function matching(filters: AdminFilters): SQL {
  return sql`from ${examRegistrations} r where ${filterConditions(filters)}`;
}

/**
 * How many registrations match. Without a search it is exact: the running totals per exam type
 * when at most the exam type is chosen, else a count over the state index. A search can match a
 * tenth of a million rows; counting them all would cost more than the page itself, so it counts
 * up to ADMIN_COUNT_CAP and says "at least".
 */
async function countMatching(database: Database, filters: AdminFilters) {
  const query =
    filters.search !== undefined
      ? sql`select count(*) as total from (
          select 1 ${matching(filters)} limit ${ADMIN_COUNT_CAP + 1}
        ) capped`
      : filters.state === undefined
        ? sql`select coalesce(sum(registrations), 0) as total from ${adminExamTypeCounts}
            ${filters.examType !== undefined ? sql`where exam_type = ${filters.examType}` : sql``}`
        : sql`select count(*) as total ${matching(filters)}`;
  const result = (await database.db.execute(query)) as unknown as {
    rows: { total: string | number }[];
  };
  const total = Number(result.rows[0]!.total);
  return filters.search !== undefined && total > ADMIN_COUNT_CAP
    ? { total: ADMIN_COUNT_CAP, totalCapped: true }
    : { total, totalCapped: false };
}

export async function registrationPage(
  database: Database,
  query: AdminTableQuery,
): Promise<AdminRegistrationPage> {
  const { page, pageSize, sort, order } = query;
  const { total, totalCapped } = await countMatching(database, query);
  const offset = (page - 1) * pageSize;
  if (offset >= total) return { rows: [], total, totalCapped, page, pageSize };

  const records = await rowsFor(
    database,
    sql`select ${ROW_COLUMNS} ${matching(query)}
      order by ${orderBy(sort, order)}
      limit ${pageSize} offset ${offset}`,
  );
  return { rows: records.map(toRow), total, totalCapped, page, pageSize };
}

/** How many rows the export reads per query: large enough to be fast, small enough for memory. */
const EXPORT_BATCH_ROWS = 2_000;

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
  const batchAfter = (after?: { at: string; id: string }) => {
    const keyset = after
      ? sql`and (r.created_at, r.id) < (${after.at}::timestamptz, ${after.id}::uuid)`
      : sql``;
    return rowsFor(
      database,
      sql`select ${ROW_COLUMNS} ${matching(filters)} ${keyset}
        order by r.created_at desc, r.id desc
        limit ${batchRows}`,
    );
  };
  // The next batch is asked for as soon as this one arrives, so PostgreSQL reads it while this
  // process turns the current one into CSV (two cores at work instead of one at a time).
  let next = batchAfter();
  try {
    for (;;) {
      const records = await next;
      if (records.length === 0) return;
      const last = records[records.length - 1]!;
      next =
        records.length < batchRows
          ? Promise.resolve([])
          : batchAfter({ at: last.cursor_at, id: last.registration_id });
      yield records.map(toRow);
    }
  } finally {
    // A cancelled download: the batch in flight is no longer wanted (nor its error).
    next.catch(() => {});
  }
}
