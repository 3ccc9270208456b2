import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmedStudent, postJson } from '../../../tests/support/accounts';
import { captureLogs, createTestApp } from '../../../tests/support/test-app';
import { createTestDatabase } from '../../../tests/support/test-database';
import type { Database } from '../db/client';
import { subscriptions, users } from '../db/schema';
import { PAYMENT_REQUIRED_MESSAGE, requirePaid, SIGN_IN_REQUIRED_MESSAGE } from './auth-guards';
import { errorHandler } from './errors';

/** The gate in front of every paid feature: 401 without a session, 402 without a payment. */
let database: Database;
let app: ReturnType<typeof createTestApp>['app'];
let paidOnly: Hono;

beforeAll(async () => {
  database = await createTestDatabase();
  const test = createTestApp(database);
  app = test.app;
  paidOnly = new Hono()
    .get('/paid', requirePaid(test.services.auth, database), (c) =>
      c.json({ user: c.get('user').id }),
    )
    .onError(errorHandler(captureLogs().logger));
});
afterAll(() => database.close());

async function paidStudent() {
  const { cookie, form } = await confirmedStudent(app, database);
  const checkout = await postJson(app, '/api/billing/checkout', {}, cookie);
  const { url } = (await checkout.json()) as { url: string };
  const sessionId = url.split('/checkout/test/')[1]!;
  await postJson(
    app,
    `/api/billing/test-checkout/${sessionId}/pay`,
    { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' },
    cookie,
  );
  return { cookie, email: form.email };
}

describe('requirePaid', () => {
  it('answers 401 without a session', async () => {
    const response = await paidOnly.request('/paid');
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { message: SIGN_IN_REQUIRED_MESSAGE } });
  });

  it('answers 402 to a student who has not paid', async () => {
    const { cookie } = await confirmedStudent(app, database);
    const response = await paidOnly.request('/paid', { headers: { Cookie: cookie } });
    expect(response.status).toBe(402);
    expect(await response.json()).toMatchObject({
      error: { code: 'payment_required', message: PAYMENT_REQUIRED_MESSAGE },
    });
  });

  it('lets a paid student through, until the year of access ends', async () => {
    const { cookie, email } = await paidStudent();
    expect((await paidOnly.request('/paid', { headers: { Cookie: cookie } })).status).toBe(200);
    const [user] = await database.db.select().from(users).where(eq(users.email, email));
    await database.db
      .update(subscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.userId, user!.id));
    expect((await paidOnly.request('/paid', { headers: { Cookie: cookie } })).status).toBe(402);
  });
});
