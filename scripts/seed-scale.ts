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
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { EDUCATION_LEVELS, EXAM_CATEGORIES, US_STATES, COUNTRIES } from '../src/shared/catalog';
import {
  DIFFICULTIES,
  EXAM_RESULTS,
  PAYMENT_STATUSES,
  STUDY_MODES,
  SUBSCRIPTION_STATUSES,
  USER_ROLES,
} from '../src/shared/enums';
import { SUBSCRIPTION_PRICE_CENTS } from '../src/shared/limits';
import { openPostgres, wrapPglite, type Database } from '../src/server/db/client';
import { lockEmbeddedFolder } from '../src/server/db/embedded-lock';
import { applyMigrations } from '../src/server/db/migrate';
import { PGLITE_EXTENSIONS } from '../src/server/db/pglite-extensions';

const DEFAULT_URL = 'postgres://root@127.0.0.1:5432/starprep_scale';
/** Study sessions per INSERT statement: one statement's progress line every few seconds. */
const SESSIONS_PER_STATEMENT = 1_000_000;
/**
 * Tables whose own triggers read them through an index when a statement ends: migration 0010's
 * triggers look up the latest subscription / result of each registration the statement touched.
 * These keep their indexes during the load (without them each lookup would scan the table).
 */
const READ_BY_THEIR_TRIGGERS = new Set(['subscriptions', 'exam_results']);
/**
 * Tables that triggers update right after the seed inserts them: migration 0010 copies the latest
 * subscription and result onto each registration. Loaded with free room in every page, the copy
 * is a HOT update (same page, no index entry: the copied columns are not indexed) instead of a new
 * row version in every index (a trigram GIN among them); the table is compacted at the end.
 */
const UPDATED_BY_TRIGGERS = new Set(['exam_registrations']);
/** The tables this script fills, in foreign-key order. */
const SEEDED_TABLES = [
  'users',
  'exam_registrations',
  'subscriptions',
  'study_sessions',
  'exam_results',
] as const;

// ---------------------------------------------------------------------------------------------
// Options
// ---------------------------------------------------------------------------------------------

const usage =
  'usage: seed-scale [--database-url URL | --pglite FOLDER] [--users N] [--sessions N] ' +
  '[--results N] [--reset] [--migrate-only]';

function readOptions() {
  const { values } = parseArgs({
    options: {
      'database-url': { type: 'string' },
      pglite: { type: 'string' },
      users: { type: 'string', default: '1000000' },
      sessions: { type: 'string', default: '10000000' },
      results: { type: 'string', default: '300000' },
      reset: { type: 'boolean', default: false },
      'migrate-only': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const count = (name: 'users' | 'sessions' | 'results', min: number) => {
    const value = Number(values[name]);
    if (!Number.isSafeInteger(value) || value < min) {
      fail(`--${name} must be a whole number from ${min}`);
    }
    return value;
  };
  if (values.pglite && values['database-url']) fail('give --database-url or --pglite, not both');
  return {
    pglite: values.pglite,
    url: values['database-url'] ?? process.env.SEED_DATABASE_URL ?? DEFAULT_URL,
    users: count('users', 1),
    sessions: count('sessions', 0),
    results: count('results', 0),
    reset: values.reset,
    migrateOnly: values['migrate-only'],
  };
}
type Options = ReturnType<typeof readOptions>;

/** A refusal or a bad option: printed as one line, exit code 1, the database closed first. */
class SeedError extends Error {}

function fail(message: string): never {
  throw new SeedError(message);
}

// ---------------------------------------------------------------------------------------------
// Connection: one session, so the SET commands below apply to every statement
// ---------------------------------------------------------------------------------------------

type Session = {
  exec: (text: string) => Promise<void>;
  rows: <T>(text: string) => Promise<T[]>;
  close: () => Promise<void>;
};

async function createDatabaseIfMissing(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!name) fail(`no database name in ${url}`);
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const client = new pg.Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`create database "${name.replaceAll('"', '""')}"`);
      console.log(`created database ${name}`);
    }
  } finally {
    await client.end();
  }
}

async function openPostgresSession(url: string): Promise<Session> {
  await createDatabaseIfMissing(url);
  // The project's own migration path first (its pool is closed again right after).
  const database = await openPostgres(url);
  await migrate(database);
  await database.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    exec: async (text) => void (await client.query(text)),
    rows: async <T>(text: string) => (await client.query(text)).rows as T[],
    close: () => client.end(),
  };
}

/**
 * PGlite opened here rather than through openPglite: the server's embedded settings (16 MB of
 * shared buffers, WebAssembly kept at the baseline tier) suit a small idle server, not a bulk
 * load. The same lock keeps a running server (or admin:create) off the folder meanwhile.
 */
async function openPgliteSession(folder: string): Promise<Session> {
  const release = lockEmbeddedFolder(folder);
  const client = new PGlite(folder, { extensions: PGLITE_EXTENSIONS });
  await migrate(wrapPglite(client));
  return {
    exec: async (text) => void (await client.exec(text)),
    rows: async <T>(text: string) => (await client.query<T>(text)).rows,
    close: () => client.close().finally(release),
  };
}

async function migrate(database: Database): Promise<void> {
  const started = performance.now();
  await applyMigrations(database);
  console.log(`migrations applied (${seconds(started)})`);
}

/** Session settings for a bulk load; none of them outlives this connection. */
async function tuneSession(session: Session, embedded: boolean): Promise<void> {
  await session.exec(`
    -- No synchronous_commit = off here: with a handful of large transactions it saves nothing,
    -- and right after an unflushed commit VACUUM may not set the rows' commit hint bits, so it
    -- leaves their pages out of the visibility map (no index-only scans until the next vacuum).
    -- Index builds after the load sort in memory instead of spilling to disk. PGlite's
    -- WebAssembly heap is smaller, so it gets less.
    set maintenance_work_mem = '${embedded ? '128MB' : '1GB'}';
    -- The temporary lookup tables' sorts and hashes stay in memory too.
    set work_mem = '${embedded ? '32MB' : '256MB'}';
    -- created_at values are computed from one fixed instant, in UTC.
    set timezone = 'UTC';
  `);
}

// ---------------------------------------------------------------------------------------------
// SQL building blocks
// ---------------------------------------------------------------------------------------------

/** A SQL string literal. */
function literal(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** A text[] literal, built from the catalog so the SQL can never drift from the app's lists. */
function textArray(values: readonly string[]): string {
  return `array[${values.map(literal).join(', ')}]::text[]`;
}

/**
 * A uniform number in [0, 1) that depends only on (row number, salt): a hash, not random(), so
 * the data is the same on every run and two statements can recompute a row's value.
 */
function rnd(row: string, salt: number): string {
  return `((hashint8extended((${row})::int8, ${salt}) & 2147483647)::float8 / 2147483648.0)`;
}

/** A value of one of the shared enumerations, as SQL: a misspelt value is a type error. */
function enumValue<const T extends readonly string[]>(_values: T, value: T[number]): string {
  return literal(value);
}

const V = {
  user: enumValue(USER_ROLES, 'user'),
  completed: enumValue(PAYMENT_STATUSES, 'completed'),
  pending: enumValue(PAYMENT_STATUSES, 'pending'),
  failed: enumValue(PAYMENT_STATUSES, 'failed'),
  active: enumValue(SUBSCRIPTION_STATUSES, 'active'),
  canceled: enumValue(SUBSCRIPTION_STATUSES, 'canceled'),
  pastDue: enumValue(SUBSCRIPTION_STATUSES, 'past_due'),
  expired: enumValue(SUBSCRIPTION_STATUSES, 'expired'),
  pass: enumValue(EXAM_RESULTS, 'pass'),
  fail: enumValue(EXAM_RESULTS, 'fail'),
  flashcards: enumValue(STUDY_MODES, 'flashcards'),
  typing: enumValue(STUDY_MODES, 'typing'),
  easy: enumValue(DIFFICULTIES, 'easy'),
  medium: enumValue(DIFFICULTIES, 'medium'),
};

/** One element of a list, picked by a [0, 1) expression. */
function pick(values: readonly string[], unit: string): string {
  return `(${textArray(values)})[1 + floor(${unit} * ${values.length})::int]`;
}

/**
 * The list with each value repeated by its weight: picking from it uniformly gives the weighted
 * spread (populous states and popular exams come up more often; every value still appears).
 */
function weighted<T extends string>(values: readonly T[], weights: Partial<Record<T, number>>) {
  return values.flatMap((value) => Array<T>(weights[value] ?? 1).fill(value));
}

/**
 * The UUID of row number n of a table: deterministic, and growing with n. The middle groups mark
 * seeded rows and their table. Study sessions arrive in n order, so each of their 10 million
 * inserts appends to the right edge of the primary-key index instead of touching a random page
 * of an index far larger than shared_buffers. (The other tables arrive in time order, with ids
 * in no particular order, as the app's random UUIDs are; their indexes fit in memory.)
 */
function orderedUuid(n: string, table: number): string {
  return `(lpad(to_hex(${n}), 8, '0') || '-5eed-4${table.toString(16).padStart(3, '0')}-8000-000000000000')::uuid`;
}

// ---------------------------------------------------------------------------------------------
// The spread of values
// ---------------------------------------------------------------------------------------------

// prettier-ignore
const FIRST_NAMES = [
  'James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David',
  'Elizabeth', 'William', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah',
  'Charles', 'Karen', 'Christopher', 'Lisa', 'Daniel', 'Nancy', 'Matthew', 'Betty', 'Anthony',
  'Margaret', 'Mark', 'Sandra', 'Donald', 'Ashley', 'Steven', 'Kimberly', 'Paul', 'Emily',
  'Andrew', 'Donna', 'Joshua', 'Michelle', 'Kenneth', 'Carol', 'Kevin', 'Amanda', 'Brian',
  'Melissa', 'George', 'Deborah', 'Timothy', 'Stephanie', 'Maria', 'Jose', 'Wei', 'Priya',
  'Aisha', 'Mohammed', 'Yuki', 'Carlos', 'Fatima', 'Olga',
];

/** 95 % of people: each of these surnames is shared by about 1.2 % of users. */
// prettier-ignore
const COMMON_LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez',
  'Martinez', 'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore',
  'Jackson', 'Martin', 'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark',
  'Ramirez', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres',
  'Nguyen', 'Hill', 'Flores', 'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell',
  'Mitchell', 'Carter', 'Roberts', 'Gomez', 'Phillips', 'Evans', 'Turner', 'Diaz', 'Parker',
  'Cruz', 'Edwards', 'Collins', 'Reyes', 'Stewart', 'Morris', 'Morales', 'Murphy', 'Cook',
  'Rogers', 'Gutierrez', 'Ortiz', 'Morgan', 'Cooper', 'Peterson', 'Bailey', 'Reed', 'Kelly',
  'Howard', 'Ramos', 'Kim', 'Cox', 'Ward', 'Richardson',
];

/** 4.9 %: about 0.12 % of users each. */
// prettier-ignore
const UNCOMMON_LAST_NAMES = [
  'Okafor', 'Kowalski', 'Novak', 'Lindqvist', 'Haddad', 'Castellano', 'Fitzgerald', 'Nakamura',
  'Petrov', 'Schneider', 'Rossi', 'Dubois', 'Jensen', 'Olsen', 'Brennan', 'Gallagher', 'Ivanova',
  'Mendoza', 'Takahashi', 'Chaudhry', 'Abernathy', 'Whitfield', 'Pemberton', 'Ashworth',
  'Blackwood', 'Calloway', 'Davenport', 'Ellsworth', 'Fairbanks', 'Galloway', 'Hawthorne',
  'Kingsley', 'Lockhart', 'Merriweather', 'Northcott', 'Prescott', 'Radcliffe', 'Sinclair',
  'Thornton', 'Underwood',
];

/** 0.1 %: a search for one of these finds a few dozen people in a million. */
// prettier-ignore
const RARE_LAST_NAMES = [
  'Quennell', 'Zbikowski', 'Vandersloot', 'Oyelaran', 'Threlkeld', 'Wojciechowski',
  'Xanthopoulos', 'Yglesias', 'Achterberg', 'Brzezinski', 'Cholmondeley', 'Featherstonehaugh',
  'Grzybowski', 'Hjelmstad', 'Jaroszewicz', 'Kvaternik', 'Lundegaard', 'Mbeki', 'Nwachukwu',
  'Przybylski',
];

// prettier-ignore
const STREETS = [
  'Main St', 'Oak Ave', 'Maple Dr', 'Cedar Ln', 'Pine St', 'Elm St', 'Washington Ave', 'Lake Rd',
  'Hill St', 'Park Blvd', 'Sunset Blvd', 'River Rd',
];

/** Town names found in many states, so any pairing with a state is plausible. */
// prettier-ignore
const CITIES = [
  'Springfield', 'Franklin', 'Greenville', 'Clinton', 'Salem', 'Madison', 'Georgetown',
  'Fairview', 'Riverside', 'Arlington', 'Bristol', 'Dover', 'Oxford', 'Jackson', 'Marion',
];

/** Roughly people in millions: California comes up about 40 times as often as Wyoming. */
// prettier-ignore
const STATE_WEIGHTS: Partial<Record<(typeof US_STATES)[number], number>> = {
  California: 39, Texas: 30, Florida: 22, 'New York': 20, Pennsylvania: 13, Illinois: 13,
  Ohio: 12, Georgia: 11, 'North Carolina': 11, Michigan: 10, 'New Jersey': 9, Virginia: 9,
  Washington: 8, Arizona: 7, Tennessee: 7, Massachusetts: 7, Indiana: 7, Missouri: 6,
  Maryland: 6, Wisconsin: 6, Colorado: 6, Minnesota: 6, 'South Carolina': 5, Alabama: 5,
  Louisiana: 5, Kentucky: 5, Oregon: 4, Oklahoma: 4, Connecticut: 4, Utah: 3, Iowa: 3, Nevada: 3,
  Arkansas: 3, Mississippi: 3, Kansas: 3, 'New Mexico': 2, Nebraska: 2, Idaho: 2,
  'West Virginia': 2,
};

/** Popular exams come up more often (every type at least once in the weighted list). */
// prettier-ignore
const EXAM_TYPE_WEIGHTS: Record<string, number> = {
  NCLEX: 12, 'Real Estate License': 10, 'Bar Exam': 9, USMLE: 8, 'CPA Exam': 7,
  'Teaching Certification': 6, PE: 5, FE: 5, 'Electrical License': 4, 'Insurance License': 4,
  'Series 7 Exam': 3, PMP: 3, NAPLEX: 3, 'Cosmetology License': 3, 'Plumbing License': 3,
  LCSW: 2, 'Notary Public': 2, 'HVAC Technician': 2, CMA: 2, NPTE: 2,
};

/** (category id, exam type) pairs of the catalog, repeated by popularity. */
const EXAMS = EXAM_CATEGORIES.flatMap((category) =>
  category.examTypes.flatMap((type) =>
    Array<{ category: string; type: string }>(EXAM_TYPE_WEIGHTS[type] ?? 1).fill({
      category: category.id,
      type,
    }),
  ),
);

const FOREIGN_COUNTRIES = COUNTRIES.filter((country) => country !== 'United States');

// ---------------------------------------------------------------------------------------------
// The seed, table by table
// ---------------------------------------------------------------------------------------------

type Seed = Options & { session: Session; now: string };

/** The instant the data is relative to, as a SQL literal. */
const nowSql = (seed: Seed) => `timestamptz ${literal(seed.now)}`;

/** users.id of user n, zero-padded: sorting by id sorts by n. */
function userIdSql(seed: Seed, n: string) {
  return `'seed-' || lpad((${n})::text, ${Math.max(7, String(seed.users).length)}, '0')`;
}

async function seedUsers(seed: Seed): Promise<number> {
  const lastName = `case
      when ${rnd('n', 2)} < 0.95 then ${pick(COMMON_LAST_NAMES, rnd('n', 3))}
      when ${rnd('n', 2)} < 0.999 then ${pick(UNCOMMON_LAST_NAMES, rnd('n', 3))}
      else ${pick(RARE_LAST_NAMES, rnd('n', 3))}
    end`;
  // Sign-ups grow over the two years: age = 730 days x u^1.25 puts more of them in recent months.
  // Rows are written in sign-up order, as the app writes them: a table's physical order follows
  // created_at, which the admin's newest-first pages and export read along.
  await seed.session.exec(`
    insert into users (id, name, email, email_verified, role, created_at, updated_at)
    select ${userIdSql(seed, 'n')}, first || ' ' || last,
           lower(first) || '.' || lower(last) || '.' || n || '@example.com',
           true, ${V.user}, joined, joined
    from (
      select n, ${nowSql(seed)} - interval '730 days' * power(${rnd('n', 4)}, 1.25) as joined
      from generate_series(1, ${seed.users}) as n
      order by joined
    ) as signup
    cross join lateral (
      select ${pick(FIRST_NAMES, rnd('n', 1))} as first, ${lastName} as last
    ) as person`);
  return seed.users;
}

/**
 * One registration per user, a second one for about 10 %. Registration number r = 2n - 1 + k
 * (k = 0 first, 1 second) is what its values are hashed from; rows are written in time order.
 */
async function seedRegistrations(seed: Seed): Promise<number> {
  const r = '(2 * u.n - 1 + u.k)';
  const abroad = `${rnd(r, 12)} < 0.05`;
  const examState = pick(weighted(US_STATES, STATE_WEIGHTS), rnd(r, 13));
  const exam = `(1 + floor(${rnd(r, 11)} * ${EXAMS.length})::int)`;
  // The first registration comes right after sign-up; a second one any time later.
  const registered = `least(${nowSql(seed)}, case when u.k = 0
      then u.created_at + interval '45 minutes' * ${rnd(r, 14)}
      else u.created_at + (${nowSql(seed)} - u.created_at) * ${rnd(r, 14)} end)`;
  const status = `case when ${rnd(r, 15)} < ${'case when u.k = 0 then 0.85 else 0.7 end'} then ${V.completed}
      when ${rnd(r, 16)} < 0.66 then ${V.pending} else ${V.failed} end`;
  const result = await seed.session.rows<{ count: string }>(`
    with inserted as (
      insert into exam_registrations (id, user_id, exam_category, exam_type, state, exam_date,
        student_info, payment_status, payment_id, created_at, updated_at)
      select ${orderedUuid(r, 1)}, u.id,
             (${textArray(EXAMS.map((e) => e.category))})[${exam}],
             (${textArray(EXAMS.map((e) => e.type))})[${exam}],
             case when ${abroad} then '' else ${examState} end,
             (${nowSql(seed)})::date + (floor(${rnd(r, 17)} * 731)::int - 365),
             jsonb_build_object(
               'firstName', split_part(u.name, ' ', 1),
               'lastName', split_part(u.name, ' ', 2),
               'email', u.email,
               'phone', '+1 555 ' || lpad((floor(${rnd(r, 18)} * 10000000))::int::text, 7, '0'),
               'address', (1 + floor(${rnd(r, 19)} * 9999))::int || ' ' || ${pick(STREETS, rnd(r, 20))},
               'city', ${pick(CITIES, rnd(r, 21))},
               'state', case when ${abroad} then '' else ${examState} end,
               'zipCode', lpad((floor(${rnd(r, 22)} * 99999))::int::text, 5, '0'),
               'country', case when ${abroad} then ${pick(FOREIGN_COUNTRIES, rnd(r, 23))}
                          else 'United States' end,
               'educationLevel', ${pick(EDUCATION_LEVELS, rnd(r, 24))}),
             u.status, case when u.status = ${V.completed} then 'cs_seed_' || ${r} end,
             u.registered,
             -- A paid registration was last updated by its payment, a few minutes later.
             case when u.status = ${V.completed}
               then least(${nowSql(seed)}, u.registered + interval '20 minutes' * ${rnd(r, 25)})
               else u.registered end
      -- Sorted by time before the wide values (student_info) are built: a narrow sort.
      from (
        select u.*, ${status} as status, ${registered} as registered
        from (
          select id, name, email, created_at, substr(id, 6)::int as n, k from users
          cross join generate_series(0, 1) as k
          where id like 'seed-%'
        ) as u
        where u.k = 0 or ${rnd('2 * u.n', 10)} < 0.1
        order by registered
      ) as u
      returning 1
    )
    select count(*) from inserted`);
  return Number(result[0]?.count ?? 0);
}

/** One year of access for each completed registration, paid when the registration completed. */
async function seedSubscriptions(seed: Seed): Promise<number> {
  const r = 'substr(e.payment_id, 9)::int8';
  const paid = 'e.updated_at';
  const current = `${paid} + interval '1 year' > ${nowSql(seed)}`;
  // Years still running are mostly active; years that ran out mostly expired (or never updated).
  const status = `case
      when ${current} then case when ${rnd(r, 31)} < 0.9 then ${V.active}
                                when ${rnd(r, 32)} < 0.6 then ${V.canceled} else ${V.pastDue} end
      else case when ${rnd(r, 31)} < 0.5 then ${V.active}
                when ${rnd(r, 32)} < 0.8 then ${V.expired} else ${V.canceled} end
    end`;
  const result = await seed.session.rows<{ count: string }>(`
    with inserted as (
      insert into subscriptions (id, user_id, exam_registration_id, status, current_period_end,
        amount, checkout_session_id, created_at, updated_at)
      select ${orderedUuid(r, 2)}, e.user_id, e.id, ${status}, ${paid} + interval '1 year',
             -- The price, plus sales tax for about 30 % of payments.
             ${SUBSCRIPTION_PRICE_CENTS} + case when ${rnd(r, 33)} < 0.3
               then floor(${rnd(r, 34)} * ${SUBSCRIPTION_PRICE_CENTS / 10 + 1})::int else 0 end,
             -- Years paid before checkout sessions were recorded have none.
             case when ${rnd(r, 35)} < 0.97 then e.payment_id end,
             ${paid}, ${paid}
      from exam_registrations e
      where e.payment_status = ${V.completed} and e.payment_id like 'cs_seed_%'
      order by ${paid}
      returning 1
    )
    select count(*) from inserted`);
  return Number(result[0]?.count ?? 0);
}

/**
 * The sessions go to about 85 % of the paid registrations, a skewed number each (an exponential
 * weight: many light learners, a few heavy ones), exactly --sessions in all. A temporary table
 * gives each learner its range of session numbers [first, next), so each INSERT takes a range of
 * learners with a lateral generate_series instead of a join. Unlike the other tables, sessions are
 * written in session-number order, not in time order: sorting 10 million rows would cost more
 * than anything else here, and no admin query reads this table.
 */
async function seedStudySessions(seed: Seed): Promise<number> {
  if (seed.sessions === 0) return 0;
  const r = 'substr(e.payment_id, 9)::int8';
  await seed.session.exec(`
    drop table if exists seed_learners;
    create temp table seed_learners as
    with weighted as (
      select row_number() over (order by e.id) as idx, e.id, e.user_id, e.updated_at as paid,
             -- numeric, so the running sum of the last learner equals the total exactly.
             (-ln(1 - ${rnd(r, 41)}))::numeric(20, 12) as weight
      from exam_registrations e
      where e.payment_status = ${V.completed} and e.payment_id like 'cs_seed_%' and ${rnd(r, 40)} < 0.85
    ), cumulative as (
      select *, sum(weight) over (order by idx) as upto, sum(weight) over () as total from weighted
    )
    select idx, id, user_id, paid,
           floor(${seed.sessions} * (upto - weight) / total)::int8 + 1 as first,
           floor(${seed.sessions} * upto / total)::int8 + 1 as next
    from cumulative;
    create index on seed_learners (idx);
    analyze seed_learners;`);
  const [learners] = await seed.session.rows<{ count: string }>(
    'select count(*) from seed_learners',
  );
  const learnerCount = Number(learners?.count ?? 0);
  if (learnerCount === 0) {
    console.log('  no paid registrations: no study sessions');
    return 0;
  }
  const s = 'l.first + j';
  const mode = pick(
    weighted(STUDY_MODES, { multiple_choice: 5, flashcards: 3, typing: 2 }),
    rnd(s, 42),
  );
  const difficulty = pick(weighted(DIFFICULTIES, { easy: 5, medium: 11, hard: 4 }), rnd(s, 43));
  const perStatement = Math.max(
    1,
    Math.ceil((learnerCount * SESSIONS_PER_STATEMENT) / seed.sessions),
  );
  let inserted = 0;
  for (let from = 1; from <= learnerCount; from += perStatement) {
    const to = Math.min(learnerCount, from + perStatement - 1);
    const started = performance.now();
    const result = await seed.session.rows<{ count: string }>(`
      with inserted as (
        insert into study_sessions (id, user_id, exam_registration_id, mode, difficulty, score,
          total_questions, time_spent, created_at)
        select ${orderedUuid(s, 3)}, l.user_id, l.id, mode, difficulty,
               -- A score is at most the questions: a share of them that depends on difficulty.
               floor(total * case difficulty when ${V.easy} then 0.55 + 0.45 * ${rnd(s, 45)}
                                             when ${V.medium} then 0.4 + 0.55 * ${rnd(s, 45)}
                                             else 0.25 + 0.6 * ${rnd(s, 45)} end)::int,
               total,
               total * (8 + floor(${rnd(s, 46)} * 60)::int),
               -- Some time in the paid year, and not in the future.
               l.paid + least(${nowSql(seed)} - l.paid, interval '365 days') * ${rnd(s, 47)}
        from seed_learners l
        cross join lateral generate_series(0, l.next - l.first - 1) as j
        cross join lateral (select ${mode} as mode, ${difficulty} as difficulty) as kind
        cross join lateral (select case mode when ${V.flashcards} then 20 when ${V.typing} then 10
               else (array[10, 20, 25, 50])[1 + floor(${rnd(s, 44)} * 4)::int] end as total) as size
        where l.idx between ${from} and ${to}
        order by l.idx, j
        returning 1
      )
      select count(*) from inserted`);
    inserted += Number(result[0]?.count ?? 0);
    console.log(
      `  study_sessions: ${format(inserted)} / ${format(seed.sessions)} (${seconds(started)})`,
    );
  }
  await seed.session.exec('drop table seed_learners');
  return inserted;
}

/**
 * Results of paid registrations whose exam date has passed, in a shuffled (hashed) order; when
 * there are fewer such registrations than --results, some report more than once.
 */
async function seedExamResults(seed: Seed): Promise<number> {
  if (seed.results === 0) return 0;
  const r = 'substr(e.payment_id, 9)::int8';
  await seed.session.exec(`
    drop table if exists seed_examined;
    create temp table seed_examined as
    select row_number() over (order by ${rnd(r, 50)}) as idx, e.id, e.user_id, e.exam_date
    from exam_registrations e
    where e.payment_status = ${V.completed} and e.payment_id like 'cs_seed_%'
      and e.exam_date < (${nowSql(seed)})::date;
    create index on seed_examined (idx);
    analyze seed_examined;`);
  const [examined] = await seed.session.rows<{ count: string }>(
    'select count(*) from seed_examined',
  );
  const candidates = Number(examined?.count ?? 0);
  if (candidates === 0) {
    console.log('  no paid registration has a past exam date: no results');
    return 0;
  }
  const result = await seed.session.rows<{ count: string }>(`
    with inserted as (
      insert into exam_results (id, user_id, exam_registration_id, result, agreed_to_share,
        created_at)
      select ${orderedUuid('i', 4)}, x.user_id, x.id,
             case when ${rnd('i', 51)} < 0.6 then ${V.pass} else ${V.fail} end,
             ${rnd('i', 52)} < 0.5, x.reported
      from (
        select i, x.user_id, x.id,
               -- Reported one to three weeks after the exam, and not in the future.
               least(${nowSql(seed)},
                 x.exam_date + interval '1 day' + interval '20 days' * ${rnd('i', 53)}) as reported
        from generate_series(1, ${seed.results}) as i
        join seed_examined x on x.idx = (i - 1) % ${candidates} + 1
        order by reported
      ) as x
      returning 1
    )
    select count(*) from inserted`);
  await seed.session.exec('drop table seed_examined');
  return Number(result[0]?.count ?? 0);
}

// ---------------------------------------------------------------------------------------------
// Loading a table: indexes and foreign keys are rebuilt after the rows are in
// ---------------------------------------------------------------------------------------------

type Definition = { name: string; definition: string };

/**
 * Loads one table in one transaction, with its foreign keys and (unless its triggers read them)
 * its plain indexes dropped first and created again after the rows are in:
 * - one sort per index (with the session's maintenance_work_mem) instead of millions of inserts
 *   into random pages of each index;
 * - one anti-join per foreign key when the constraint is added again (PostgreSQL validates all
 *   rows in one query) instead of a trigger running a lookup for each inserted row, which is
 *   what makes a 10-million-row insert slow.
 * The primary key and unique constraints stay (other tables' foreign keys may depend on them).
 * Triggers stay enabled: the app's statement-level triggers (migrations 0009 and 0010: running
 * totals for the dashboard, copies of the latest result and subscription) see the seed's rows as
 * they see the app's.
 * Definitions are read from the catalog, so indexes a later migration adds are handled the same
 * way. If anything fails, the transaction rolls back and the schema is as it was.
 */
async function loadTable(
  seed: Seed,
  table: (typeof SEEDED_TABLES)[number],
  load: (seed: Seed) => Promise<number>,
): Promise<void> {
  const { session } = seed;
  const started = performance.now();
  await session.exec('begin');
  try {
    const foreignKeys = await session.rows<Definition>(`
      select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
      where conrelid = '${table}'::regclass and contype = 'f' order by conname`);
    const deferIndexes = !READ_BY_THEIR_TRIGGERS.has(table);
    if (!deferIndexes) {
      console.log(`  ${table}: its triggers read it, so its indexes stay during the load`);
    }
    if (UPDATED_BY_TRIGGERS.has(table)) {
      await session.exec(`alter table ${table} set (fillfactor = 50)`);
    }
    const indexes = await session.rows<Definition>(`
      select x.indexrelid::regclass::text as name, pg_get_indexdef(x.indexrelid) as definition
      from pg_index x
      where x.indrelid = '${table}'::regclass and ${deferIndexes}
        and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)
      order by 1`);
    for (const key of foreignKeys) {
      await session.exec(`alter table ${table} drop constraint "${key.name}"`);
    }
    for (const index of indexes) await session.exec(`drop index ${index.name}`);

    const rows = await load(seed);
    console.log(`  ${table}: ${format(rows)} rows inserted (${seconds(started)})`);

    for (const index of indexes) {
      const built = performance.now();
      await session.exec(index.definition);
      console.log(`  ${table}: index ${index.name} (${seconds(built)})`);
    }
    for (const key of foreignKeys) {
      const checked = performance.now();
      await session.exec(`alter table ${table} add constraint "${key.name}" ${key.definition}`);
      console.log(`  ${table}: foreign key ${key.name} checked (${seconds(checked)})`);
    }
    await session.exec('commit');
  } catch (error) {
    await session.exec('rollback');
    throw error;
  }
  timings.push({ step: table, seconds: (performance.now() - started) / 1000 });
  console.log(`${table}: done in ${seconds(started)}`);
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

const timings: { step: string; seconds: number }[] = [];

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

function format(count: number): string {
  return count.toLocaleString('en-US');
}

/**
 * The tables loaded with room for the triggers' updates get their usual fill factor back and are
 * rewritten compactly (VACUUM FULL, which also rebuilds their indexes). HOT updates stayed on their
 * page, so the rows keep the time order they were inserted in, as the app leaves them.
 */
async function compactUpdatedTables(session: Session): Promise<void> {
  for (const table of UPDATED_BY_TRIGGERS) {
    const started = performance.now();
    await session.exec(`alter table ${table} reset (fillfactor)`);
    await session.exec(`vacuum full ${table}`);
    timings.push({ step: `compact ${table}`, seconds: (performance.now() - started) / 1000 });
    console.log(`compact ${table}: vacuum full (${seconds(started)})`);
  }
}

/** Empties every table of the app (the migrations' own bookkeeping lives in another schema). */
async function resetTables(session: Session): Promise<void> {
  const tables = await session.rows<{ name: string }>(
    `select quote_ident(tablename) as name from pg_tables where schemaname = 'public'`,
  );
  if (tables.length === 0) return;
  const started = performance.now();
  await session.exec(`truncate ${tables.map((table) => table.name).join(', ')} cascade`);
  console.log(`reset: ${tables.length} tables truncated (${seconds(started)})`);
}

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
