// SIGTERM drain under load (issue 13, Faults): 10 students keep writing while three slow
// uploads (bodies that take 2 s to arrive) are in flight; then SIGTERM. Every request that
// started before the signal must be answered 2xx; after it, new connections must be refused
// (nothing accepted and then dropped); no request may get a 5xx; the process must exit, with
// code 0, within 15 s. Runs on a scratch database of the PostgreSQL at FAULTS_DATABASE_URL.
// Run: npm run build && npm run faults:drain
import { randomBytes } from 'node:crypto';
import { createConnection } from 'node:net';
import { startBuiltServer } from '../bench/server.mjs';
import { onCleanup, runFault, temporaryFolder } from './cleanup.mjs';
import { scratchDatabase, sharedServerUrl } from './postgres.mjs';
import { makeStudents } from './students.mjs';
import { createLedger, describeFailures, startWorkload } from './workload.mjs';

const PORT = 4330;
const EXIT_LIMIT_MS = 15_000;
const SLOW_UPLOADS = 3;
const SLOW_UPLOAD_MS = 2_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** An upload whose body trickles in over SLOW_UPLOAD_MS: in flight when the signal comes. */
async function slowUpload(url, student) {
  const chunk = new TextEncoder().encode('Res judicata bars a second suit on the same claim. ');
  let sent = 0;
  const body = new ReadableStream({
    async pull(controller) {
      if (sent === 10) return controller.close();
      await sleep(SLOW_UPLOAD_MS / 10);
      sent += 1;
      controller.enqueue(chunk);
    },
  });
  const response = await fetch(`${url}/api/materials/files`, {
    method: 'POST',
    headers: { cookie: student.cookie, 'x-file-name': 'slow-notes.txt' },
    body,
    duplex: 'half',
  }).catch((error) => ({ status: error.cause?.code ?? error.name }));
  return response.status;
}

/**
 * A new connection with one request on it: 'refused' (nothing listens any more), 'answered'
 * (accepted before the server saw the signal, and served) or 'dropped' (accepted, then closed
 * without an answer: the one outcome a draining server must never give).
 */
function newConnection(port) {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    let answer = '';
    socket.setTimeout(10_000, () => socket.destroy());
    socket.once('connect', () =>
      socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'),
    );
    socket.on('data', (data) => (answer += data));
    socket.once('error', (error) => resolve(error.code === 'ECONNREFUSED' ? 'refused' : 'dropped'));
    socket.once('close', () => resolve(answer.startsWith('HTTP/1.1 200') ? 'answered' : 'dropped'));
  });
}

await runFault('SIGTERM drain', async () => {
  const secret = `whsec_${randomBytes(16).toString('hex')}`;
  const server = await startBuiltServer({
    port: PORT,
    dataDir: temporaryFolder('drain'),
    env: {
      TRUST_PROXY: 'on',
      STRIPE_WEBHOOK_SECRET: secret,
      DATABASE_URL: await scratchDatabase(sharedServerUrl()),
    },
  });
  onCleanup(() => server.stop());
  const { students, pending } = await makeStudents(server.url, { paid: 10, pending: 10 });
  const ledger = createLedger();
  const load = startWorkload({
    target: () => server.url,
    students,
    pending,
    webhookSecret: secret,
    ledger,
  });
  await sleep(2_000);
  const slow = students.slice(0, SLOW_UPLOADS).map((student) => slowUpload(server.url, student));
  await sleep(SLOW_UPLOAD_MS / 2);

  const exited = new Promise((resolve) => server.child.once('exit', (code) => resolve(code)));
  const signalledAt = Date.now();
  server.child.kill('SIGTERM');
  const newConnections = [];
  const probing = (async () => {
    await sleep(100);
    for (let i = 0; i < 10 && server.child.exitCode === null; i += 1) {
      newConnections.push(await newConnection(PORT));
      await sleep(100);
    }
  })();
  const exitCode = await Promise.race([exited, sleep(EXIT_LIMIT_MS + 5_000).then(() => 'hung')]);
  const exitMs = Date.now() - signalledAt;
  await probing;
  await load.stop();
  const slowStatuses = await Promise.all(slow);

  const inFlight = ledger.answers.filter((answer) => answer.startedAt < signalledAt);
  const inFlightFailed = inFlight.filter(
    (answer) => !(answer.status >= 200 && answer.status < 300),
  );
  const after = ledger.answers.filter((answer) => answer.startedAt >= signalledAt);
  const refusals = new Map();
  for (const { error } of after.filter((answer) => answer.error)) {
    refusals.set(error, (refusals.get(error) ?? 0) + 1);
  }
  const serverErrors = ledger.answers.filter((answer) => answer.status >= 500);
  const slowFailed = slowStatuses.filter((status) => status !== 201);
  const count = (outcome) => newConnections.filter((each) => each === outcome).length;
  const failures = describeFailures(ledger);
  console.log(
    `SIGTERM drain: ${inFlight.length + SLOW_UPLOADS} requests before the signal, ` +
      `${inFlightFailed.length + slowFailed.length} failed (slow uploads: ${slowStatuses.join(', ')}); ` +
      `${serverErrors.length} answered 5xx; after it ${after.filter((a) => a.status).length} ` +
      `answered, ${[...refusals].map(([code, count]) => `${count} ${code}`).join(', ') || '0'} ` +
      `refused; new connections: ${count('refused')} refused, ${count('answered')} answered, ` +
      `${count('dropped')} dropped; exit code ${exitCode} after ${(exitMs / 1000).toFixed(1)} s` +
      (failures ? `; unexpected: ${failures}` : '') +
      (inFlightFailed.length
        ? ` [${inFlightFailed
            .slice(0, 3)
            .map((answer) => `${answer.label} ${answer.status ?? answer.error}`)
            .join('; ')}]`
        : ''),
  );
  const ok =
    inFlightFailed.length === 0 &&
    slowFailed.length === 0 &&
    serverErrors.length === 0 &&
    newConnections.length > 0 &&
    count('refused') > 0 &&
    count('dropped') === 0 &&
    exitCode === 0 &&
    exitMs <= EXIT_LIMIT_MS;
  if (!ok) process.exitCode = 1;
});
