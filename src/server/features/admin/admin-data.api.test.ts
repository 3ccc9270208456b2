import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminCards,
  AdminRegistrationPage,
  ResultCounts,
  RevenueBreakdown,
  TopExamTypes,
} from '#shared/contracts/admin';
import { ADMIN_QUERY_MESSAGES, adminExportFileName } from '#shared/contracts/admin';
import { cookieFrom, postJson } from '../../../../tests/support/accounts';
import { createTestApp } from '../../../../tests/support/test-app';
import { createTestDatabase } from '../../../../tests/support/test-database';
import type { Database } from '../../db/client';
import { examRegistrations, examResults, subscriptions, users } from '../../db/schema';
import type { StudentInfo } from '../../db/schema/registrations';
import { ensureAdmin } from './admin-accounts.service';
import { exportBatches } from './admin-registrations.service';
import { revenueBreakdown } from './admin-stats.service';

/**
 * The admin figures, table and export on a small data set whose every total is worked out by
 * hand below. Seven students, eleven registrations, five payments, four results.
 */
let database: Database;
let app: ReturnType<typeof createTestApp>['app'];
let cookie: string;

const DAY = 24 * 60 * 60 * 1000;
const now = Date.now();
const daysAgo = (days: number) => new Date(now - days * DAY);
const inDays = (days: number) => new Date(now + days * DAY);

const FORMULA_NAME = "=cmd|' /C calc'!A0";
const TRICKY_CITY = 'Austin, "TX"\nSuite 5';

type Student = { id: string; name: string; email: string };
const students: Student[] = [
  { id: 'u-ada', name: 'Ada Lovelace', email: 'ada@example.com' },
  { id: 'u-grace', name: 'Grace Hopper', email: 'grace@example.com' },
  { id: 'u-alan', name: 'Alan Turing', email: 'alan.turing@example.com' },
  { id: 'u-edsger', name: 'Edsger Dijkstra', email: 'edsger@example.com' },
  { id: 'u-formula', name: FORMULA_NAME, email: 'formula@example.com' },
  { id: 'u-florence', name: 'Florence Nightingale', email: 'florence@example.com' },
  { id: 'u-marie', name: 'Marie Curie', email: 'marie@example.com' },
];

/** A registration, its id chosen so the tests can name it. */
function registration(
  id: string,
  userId: string,
  fields: { category: string; type: string; state: string; examDate: string; created: Date },
  paymentStatus: 'pending' | 'completed' | 'failed' = 'completed',
  city = 'Springfield',
) {
  const student = students.find((candidate) => candidate.id === userId)!;
  const [firstName, ...lastNames] = student.name.split(' ');
  const studentInfo: StudentInfo = {
    firstName: firstName!,
    lastName: lastNames.join(' '),
    email: student.email,
    phone: '',
    address: '',
    city,
    state: '',
    zipCode: '',
    country: 'United States',
    educationLevel: '',
  };
  return {
    id,
    userId,
    examCategory: fields.category,
    examType: fields.type,
    state: fields.state,
    examDate: fields.examDate,
    studentInfo,
    paymentStatus,
    createdAt: fields.created,
  };
}

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const R = {
  ada: uuid(1),
  grace: uuid(2),
  alanPe: uuid(3),
  alanBar: uuid(4),
  edsger: uuid(5),
  formula: uuid(6),
  florence1: uuid(7),
  florence2: uuid(8),
  florence3: uuid(9),
  marieFe: uuid(10),
  marieCma: uuid(11),
};
/** Three registrations made in the same microsecond: only the id orders them. */
const SAME_MOMENT = daysAgo(40);

beforeAll(async () => {
  database = await createTestDatabase();
  const { app: testApp, services } = createTestApp(database);
  app = testApp;
  const { db } = database;
  await db.insert(users).values(students.map((student) => ({ ...student, emailVerified: true })));
  const legal = (state: string, created: Date) =>
    ({ category: 'legal', type: 'Bar Exam', state, examDate: '2027-02-01', created }) as const;
  await db.insert(examRegistrations).values([
    registration(R.ada, 'u-ada', legal('New York', daysAgo(10))),
    registration(R.grace, 'u-grace', {
      category: 'medical',
      type: 'USMLE',
      state: 'California',
      examDate: '2026-12-01',
      created: daysAgo(60),
    }),
    registration(
      R.alanPe,
      'u-alan',
      {
        category: 'engineering',
        type: 'PE',
        state: 'California',
        examDate: '2027-05-01',
        created: daysAgo(5),
      },
      'pending',
    ),
    registration(R.alanBar, 'u-alan', legal('Texas', daysAgo(180))),
    registration(R.edsger, 'u-edsger', {
      category: 'medical',
      type: 'USMLE',
      state: 'New York',
      examDate: '2025-06-01',
      created: daysAgo(540),
    }),
    registration(
      R.formula,
      'u-formula',
      {
        category: 'trades',
        type: 'Plumbing License',
        state: 'Texas',
        examDate: '2027-01-15',
        created: daysAgo(3),
      },
      'failed',
      TRICKY_CITY,
    ),
    ...[R.florence1, R.florence2, R.florence3].map((id) =>
      registration(id, 'u-florence', {
        category: 'medical',
        type: 'NCLEX',
        state: 'New York',
        examDate: '2027-03-01',
        created: SAME_MOMENT,
      }),
    ),
    registration(R.marieFe, 'u-marie', {
      category: 'engineering',
      type: 'FE',
      state: 'Ohio',
      examDate: '2027-04-01',
      created: daysAgo(20),
    }),
    registration(
      R.marieCma,
      'u-marie',
      {
        category: 'medical',
        type: 'CMA',
        state: 'Ohio',
        examDate: '2027-04-02',
        created: daysAgo(21),
      },
      'pending',
    ),
  ]);
  const payment = (
    registrationId: string,
    userId: string,
    paidAt: Date,
    amount: number,
    status: 'active' | 'canceled',
    periodEnd: Date,
  ) => ({
    examRegistrationId: registrationId,
    userId,
    status,
    amount,
    createdAt: paidAt,
    currentPeriodEnd: periodEnd,
  });
  await db.insert(subscriptions).values([
    // Last month: 150.00. Last 3 months: + 165.00. Last 12: + 150.00. All time: + 150.00.
    payment(R.ada, 'u-ada', daysAgo(10), 15_000, 'active', inDays(355)),
    payment(R.grace, 'u-grace', daysAgo(60), 16_500, 'active', inDays(305)),
    payment(R.alanBar, 'u-alan', daysAgo(180), 15_000, 'canceled', inDays(185)),
    // Still marked active, but its year is over: not an active subscription.
    payment(R.edsger, 'u-edsger', daysAgo(540), 15_000, 'active', daysAgo(175)),
  ]);
  await db.insert(examResults).values([
    { userId: 'u-ada', examRegistrationId: R.ada, result: 'pass', createdAt: daysAgo(2) },
    { userId: 'u-grace', examRegistrationId: R.grace, result: 'pass', createdAt: daysAgo(50) },
    { userId: 'u-edsger', examRegistrationId: R.edsger, result: 'pass', createdAt: daysAgo(400) },
  ]);
  // Grace reported a pass, then corrected it to a fail: her one result is replaced.
  await db
    .insert(examResults)
    .values({
      userId: 'u-grace',
      examRegistrationId: R.grace,
      result: 'fail',
      createdAt: daysAgo(1),
    })
    .onConflictDoUpdate({
      target: examResults.examRegistrationId,
      set: { result: 'fail', createdAt: daysAgo(1) },
    });
  const admin = { email: 'figures.admin@example.com', password: 'Figures-Admin-99' };
  await ensureAdmin({ auth: services.auth, database }, admin);
  cookie = cookieFrom(await postJson(app, '/api/admin/login', admin));
});
afterAll(() => database.close());

async function getJson<T>(path: string): Promise<T> {
  const response = await app.request(path, { headers: { Cookie: cookie } });
  expect(response.status, `${path}: ${response.status}`).toBe(200);
  return (await response.json()) as T;
}

const page = (query = '') => getJson<AdminRegistrationPage>(`/api/admin/registrations${query}`);
const idsOf = (result: AdminRegistrationPage) => result.rows.map((row) => row.registrationId);

describe('the figures', () => {
  it('cards: students (not admins), subscriptions active now, revenue', async () => {
    expect(await getJson<AdminCards>('/api/admin/stats/cards')).toEqual({
      totalUsers: 7,
      activeSubscriptions: 2,
      monthlyRevenueCents: 15_000,
      totalRevenueCents: 61_500,
    });
  });

  it('revenue breakdown over the last 1, 3 and 12 months and all time', async () => {
    expect(await getJson<RevenueBreakdown>('/api/admin/stats/revenue')).toEqual({
      monthlyCents: 15_000,
      quarterlyCents: 31_500,
      annualCents: 46_500,
      totalCents: 61_500,
    });
  });

  it('a payment made exactly one month ago is in the month; a millisecond earlier is not', async () => {
    const at = new Date('2026-03-31T12:00:00.000Z');
    // 2026-03-31 minus one calendar month is 2026-02-28 (PostgreSQL's month arithmetic).
    const monthAgo = new Date('2026-02-28T12:00:00.000Z');
    const fresh = await createTestDatabase();
    try {
      await fresh.db.insert(users).values({ id: 'edge', name: 'Edge', email: 'edge@example.com' });
      const paid = (createdAt: Date, amount: number) => ({
        userId: 'edge',
        status: 'active' as const,
        amount,
        createdAt,
        currentPeriodEnd: new Date(createdAt.getTime() + 365 * DAY),
      });
      await fresh.db
        .insert(subscriptions)
        .values([paid(monthAgo, 100), paid(new Date(monthAgo.getTime() - 1), 20)]);
      expect(await revenueBreakdown(fresh, at)).toEqual({
        monthlyCents: 100,
        quarterlyCents: 120,
        annualCents: 120,
        totalCents: 120,
      });
    } finally {
      await fresh.close();
    }
  });

  it('pass and fail count registrations by their one result, a replaced one once', async () => {
    expect(await getJson<ResultCounts>('/api/admin/stats/results')).toEqual({ pass: 2, fail: 1 });
  });

  it('top 5 exam types by registrations, ties by name', async () => {
    expect(await getJson<TopExamTypes>('/api/admin/stats/exam-types')).toEqual({
      examTypes: [
        { examType: 'NCLEX', registrations: 3 },
        { examType: 'Bar Exam', registrations: 2 },
        { examType: 'USMLE', registrations: 2 },
        { examType: 'CMA', registrations: 1 },
        { examType: 'FE', registrations: 1 },
      ],
    });
  });
});

describe('GET /api/admin/registrations', () => {
  it('pages through every registration, newest first, ties broken by id', async () => {
    const first = await page('?pageSize=10');
    expect(first).toMatchObject({ total: 11, totalCapped: false, page: 1, pageSize: 10 });
    expect(idsOf(first)).toEqual([
      R.formula,
      R.alanPe,
      R.ada,
      R.marieFe,
      R.marieCma,
      R.florence3,
      R.florence2,
      R.florence1,
      R.grace,
      R.alanBar,
    ]);
    const second = await page('?pageSize=10&page=2');
    expect(idsOf(second)).toEqual([R.edsger]);
    expect(await page('?pageSize=10&page=3')).toEqual({
      rows: [],
      total: 11,
      totalCapped: false,
      page: 3,
      pageSize: 10,
    });
  });

  it('shows each registration’s student, latest result and latest subscription', async () => {
    const { rows } = await page('?search=grace');
    expect(rows).toEqual([
      {
        registrationId: R.grace,
        userId: 'u-grace',
        name: 'Grace Hopper',
        email: 'grace@example.com',
        examCategory: 'medical',
        examType: 'USMLE',
        state: 'California',
        city: 'Springfield',
        country: 'United States',
        examDate: '2026-12-01',
        paymentStatus: 'completed',
        registeredAt: daysAgo(60).toISOString(),
        result: { result: 'fail', reportedAt: daysAgo(1).toISOString() },
        subscription: {
          status: 'active',
          currentPeriodEnd: inDays(305).toISOString(),
          amountCents: 16_500,
        },
      },
    ]);
    const pending = await page('?search=alan&examType=PE');
    expect(pending.rows[0]).toMatchObject({
      paymentStatus: 'pending',
      result: null,
      subscription: null,
    });
  });

  it('filters by state, by exam type and by both', async () => {
    expect(idsOf(await page('?state=California'))).toEqual([R.alanPe, R.grace]);
    expect(idsOf(await page('?examType=USMLE'))).toEqual([R.grace, R.edsger]);
    const both = await page('?state=California&examType=USMLE');
    expect(both.total).toBe(1);
    expect(idsOf(both)).toEqual([R.grace]);
    expect(await page('?state=Alaska')).toMatchObject({ rows: [], total: 0 });
  });

  it('searches names and e-mails anywhere from 3 characters, case-insensitively', async () => {
    expect(idsOf(await page('?search=ALAN.TUR'))).toEqual([R.alanPe, R.alanBar]);
    expect(idsOf(await page('?search=hopp'))).toEqual([R.grace]);
    expect(idsOf(await page('?search=%20urie%20'))).toEqual([R.marieFe, R.marieCma]);
    expect((await page('?search=example.com')).total).toBe(11);
  });

  it('matches only the start of a name or e-mail below 3 characters', async () => {
    expect(idsOf(await page('?search=ma'))).toEqual([R.marieFe, R.marieCma]);
    expect((await page('?search=ie')).total).toBe(0);
  });

  it('takes LIKE wildcards in a search literally', async () => {
    expect((await page('?search=%25%25%25')).total).toBe(0);
    expect((await page('?search=a_a')).total).toBe(0);
    expect((await page(`?search=${encodeURIComponent('\\')}`)).total).toBe(0);
  });

  it('combines a search with the filters', async () => {
    expect(idsOf(await page('?search=alan&state=Texas'))).toEqual([R.alanBar]);
  });

  it('sorts by each column, both ways', async () => {
    const emails = (await page('?sort=email&order=asc')).rows.map((row) => row.email);
    expect(emails).toEqual([...emails].sort());
    expect(emails[0]).toBe('ada@example.com');
    const names = (await page('?sort=name&order=desc')).rows.map((row) => row.name);
    expect(names.slice(0, 2)).toEqual(['Marie Curie', 'Marie Curie']);
    const dates = (await page('?sort=examDate&order=asc')).rows.map((row) => row.examDate);
    expect(dates).toEqual([...dates].sort());
    expect(dates[0]).toBe('2025-06-01');
    const states = (await page('?sort=state&order=desc')).rows.map((row) => row.state);
    expect(states[0]).toBe('Texas');
    const types = (await page('?sort=examType&order=asc')).rows.map((row) => row.examType);
    expect(types[0]).toBe('Bar Exam');
    const oldest = await page('?sort=registered&order=asc&pageSize=10');
    expect(oldest.rows[0]!.registrationId).toBe(R.edsger);
  });

  it('refuses bad queries with a message, never a 500', async () => {
    const cases: [string, string][] = [
      ['?sort=password', ADMIN_QUERY_MESSAGES.sort],
      ['?order=sideways', ADMIN_QUERY_MESSAGES.order],
      ['?page=0', ADMIN_QUERY_MESSAGES.page],
      ['?page=1.5', ADMIN_QUERY_MESSAGES.page],
      ['?page=abc', ADMIN_QUERY_MESSAGES.page],
      ['?page=99999999999', ADMIN_QUERY_MESSAGES.page],
      ['?pageSize=7', ADMIN_QUERY_MESSAGES.pageSize],
      ['?pageSize=100000', ADMIN_QUERY_MESSAGES.pageSize],
      [`?search=${'x'.repeat(101)}`, ADMIN_QUERY_MESSAGES.tooLong],
      [`?state=${'x'.repeat(101)}`, ADMIN_QUERY_MESSAGES.tooLong],
    ];
    for (const [query, message] of cases) {
      const response = await app.request(`/api/admin/registrations${query}`, {
        headers: { Cookie: cookie },
      });
      expect(response.status, query).toBe(400);
      expect(await response.json(), query).toMatchObject({ error: { message } });
    }
    // Injection-looking text is only ever a value.
    expect((await page(`?state=${encodeURIComponent("x' or '1'='1")}`)).total).toBe(0);
    expect((await page(`?search=${encodeURIComponent("'; drop table users; --")}`)).total).toBe(0);
  });
});

/** Splits CSV text into records and cells (RFC 4180), for checking what a spreadsheet would see. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index]!;
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (character === '"') quoted = false;
      else cell += character;
    } else if (character === '"') quoted = true;
    else if (character === ',') {
      cells.push(cell);
      cell = '';
    } else if (character === '\r' && text[index + 1] === '\n') {
      cells.push(cell);
      records.push(cells);
      cells = [];
      cell = '';
      index += 1;
    } else cell += character;
  }
  return records;
}

describe('GET /api/admin/registrations.csv', () => {
  async function download(query = '') {
    const response = await app.request(`/api/admin/registrations.csv${query}`, {
      headers: { Cookie: cookie },
    });
    expect(response.status).toBe(200);
    // Kept as sent: response.text() would drop the byte-order mark a spreadsheet program needs.
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
    return { response, text };
  }

  it('is a CSV attachment named with today’s date, with a header and every row', async () => {
    const { response, text } = await download();
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="${adminExportFileName(new Date())}"`,
    );
    expect(text.startsWith('\uFEFFName,Email,Exam Category,Exam Type,City,State,')).toBe(true);
    const records = parseCsv(text.slice(1));
    expect(records).toHaveLength(12);
    expect(records.slice(1).map((record) => record[1])).toContain('grace@example.com');
    const grace = records.find((record) => record[1] === 'grace@example.com')!;
    expect(grace.slice(2)).toEqual([
      'medical',
      'USMLE',
      'Springfield',
      'California',
      'United States',
      '2026-12-01',
      'completed',
      daysAgo(60).toISOString(),
      'fail',
      daysAgo(1).toISOString(),
      'active',
      inDays(305).toISOString(),
      '165.00',
    ]);
  });

  it('opens formula-looking cells as text and quotes commas, quotes and line breaks', async () => {
    const { text } = await download('?state=Texas');
    expect(text).toContain(`'${FORMULA_NAME},formula@example.com`);
    expect(text).toContain('"Austin, ""TX""\nSuite 5"');
    const records = parseCsv(text.slice(1));
    const formula = records.find((record) => record[1] === 'formula@example.com')!;
    expect(formula[0]).toBe(`'${FORMULA_NAME}`);
    expect(formula[4]).toBe(TRICKY_CITY);
  });

  it('exports exactly the rows the filters match', async () => {
    const emails = (query: string) =>
      download(query).then(({ text }) =>
        parseCsv(text.slice(1))
          .slice(1)
          .map((record) => record[1]),
      );
    expect(await emails('?state=Texas')).toEqual([
      'formula@example.com',
      'alan.turing@example.com',
    ]);
    expect(await emails('?examType=NCLEX&search=flor')).toEqual([
      'florence@example.com',
      'florence@example.com',
      'florence@example.com',
    ]);
    expect(await emails('?search=nobody-at-all')).toEqual([]);
  });

  it('reads in batches that continue exactly where the last one ended', async () => {
    const all: string[] = [];
    let batches = 0;
    for await (const batch of exportBatches(database, {}, 2)) {
      batches += 1;
      all.push(...batch.map((row) => row.registrationId));
    }
    expect(batches).toBe(6);
    expect(all).toEqual(idsOf(await page('?pageSize=25')));
  });

  it('is gzipped for a client that accepts it, with the same content', async () => {
    const plain = await download('?state=Texas');
    const response = await app.request('/api/admin/registrations.csv?state=Texas', {
      headers: { Cookie: cookie, 'Accept-Encoding': 'gzip, deflate, br' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    const unzipped = gunzipSync(Buffer.from(await response.arrayBuffer()));
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(unzipped)).toBe(plain.text);
  });

  it('refuses a filter that is too long', async () => {
    const response = await app.request(`/api/admin/registrations.csv?search=${'y'.repeat(101)}`, {
      headers: { Cookie: cookie },
    });
    expect(response.status).toBe(400);
  });
});
