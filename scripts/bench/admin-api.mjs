// The admin API at scale: p50 / p95 / max of every admin call (the cards, the revenue breakdown,
// the result counts, the top 5 exam types, the first page of the user table with and without
// each filter, searches and sorts), 50 sequential requests each and again with 4 concurrent
// clients, against the database that `npm run seed:scale` filled (1,000,000 users).
// Goal (admin dashboard issue): p95 at most 200 ms for every call. Exits non-zero only on errors.
// Run: npm run build && npm run seed:scale && npm run bench:admin
// BENCH_DATABASE_URL picks the database (default the seed's, starprep_scale on 127.0.0.1);
// BENCH_REQUESTS the requests per call (default 50).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { startBuiltServer } from './server.mjs';

export const DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/starprep_scale';
export const ADMIN_EMAIL = 'bench-admin@starprep.test';
const ADMIN_PASSWORD = 'Bench-Admin-Scale-2718!';
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 50);
const CONCURRENCY = 4;
const GOAL_P95_MS = 200;

/** Surnames from scripts/seed-scale/synthetic-data.ts: about 12,000 people share the first, a few dozen the other. */
const COMMON_SURNAME = 'Nguyen';
const RARE_SURNAME = 'Threlkeld';

/** Stops with a message when the build or the seeded data is missing. */
export async function checkPrerequisites() {
  if (!existsSync('dist/server/index.js')) {
    console.error('No build: run npm run build first.');
    process.exit(1);
  }
  const client = new pg.Client({ connectionString: DATABASE_URL });
  try {
    await client.connect();
  } catch (error) {
    console.error(`Cannot connect to ${DATABASE_URL}: ${error.message}`);
    console.error('Seed it first: npm run seed:scale');
    process.exit(1);
  }
  try {
    const { rows } = await client
      .query(
        `select (select count(*) from users where role = 'user')::int as users,
                (select count(*) from exam_registrations)::int as registrations`,
      )
      // A database without the app's tables has not been seeded (nor migrated) yet.
      .catch(() => ({ rows: [{ users: 0, registrations: 0 }] }));
    const { users, registrations } = rows[0];
    if (users === 0) {
      console.error(`${DATABASE_URL} has no students: run npm run seed:scale first.`);
      process.exit(1);
    }
    return { users, registrations };
  } finally {
    await client.end();
  }
}

/**
 * The bench admin through the project's CLI (creates it, or makes it an admin again with this
 * password). The CLI opens the database the way the server does, so it also applies a pending
 * migration, with no start-up timeout (index builds on a million rows take a while).
 */
export function createAdmin() {
  const dataDir = mkdtempSync(join(tmpdir(), 'starprep-bench-admin-'));
  try {
    const started = performance.now();
    const result = spawnSync(
      'npm',
      [
        'run',
        '--silent',
        'admin:create',
        '--',
        '--email',
        ADMIN_EMAIL,
        '--password',
        ADMIN_PASSWORD,
      ],
      {
        env: { ...process.env, DATABASE_URL, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    if (result.status !== 0) {
      throw new Error(`npm run admin:create failed (${result.status}):\n${result.stderr}`);
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`${result.stdout.trim()} (${seconds} s)`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Signs the bench admin in; returns the Cookie header for the next requests. */
export async function adminLogin(url) {
  const response = await fetch(`${url}/api/admin/login`, {
    method: 'POST',
    // Same-origin, as the browser's login form sends it (cross-origin posts are refused).
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  if (!response.ok) {
    throw new Error(`admin login: ${response.status} ${await response.text()}`);
  }
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  if (!cookie) throw new Error('admin login: no session cookie in the response');
  return cookie;
}

/** Seeded database, admin account, built server on it, signed in. */
export async function startAdminBench(port) {
  const counts = await checkPrerequisites();
  console.log(
    `database ${DATABASE_URL}: ${counts.users.toLocaleString('en-US')} students, ` +
      `${counts.registrations.toLocaleString('en-US')} registrations`,
  );
  createAdmin();
  const server = await startBuiltServer({ port, env: { DATABASE_URL } });
  try {
    const cookie = await adminLogin(server.url);
    return { server, cookie, counts };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

export function percentile(samples, share) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))];
}

/** One request, read to the end; returns the elapsed milliseconds and the parsed body. */
async function timedGet(url, cookie) {
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie } });
  const text = await response.text();
  const elapsed = performance.now() - started;
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${text.slice(0, 300)}`);
  return { elapsed, body: JSON.parse(text) };
}

async function sequential(url, cookie, count) {
  const samples = [];
  for (let i = 0; i < count; i += 1) samples.push((await timedGet(url, cookie)).elapsed);
  return samples;
}

async function concurrent(url, cookie, count, clients) {
  const samples = [];
  let remaining = count;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (remaining > 0) {
        remaining -= 1;
        samples.push((await timedGet(url, cookie)).elapsed);
      }
    }),
  );
  return samples;
}

function describe(body) {
  if (Array.isArray(body?.rows)) return `${body.total.toLocaleString('en-US')} matching`;
  if (Array.isArray(body?.examTypes)) return body.examTypes.map((row) => row.examType).join(', ');
  return JSON.stringify(body).slice(0, 60);
}

async function main() {
  const { server, cookie } = await startAdminBench(3931);
  let failed = false;
  try {
    const api = `${server.url}/api/admin`;
    const top = await timedGet(`${api}/stats/exam-types`, cookie);
    const commonType = top.body.examTypes[0]?.examType ?? 'NCLEX';
    const q = (params) => `${api}/registrations?${new URLSearchParams(params)}`;
    const calls = [
      ['stats/cards', `${api}/stats/cards`],
      ['stats/revenue', `${api}/stats/revenue`],
      ['stats/results', `${api}/stats/results`],
      ['stats/exam-types (top 5)', `${api}/stats/exam-types`],
      ['table: first page', q({})],
      ['table: state=California', q({ state: 'California' })],
      [`table: examType=${commonType}`, q({ examType: commonType })],
      ['table: state + examType', q({ state: 'California', examType: commonType })],
      [`table: search=${COMMON_SURNAME}`, q({ search: COMMON_SURNAME })],
      [`table: search=${RARE_SURNAME}`, q({ search: RARE_SURNAME })],
      ['table: search=son (3 letters)', q({ search: 'son' })],
      ['table: search=ma (2 letters)', q({ search: 'ma' })],
      ['table: search + state', q({ search: COMMON_SURNAME, state: 'California' })],
      ['table: sort=name asc', q({ sort: 'name', order: 'asc' })],
      ['table: sort=examDate desc', q({ sort: 'examDate' })],
      ['table: page 2, 100 rows', q({ page: '2', pageSize: '100' })],
    ];

    // Warm-up: the server's JIT, the connection pool and PostgreSQL's cache.
    for (const [, url] of calls) {
      for (let i = 0; i < 3; i += 1) await timedGet(url, cookie);
    }

    const rows = [];
    for (const [label, url] of calls) {
      const { body } = await timedGet(url, cookie);
      const alone = await sequential(url, cookie, REQUESTS);
      const together = await concurrent(url, cookie, REQUESTS, CONCURRENCY);
      rows.push({ label, alone, together, note: describe(body) });
    }

    const ms = (value) => value.toFixed(1).padStart(7);
    console.log(
      `\n${REQUESTS} requests per call, sequential; then ${CONCURRENCY} concurrent clients ` +
        `(p95 under load). Goal: p95 ≤ ${GOAL_P95_MS} ms (sequential).\n`,
    );
    console.log(
      `${'call'.padEnd(32)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'max'.padStart(7)}` +
        `   ${'p95 ×4'.padStart(7)}  goal  result`,
    );
    let missed = 0;
    for (const row of rows) {
      const p95 = percentile(row.alone, 0.95);
      const met = p95 <= GOAL_P95_MS;
      if (!met) missed += 1;
      console.log(
        `${row.label.padEnd(32)} ${ms(percentile(row.alone, 0.5))} ${ms(p95)} ` +
          `${ms(Math.max(...row.alone))}   ${ms(percentile(row.together, 0.95))}  ` +
          `${met ? 'met ' : 'MISS'}  ${row.note}`,
      );
    }
    console.log(
      missed === 0
        ? `\nevery call met the goal (p95 ≤ ${GOAL_P95_MS} ms)`
        : `\n${missed} of ${rows.length} calls missed the goal (p95 ≤ ${GOAL_P95_MS} ms)`,
    );
  } catch (error) {
    failed = true;
    console.error(error);
  } finally {
    await server.stop();
  }
  process.exitCode = failed ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await main();
