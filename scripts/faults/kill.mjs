// kill -9 under writes (issue 13, Faults): 20 paid students answer, upload and pay through
// webhooks; the server is killed with SIGKILL mid-load and started again on the same data;
// every acknowledged write must be in the database and nothing half-written. Run once on
// PostgreSQL (a scratch database on the server at FAULTS_DATABASE_URL, dropped afterwards) and
// once on the embedded PGlite, whose data folder must open again after the kill.
// Run: npm run build && npm run faults:kill
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { startBuiltServer } from '../bench/server.mjs';
import { onCleanup, runFault, temporaryFolder } from './cleanup.mjs';
import { withEmbeddedDatabase } from './pglite.mjs';
import { scratchDatabase, sharedServerUrl, withClient } from './postgres.mjs';
import { makeStudents } from './students.mjs';
import { checkWrites } from './verify.mjs';
import { acknowledgedCount, createLedger, describeFailures, startWorkload } from './workload.mjs';

const PORT = 4310;
/** Load before the kill, and after the restart (to see the restarted server take writes). */
const LOAD_BEFORE_MS = 4_000;
const LOAD_AFTER_MS = 3_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function killUnderWrites(label, databaseUrl) {
  const secret = `whsec_${randomBytes(16).toString('hex')}`;
  const dataDir = temporaryFolder('kill');
  const env = {
    TRUST_PROXY: 'on',
    STRIPE_WEBHOOK_SECRET: secret,
    ...(databaseUrl && { DATABASE_URL: databaseUrl }),
  };
  let server = await startBuiltServer({ port: PORT, env, dataDir });
  onCleanup(() => server.stop());

  const { students, pending } = await makeStudents(server.url, { paid: 20, pending: 10 });
  const ledger = createLedger();
  const load = startWorkload({
    target: () => server.url,
    students,
    pending,
    webhookSecret: secret,
    ledger,
  });
  await sleep(LOAD_BEFORE_MS);
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGKILL');
  await exited;
  const beforeKill = acknowledgedCount(ledger);
  server = await startBuiltServer({ port: PORT, env, dataDir });
  await sleep(LOAD_AFTER_MS);
  await load.stop();
  const afterRestart = acknowledgedCount(ledger) - beforeKill;

  // Stopped first: PGlite opens in one process at a time, and the next run takes the port.
  await server.stop();
  const uploadsDir = join(dataDir, 'uploads');
  let result;
  if (databaseUrl) {
    result = await withClient(databaseUrl, (client) =>
      checkWrites(async (sql, params) => (await client.query(sql, params)).rows, ledger, {
        uploadsDir,
      }),
    );
  } else {
    result = await withEmbeddedDatabase(dataDir, (query) =>
      checkWrites(query, ledger, { uploadsDir }),
    );
  }
  const failures = describeFailures(ledger);
  console.log(
    `kill -9 under writes (${label}): ${acknowledgedCount(ledger)} acknowledged ` +
      `(${afterRestart} after the restart), ${result.lost} lost, ${result.halfWritten} half-written; ` +
      `${ledger.interrupted} interrupted by the kill, ${ledger.hung} hung` +
      (failures ? `, unexpected: ${failures}` : '') +
      (result.details.length ? ` [${result.details.join('; ')}]` : ''),
  );
  return (
    result.lost === 0 &&
    result.halfWritten === 0 &&
    ledger.unexpected.length === 0 &&
    ledger.hung === 0 &&
    afterRestart > 0
  );
}

await runFault('kill -9 under writes', async () => {
  const databaseUrl = await scratchDatabase(sharedServerUrl());
  const onPostgres = await killUnderWrites('PostgreSQL', databaseUrl);
  const onPglite = await killUnderWrites('PGlite', undefined);
  if (!onPostgres || !onPglite) process.exitCode = 1;
});
