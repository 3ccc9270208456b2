// Database restart under load (issue 13, Faults): the server runs on a PostgreSQL cluster of
// our own, which is stopped (fast shutdown) for a few seconds under the load of 20 students.
// During the outage every request must be answered 503 with a message within 10 s (never a
// 500, a dropped connection or a hang), /api/health must say 503, the server must recover by
// itself once the database is back, and no acknowledged write may be lost.
// Run: npm run build && npm run faults:db-restart
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { startBuiltServer } from '../bench/server.mjs';
import { onCleanup, runFault, temporaryFolder } from './cleanup.mjs';
import { freePort } from '../bench/free-port.mjs';
import { watchHealth } from './health.mjs';
import { startOwnPostgres, withClient } from './postgres.mjs';
import { makeStudents } from './students.mjs';
import { checkWrites } from './verify.mjs';
import { acknowledgedCount, createLedger, describeFailures, startWorkload } from './workload.mjs';

const PORT = 4320;
const LOAD_BEFORE_MS = 3_000;
const OUTAGE_MS = 5_000;
const LOAD_AFTER_MS = 3_000;
/** The server must be healthy again this soon after the database is. */
const RECOVERY_LIMIT_MS = 15_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

await runFault('database restart under load', async () => {
  const postgres = await startOwnPostgres(await freePort());
  const secret = `whsec_${randomBytes(16).toString('hex')}`;
  const dataDir = temporaryFolder('db-restart');
  const server = await startBuiltServer({
    port: PORT,
    dataDir,
    env: { TRUST_PROXY: 'on', STRIPE_WEBHOOK_SECRET: secret, DATABASE_URL: postgres.url },
  });
  onCleanup(() => server.stop());

  const { students, pending } = await makeStudents(server.url, { paid: 20, pending: 10 });
  const ledger = createLedger();
  const target = () => server.url;
  const load = startWorkload({ target, students, pending, webhookSecret: secret, ledger });
  const health = watchHealth(target);
  await sleep(LOAD_BEFORE_MS);

  const beforeOutage = acknowledgedCount(ledger);
  const down = Date.now();
  await postgres.stop();
  await sleep(OUTAGE_MS);
  await postgres.start();
  const back = Date.now();
  const healthyAt = await health.healthySince(back, RECOVERY_LIMIT_MS);
  await sleep(LOAD_AFTER_MS);
  await load.stop();
  await health.stop();
  await server.stop();
  const afterOutage = acknowledgedCount(ledger) - beforeOutage;

  const result = await withClient(postgres.url, (client) =>
    checkWrites(async (sql, params) => (await client.query(sql, params)).rows, ledger, {
      uploadsDir: join(dataDir, 'uploads'),
    }),
  );
  const healthDown = health.probes.filter((probe) => probe.at >= down && probe.at < back);
  const healthSaid503 = healthDown.some((probe) => probe.status === 503);
  const failures = describeFailures(ledger);
  console.log(
    `database restart under load: ${acknowledgedCount(ledger)} acknowledged, ${result.lost} lost, ` +
      `${result.halfWritten} half-written; ${OUTAGE_MS / 1000} s outage: ` +
      `${ledger.unavailable} answered 503, ${ledger.interrupted} dropped, ${ledger.hung} hung, ` +
      `slowest ${(ledger.slowestMs / 1000).toFixed(1)} s, health ${healthSaid503 ? '503' : 'never 503'}; ` +
      (healthyAt
        ? `healthy ${((healthyAt - back) / 1000).toFixed(1)} s after the database was back`
        : `not healthy ${RECOVERY_LIMIT_MS / 1000} s after the database was back`) +
      `, ${afterOutage} writes after` +
      (failures ? `; unexpected: ${failures}` : '') +
      (result.details.length ? ` [${result.details.join('; ')}]` : ''),
  );
  const ok =
    result.lost === 0 &&
    result.halfWritten === 0 &&
    ledger.unexpected.length === 0 &&
    ledger.interrupted === 0 &&
    ledger.hung === 0 &&
    ledger.unavailable > 0 &&
    healthSaid503 &&
    healthyAt !== undefined &&
    afterOutage > 0;
  if (!ok) process.exitCode = 1;
});
