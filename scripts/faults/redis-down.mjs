// Redis down (issue 13, Faults), with REDIS_URL on a Redis of our own. The rule under test
// (src/server/lib/rate-limit/rate-limiter.ts): while Redis cannot be reached, each app instance
// counts the attempts in its own memory with the same limits (rate-limiter-flexible's
// insuranceLimiter), so sign-in keeps working, guessing is still cut off after 5 tries per
// e-mail, no request waits on the dead Redis, and nothing answers 500. Once Redis is back the
// counters are kept in it again. Runs on a scratch database of FAULTS_DATABASE_URL's server.
// Run: npm run build && npm run faults:redis
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import { pendingStudent } from '../bench/accounts.mjs';
import { startBuiltServer } from '../bench/server.mjs';
import { onCleanup, runFault, temporaryFolder } from './cleanup.mjs';
import { freePort } from '../bench/free-port.mjs';
import { startOwnRedis } from './redis.mjs';
import { scratchDatabase, sharedServerUrl } from './postgres.mjs';

const PORT = 4340;
/** The login limit per e-mail (src/shared/limits.ts): the 6th wrong password is refused. */
const LOGIN_ATTEMPTS = 5;
/** No answer may take longer while Redis is down (its commands time out after 1 s). */
const ANSWER_LIMIT_MS = 2_000;

let addresses = 0;

await runFault('Redis down', async () => {
  const redis = await startOwnRedis(await freePort());
  const server = await startBuiltServer({
    port: PORT,
    dataDir: temporaryFolder('redis'),
    env: {
      TRUST_PROXY: 'on',
      REDIS_URL: redis.url,
      DATABASE_URL: await scratchDatabase(sharedServerUrl()),
    },
  });
  onCleanup(() => server.stop());
  const students = [];
  for (let i = 0; i < 5; i += 1) students.push(await pendingStudent(server.url));

  const answers = [];
  const login = async (email, password) => {
    addresses += 1; // a new client address each time: only the per-e-mail limit applies
    const started = performance.now();
    const response = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.0.${addresses}` },
      body: JSON.stringify({ email, password }),
      signal: AbortSignal.timeout(15_000),
    }).catch(() => undefined);
    answers.push({ status: response?.status ?? 0, ms: performance.now() - started });
    return response?.status ?? 0;
  };
  /** Wrong passwords until refused: how many were let through before the 429 (or all). */
  const guessesAllowed = async (email) => {
    for (let guess = 1; guess <= LOGIN_ATTEMPTS + 2; guess += 1) {
      if ((await login(email, 'Wrong-password-1')) === 429) return guess - 1;
    }
    return LOGIN_ATTEMPTS + 2;
  };
  const client = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  const counted = async (email) => {
    const key = createHash('sha256').update(email.toLowerCase()).digest('hex');
    await client.connect().catch(() => {});
    const found = (await client.exists(`rate-limit:login-email:${key}`)) === 1;
    client.disconnect();
    return found;
  };
  const [before, during, sign, probe, after] = students;

  const allowedBefore = await guessesAllowed(before.email);
  const countedBefore = await counted(before.email);
  await redis.stop();
  const signInDuring = await login(sign.email, 'Analytical1843');
  const allowedDuring = await guessesAllowed(during.email);
  await redis.start();
  // The server's client reconnects with ioredis' backoff; until then memory still counts, so
  // one wrong password at a time until one is counted in Redis again.
  const back = Date.now();
  let countedAfter = false;
  while (!countedAfter && Date.now() - back < 15_000) {
    await login(probe.email, 'Wrong-password-1');
    countedAfter = await counted(probe.email);
    if (!countedAfter) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const recoveredMs = Date.now() - back;
  const allowedAfter = await guessesAllowed(after.email);
  const countedAfterRecovery = await counted(after.email);

  const serverErrors = answers.filter((answer) => answer.status >= 500 || answer.status === 0);
  const slowest = Math.max(...answers.map((answer) => answer.ms));
  console.log(
    `Redis down: ${answers.length} sign-ins, ${serverErrors.length} 5xx or unanswered, slowest ` +
      `${Math.round(slowest)} ms; wrong passwords let through before the 429: ${allowedBefore} ` +
      `with Redis, ${allowedDuring} while down (counted in memory), ${allowedAfter} after; ` +
      `right password while down: ${signInDuring}; counting in Redis again after ` +
      `${(recoveredMs / 1000).toFixed(1)} s`,
  );
  const ok =
    serverErrors.length === 0 &&
    slowest < ANSWER_LIMIT_MS &&
    allowedBefore === LOGIN_ATTEMPTS &&
    countedBefore &&
    allowedDuring === LOGIN_ATTEMPTS &&
    signInDuring === 200 &&
    countedAfter &&
    allowedAfter === LOGIN_ATTEMPTS &&
    countedAfterRecovery;
  if (!ok) process.exitCode = 1;
});
