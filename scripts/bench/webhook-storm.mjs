// Webhook storm: N distinct paid-checkout events (default 1000), each delivered 3 times in
// shuffled order by 20 concurrent senders, to the built server (PGlite). Reports activations
// (must equal N), duplicates, errors (must be 0) and acknowledgement times.
// Run: npm run build && npm run bench:webhooks
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { pendingStudent, pool, summary } from './accounts.mjs';
import { startBuiltServer } from './server.mjs';
import { paidCheckoutEvent, webhookRequest } from './webhooks.mjs';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1000);
const SENDERS = 20;
// A fresh signing secret per run, handed to the bench server only.
const SECRET = `whsec_${randomBytes(16).toString('hex')}`;
const server = await startBuiltServer({
  port: Number(process.env.BENCH_PORT ?? 3906),
  env: { TRUST_PROXY: 'on', STRIPE_WEBHOOK_SECRET: SECRET },
});

try {
  console.log(`creating ${EVENTS} students with a pending registration...`);
  const students = [];
  await pool(Array.from({ length: EVENTS }), 4, async () => {
    students.push(await pendingStudent(server.url));
  });

  const run = Date.now().toString(36);
  const events = students.map((student, index) =>
    paidCheckoutEvent(student, `evt_storm_${index}_${run}`),
  );
  const deliveries = events.flatMap((payload) => [payload, payload, payload]);
  for (let i = deliveries.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [deliveries[i], deliveries[j]] = [deliveries[j], deliveries[i]];
  }

  const times = [];
  const outcomes = { applied: 0, duplicate: 0, ignored: 0 };
  let errors = 0;
  const started = performance.now();
  await pool(deliveries, SENDERS, async (payload) => {
    const start = performance.now();
    const response = await fetch(
      `${server.url}/api/billing/webhook`,
      webhookRequest(SECRET, payload),
    ).catch(() => undefined);
    times.push(performance.now() - start);
    if (!response?.ok) {
      errors += 1;
      return;
    }
    outcomes[(await response.json()).outcome] += 1;
  });
  const seconds = (performance.now() - started) / 1000;

  console.log(
    `${deliveries.length} deliveries of ${EVENTS} events in ${seconds.toFixed(1)} s ` +
      `(${Math.round(deliveries.length / seconds)} per s, ${SENDERS} senders)`,
  );
  console.log(
    `activations: ${outcomes.applied} (expected ${EVENTS}), duplicates: ${outcomes.duplicate}, ` +
      `ignored: ${outcomes.ignored}, errors: ${errors}`,
  );
  console.log(
    `acknowledgement: ${summary(times)}; p99 ${times.sort((a, b) => a - b)[Math.floor(times.length * 0.99)].toFixed(1)} ms`,
  );
  if (outcomes.applied !== EVENTS || errors > 0) process.exitCode = 1;
} finally {
  await server.stop();
}
