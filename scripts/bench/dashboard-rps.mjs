// GET /api/dashboard requests per second and p99 with autocannon at 50 connections on
// PostgreSQL, against the fair reference of issue 17: a bare node:http + pg server running the
// same SQL (captured from StarPrep on the wire: same text, statement names, parameters, pool
// size) and sending the same JSON (same-sql-server.mjs). The two are measured in turns, several
// rounds, on the same seeded students and cookies; the ratio R is of their requests per second.
// Goal: R ≥ 0.8 and StarPrep's p99 at most twice the reference's. A bare node:http server answering
// a constant is measured too, as information only (BENCH_PGLITE=1 adds the embedded database).
// 50 paid students, each with three saved sessions; every request is the next student's.
// Run: npm run build && npm run bench:dashboard   (BENCH_DATABASE_URL picks the PostgreSQL server,
// default postgres://root@127.0.0.1:5432/postgres, where a throwaway database is created;
// BENCH_PORT the first of the five ports used, default 3911; BENCH_ROUNDS, BENCH_SECONDS)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { confirm, signUp, uniqueEmail } from './accounts.mjs';
import { startCapture } from './pg-capture.mjs';
import { startBuiltServer } from './server.mjs';

const STUDENTS = 50;
const CONNECTIONS = 50;
/** StarPrep's pool (src/server/db/client.ts); the reference uses the same. */
const POOL_SIZE = 10;
const SESSION_COOKIE = 'starprep.session_token'; // advanced.cookiePrefix in auth-library.ts
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Math.max(2, Number(process.env.BENCH_ROUNDS ?? 3));
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
const PORT = Number(process.env.BENCH_PORT ?? 3911);
/** One signing secret for the three starts on the database, so the seeded cookies stay valid. */
const AUTH_SECRET = randomBytes(32).toString('hex');
const ports = {
  pglite: PORT,
  starprep: PORT + 1,
  capture: PORT + 2,
  reference: PORT + 3,
  bare: PORT + 4,
};

async function post(url, path, cookie, body) {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** A paid student with three saved sessions; returns the session cookie. */
async function paidStudent(url) {
  const email = uniqueEmail();
  await signUp(url, email);
  const { cookie } = await confirm(url, email);
  const { url: checkoutUrl } = await post(url, '/api/billing/checkout', cookie, {});
  const sessionId = checkoutUrl.split('/checkout/test/')[1];
  await post(url, `/api/billing/test-checkout/${sessionId}/pay`, cookie, {
    cardNumber: '4242424242424242',
    expiry: '12/40',
    cvc: '123',
  });
  const latest = await fetch(`${url}/api/registration/latest`, { headers: { cookie } });
  const { registration } = await latest.json();
  for (const mode of ['multiple_choice', 'flashcards', 'typing']) {
    const started = await post(url, '/api/study/sessions', cookie, {
      registrationId: registration.id,
      mode,
      difficulty: 'medium',
    });
    await post(url, `/api/study/sessions/${started.id}/complete`, cookie, {
      score: 5,
      answered: 10,
    });
  }
  return cookie;
}

async function measure(url, cookies) {
  let next = 0;
  const options = {
    url,
    connections: CONNECTIONS,
    requests: [
      {
        setupRequest: (request) => {
          const cookie = cookies[next % cookies.length];
          next += 1;
          return cookie ? { ...request, headers: { ...request.headers, cookie } } : request;
        },
      },
    ],
  };
  // Warm-up, long enough for the JIT and for every pooled connection to be open (and prepared).
  await autocannon({ ...options, duration: 5 });
  const result = await autocannon({ ...options, duration: DURATION_S });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  return { rps: result.requests.average, p99: result.latency.p99 };
}

async function seededServer(port, env) {
  const server = await startBuiltServer({ port, env: { TRUST_PROXY: 'on', ...env } });
  const cookies = [];
  for (let i = 0; i < STUDENTS; i += 1) cookies.push(await paidStudent(server.url));
  return { server, cookies };
}

/** The session token inside a cookie header (the signed value, before its signature). */
function tokenOf(cookie) {
  const signed = decodeURIComponent(cookie.split(`${SESSION_COOKIE}=`)[1].split(';')[0]);
  return signed.slice(0, signed.lastIndexOf('.'));
}

/**
 * The statements StarPrep runs for one dashboard request, recorded on the wire: StarPrep runs once
 * more on the same database through the capturing proxy, answers one request, and stops. Each
 * parameter is named by what it is: the cookie's token, the user id, the time, or a constant.
 */
async function captureDashboardSql(databaseUrl, cookie) {
  const capture = await startCapture({
    port: ports.capture,
    target: { host: databaseUrl.hostname, port: Number(databaseUrl.port || 5432) },
  });
  const viaProxy = new URL(databaseUrl);
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(ports.capture);
  const server = await startBuiltServer({
    port: ports.starprep,
    env: { AUTH_SECRET, DATABASE_URL: viaProxy.toString() },
  });
  let recorded;
  try {
    const url = `${server.url}/api/dashboard`;
    await fetch(url, { headers: { cookie } }); // prepares whatever StarPrep prepares per connection
    capture.start();
    const response = await fetch(url, { headers: { cookie } });
    if (!response.ok) throw new Error(`capture: ${response.status}`);
    await response.text();
    recorded = capture.stop();
  } finally {
    await server.stop();
    await capture.close();
  }
  const token = tokenOf(cookie);
  const client = new pg.Client({ connectionString: databaseUrl.toString() });
  await client.connect();
  const { rows } = await client.query('select user_id from sessions where token = $1', [token]);
  await client.end();
  const userId = rows[0].user_id;
  const capturedAt = Date.now();
  const kindOf = (value) => {
    if (value === token) return { kind: 'token' };
    if (value === userId) return { kind: 'user' };
    const time = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(value ?? '') && Date.parse(value);
    if (time && Math.abs(time - capturedAt) < 120_000) return { kind: 'now' };
    return { kind: 'constant', value };
  };
  return recorded.map(({ name, text, values }) => ({ name, text, parameters: values.map(kindOf) }));
}

function startReference(config) {
  const folder = mkdtempSync(join(tmpdir(), 'starprep-reference-'));
  const file = join(folder, 'config.json');
  writeFileSync(file, JSON.stringify(config));
  const child = spawn(process.execPath, ['scripts/bench/same-sql-server.mjs', file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the reference server exited (${code})`)));
    child.stdout.once('data', () =>
      resolve({
        url: `http://localhost:${config.port}`,
        stop: async () => {
          child.removeAllListeners('exit');
          child.kill('SIGTERM');
          await new Promise((done) => child.once('exit', done));
          rmSync(folder, { recursive: true, force: true });
        },
      }),
    );
  });
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
const loadBefore = load();

const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
const databaseName = `starprep_bench_${process.pid}`;
await admin.query(`create database ${databaseName}`);
const postgresUrl = new URL(ADMIN_URL);
postgresUrl.pathname = `/${databaseName}`;

const rounds = [];
let statements;
let bodyBytes;
try {
  // Seeded once, on the server that is measured afterwards.
  const seeded = await seededServer(ports.starprep, {
    AUTH_SECRET,
    DATABASE_URL: postgresUrl.toString(),
  });
  const bodies = {};
  const { cookies } = seeded;
  await seeded.server.stop();
  statements = await captureDashboardSql(postgresUrl, cookies[0]);

  const starprep = await startBuiltServer({
    port: ports.starprep,
    env: { TRUST_PROXY: 'on', AUTH_SECRET, DATABASE_URL: postgresUrl.toString() },
  });
  let reference;
  try {
    const lookup = new pg.Client({ connectionString: postgresUrl.toString() });
    await lookup.connect();
    for (const cookie of cookies) {
      const response = await fetch(`${starprep.url}/api/dashboard`, { headers: { cookie } });
      const { rows } = await lookup.query('select user_id from sessions where token = $1', [
        tokenOf(cookie),
      ]);
      bodies[rows[0].user_id] = await response.text();
    }
    await lookup.end();
    bodyBytes = Object.values(bodies)[0].length;
    reference = await startReference({
      port: ports.reference,
      databaseUrl: postgresUrl.toString(),
      poolSize: POOL_SIZE,
      cookieName: SESSION_COOKIE,
      statements,
      bodies,
    });
    const same = await fetch(`${reference.url}/`, { headers: { cookie: cookies[0] } });
    if ((await same.text()) !== Object.values(bodies)[0]) {
      throw new Error('the reference does not answer what StarPrep answers');
    }
    for (let round = 0; round < ROUNDS; round += 1) {
      const ours = await measure(`${starprep.url}/api/dashboard`, cookies);
      const theirs = await measure(`${reference.url}/`, cookies);
      rounds.push({ ours, theirs });
      console.log(
        `round ${round + 1}: StarPrep ${Math.round(ours.rps)} req/s p99 ${ours.p99} ms, ` +
          `same SQL ${Math.round(theirs.rps)} req/s p99 ${theirs.p99} ms, ` +
          `R ${(ours.rps / theirs.rps).toFixed(2)}, load ${load()}`,
      );
    }
  } finally {
    await reference?.stop();
    await starprep.stop();
  }
} catch (error) {
  console.error(error);
  throw error;
} finally {
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.end();
}

let pglite;
if (process.env.BENCH_PGLITE === '1') {
  const { server, cookies } = await seededServer(ports.pglite, {});
  try {
    pglite = await measure(`${server.url}/api/dashboard`, cookies);
  } finally {
    await server.stop();
  }
}

const constant = JSON.stringify({ padding: 'x'.repeat(bodyBytes) });
const bare = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(constant);
}).listen(ports.bare);
const baseline = await measure(`http://localhost:${ports.bare}/`, []);
bare.close();

const ours = { rps: mean(rounds.map((r) => r.ours.rps)), p99: mean(rounds.map((r) => r.ours.p99)) };
const theirs = {
  rps: mean(rounds.map((r) => r.theirs.rps)),
  p99: mean(rounds.map((r) => r.theirs.p99)),
};
const ratio = ours.rps / theirs.rps;
console.log(
  `statements per request: ${statements.length} (${statements.map((s) => s.name || 'unnamed').join(', ')})`,
);
console.log(
  `dashboard vs same SQL: ${ratio.toFixed(2)} (StarPrep ${Math.round(ours.rps)} req/s, ` +
    `p99 ${ours.p99.toFixed(0)} ms; reference ${Math.round(theirs.rps)} req/s, ` +
    `p99 ${theirs.p99.toFixed(0)} ms; ${rounds.length} rounds; load ${loadBefore} before, ${load()} after)`,
);
if (pglite)
  console.log(`dashboard on PGlite: ${Math.round(pglite.rps)} req/s, p99 ${pglite.p99} ms`);
console.log(
  `information: bare node:http answering a constant ${Math.round(baseline.rps)} req/s ` +
    `(p99 ${baseline.p99} ms); StarPrep is ${((ours.rps / baseline.rps) * 100).toFixed(1)} % of it`,
);
const met = ratio >= 0.8 && ours.p99 <= 2 * theirs.p99;
console.log(`goal (R ≥ 0.8, p99 at most twice the reference's): ${met ? 'met' : 'missed'}`);
process.exitCode = met ? 0 : 1;
