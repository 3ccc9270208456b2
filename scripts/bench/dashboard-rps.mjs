// GET /api/dashboard requests per second and p99 with autocannon at 50 connections, on PGlite and
// on PostgreSQL, next to a bare node:http server answering a dashboard-sized JSON in the same run.
// Goal (issue 6): on PostgreSQL at least 10 % of the bare server's rate, p99 at most 25 ms.
// 50 paid students, each with a few saved sessions; every request is the next student's.
// Run: npm run build && npm run bench:dashboard   (BENCH_DATABASE_URL picks the PostgreSQL server;
// default postgres://root@127.0.0.1:5432/postgres, where a throwaway database is created)
import { createServer } from 'node:http';
import autocannon from 'autocannon';
import pg from 'pg';
import { confirm, signUp, uniqueEmail } from './accounts.mjs';
import { startBuiltServer } from './server.mjs';

const STUDENTS = 50;
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';

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
  await autocannon({ ...options, duration: 2 }); // warm-up
  const result = await autocannon({ ...options, duration: DURATION_S });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  return { rps: result.requests.average, p99: result.latency.p99 };
}

async function dashboardOn(label, port, env) {
  const server = await startBuiltServer({ port, env: { TRUST_PROXY: 'on', ...env } });
  try {
    const cookies = [];
    for (let i = 0; i < STUDENTS; i += 1) cookies.push(await paidStudent(server.url));
    const sample = await fetch(`${server.url}/api/dashboard`, { headers: { cookie: cookies[0] } });
    const bodyBytes = (await sample.text()).length;
    return { label, bodyBytes, ...(await measure(`${server.url}/api/dashboard`, cookies)) };
  } finally {
    await server.stop();
  }
}

const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
const databaseName = `starprep_bench_${process.pid}`;
await admin.query(`create database ${databaseName}`);
const postgresUrl = new URL(ADMIN_URL);
postgresUrl.pathname = `/${databaseName}`;

const results = [];
try {
  results.push(await dashboardOn('PGlite', 3911, {}));
  results.push(await dashboardOn('PostgreSQL', 3912, { DATABASE_URL: postgresUrl.toString() }));
} finally {
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.end();
}

const body = JSON.stringify({ padding: 'x'.repeat(results[0].bodyBytes) });
const bare = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(body);
}).listen(3913);
const baseline = await measure('http://localhost:3913/', []);
bare.close();

console.log(`bare node:http: ${Math.round(baseline.rps)} req/s (p99 ${baseline.p99} ms)`);
for (const result of results) {
  const share = result.rps / baseline.rps;
  console.log(
    `dashboard on ${result.label}: ${Math.round(result.rps)} req/s, p99 ${result.p99} ms, ` +
      `${(share * 100).toFixed(1)} % of bare`,
  );
}
const postgres = results[1];
const met = postgres.rps / baseline.rps >= 0.1 && postgres.p99 <= 25;
console.log(`goal on PostgreSQL (≥ 10 % of bare, p99 ≤ 25 ms): ${met ? 'met' : 'missed'}`);
process.exitCode = met ? 0 : 1;
