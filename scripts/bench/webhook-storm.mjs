// Webhook storm: N distinct paid-checkout events (default 1000), each delivered 3 times in
// shuffled order by 20 concurrent senders, to the built server (PGlite). Reports activations
// (must equal N), duplicates, errors (must be 0) and acknowledgement times.
// Run: npm run build && npm run bench:webhooks
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import Stripe from 'stripe';
import { confirm, signUp, summary, uniqueEmail } from './accounts.mjs';
import { startBuiltServer } from './server.mjs';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1000);
const SENDERS = 20;
// A fresh signing secret per run, handed to the bench server only.
const SECRET = `whsec_${randomBytes(16).toString('hex')}`;
const server = await startBuiltServer({
  port: 3906,
  env: { TRUST_PROXY: 'on', STRIPE_WEBHOOK_SECRET: SECRET },
});

/** Runs `work` over `items` with `limit` at a time. */
async function pool(items, limit, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

try {
  console.log(`creating ${EVENTS} students with a pending registration...`);
  const students = [];
  await pool(
    Array.from({ length: EVENTS }, () => uniqueEmail()),
    4,
    async (email) => {
      await signUp(server.url, email);
      const { userId, cookie } = await confirm(server.url, email);
      const latest = await fetch(`${server.url}/api/registration/latest`, { headers: { cookie } });
      const { registration } = await latest.json();
      students.push({ userId, registrationId: registration.id });
    },
  );

  const now = Math.floor(Date.now() / 1000);
  const events = students.map(({ userId, registrationId }, index) =>
    JSON.stringify({
      id: `evt_storm_${index}_${now}`,
      object: 'event',
      type: 'checkout.session.completed',
      created: now,
      data: {
        object: {
          id: `cs_storm_${registrationId}`,
          object: 'checkout.session',
          client_reference_id: registrationId,
          metadata: { userId },
          payment_status: 'paid',
          amount_total: 15000,
        },
      },
    }),
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
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    const start = performance.now();
    const response = await fetch(`${server.url}/api/billing/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    }).catch(() => undefined);
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
