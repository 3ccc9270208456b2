import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmedStudent } from '../../../../tests/support/accounts';
import { createTestApp } from '../../../../tests/support/test-app';
import { createTestDatabase } from '../../../../tests/support/test-database';
import type { Database } from '../../db/client';
import { examRegistrations, subscriptions, users } from '../../db/schema';
import { fakeStripeKey } from '../../../../tests/support/fake-secrets';

/**
 * /payment-success with Stripe: the server asks Stripe (here a local server speaking its API)
 * about the student's session and applies a paid one through the webhook's idempotent path.
 */
const sessions = new Map<string, Record<string, unknown>>();
let stripeServer: Server;
let database: Database;
let app: ReturnType<typeof createTestApp>['app'];

beforeAll(async () => {
  stripeServer = createServer((request, response) => {
    response.setHeader('Content-Type', 'application/json');
    const id = request.url?.replace('/v1/checkout/sessions/', '') ?? '';
    const session = sessions.get(id);
    if (request.method === 'GET' && session) {
      response.end(JSON.stringify(session));
      return;
    }
    response.statusCode = 404;
    response.end(
      JSON.stringify({ error: { type: 'invalid_request_error', code: 'resource_missing' } }),
    );
  });
  await new Promise<void>((resolve) => stripeServer.listen(0, '127.0.0.1', resolve));
  const { port } = stripeServer.address() as AddressInfo;
  database = await createTestDatabase();
  ({ app } = createTestApp(
    database,
    {},
    {
      stripe: {
        secretKey: fakeStripeKey(),
        automaticTax: false,
        api: { host: '127.0.0.1', port, protocol: 'http' },
      },
    },
  ));
});
afterAll(async () => {
  await database.close();
  await new Promise<void>((resolve) => stripeServer.close(() => resolve()));
});

async function studentWithStripeSession(paymentStatus: 'paid' | 'unpaid') {
  const { form, cookie } = await confirmedStudent(app, database);
  const [user] = await database.db.select().from(users).where(eq(users.email, form.email));
  const [registration] = await database.db
    .select()
    .from(examRegistrations)
    .where(eq(examRegistrations.userId, user!.id));
  const id = `cs_test_${registration!.id.replaceAll('-', '')}`;
  sessions.set(id, {
    id,
    object: 'checkout.session',
    client_reference_id: registration!.id,
    metadata: { userId: user!.id },
    payment_status: paymentStatus,
    status: paymentStatus === 'paid' ? 'complete' : 'open',
    amount_total: 15000,
    subscription: `sub_${registration!.id.slice(0, 8)}`,
  });
  return { cookie, sessionId: id, userId: user!.id };
}

const status = (cookie: string, sessionId: string) =>
  app.request(`/api/billing/checkout-status?session_id=${sessionId}`, {
    headers: { Cookie: cookie },
  });

describe('checkout status with Stripe', () => {
  it('a paid session is applied once, with its subscription', async () => {
    const { cookie, sessionId, userId } = await studentWithStripeSession('paid');
    for (let ask = 0; ask < 2; ask += 1) {
      const response = await status(cookie, sessionId);
      expect(await response.json()).toEqual({ status: 'completed', accountActive: true });
    }
    const rows = await database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.providerSubscriptionId).toMatch(/^sub_/);
  });

  it('an unpaid session activates nothing; another student’s session is unknown', async () => {
    const { cookie, sessionId } = await studentWithStripeSession('unpaid');
    expect(await (await status(cookie, sessionId)).json()).toEqual({
      status: 'pending',
      accountActive: false,
    });
    const stranger = await confirmedStudent(app, database);
    expect(await (await status(stranger.cookie, sessionId)).json()).toEqual({
      status: 'unknown',
      accountActive: false,
    });
  });
});
