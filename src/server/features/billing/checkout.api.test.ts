import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '#shared/contracts/billing';
import { confirmedStudent, postJson } from '../../../../tests/support/accounts';
import { payTestSession, testSessionIdOf } from '../../../../tests/support/paid-student';
import { createTestApp } from '../../../../tests/support/test-app';
import { createTestDatabase } from '../../../../tests/support/test-database';
import type { Database } from '../../db/client';
import { examRegistrations, subscriptions } from '../../db/schema';

/** The built-in test checkout, end to end through the API: open, pay, confirm. */
let database: Database;
let app: ReturnType<typeof createTestApp>['app'];

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = createTestApp(database));
});
afterAll(() => database.close());

const student = () => confirmedStudent(app, database);

const get = (path: string, cookie?: string) =>
  app.request(path, { headers: cookie ? { Cookie: cookie } : {} });

async function openCheckout(cookie: string) {
  const response = await postJson(app, '/api/billing/checkout', {}, cookie);
  expect(response.status).toBe(200);
  const { url } = (await response.json()) as { url: string };
  return { url, sessionId: testSessionIdOf(url) };
}

const pay = (cookie: string, sessionId: string, cardNumber: string) =>
  payTestSession(app, cookie, sessionId, cardNumber);

async function registrationOf(userId: string) {
  const [registration] = await database.db
    .select()
    .from(examRegistrations)
    .where(eq(examRegistrations.userId, userId));
  const rows = await database.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  return { registration: registration!, subscriptions: rows };
}

describe('test checkout', () => {
  it('needs a session', async () => {
    expect((await postJson(app, '/api/billing/checkout', {})).status).toBe(401);
    expect((await get('/api/billing/checkout-status?session_id=cs_test_x')).status).toBe(401);
  });

  it('opens one session per registration, even on a double click', async () => {
    const { cookie } = await student();
    const first = await openCheckout(cookie);
    const second = await openCheckout(cookie);
    expect(first.url).toMatch(/^http:\/\/localhost\/checkout\/test\/cs_test_[\w-]+$/);
    expect(second.url).toBe(first.url);
    const view = await get(`/api/billing/test-checkout/${first.sessionId}`, cookie);
    expect(await view.json()).toMatchObject({
      id: first.sessionId,
      amount: 15000,
      status: 'open',
      description: 'StarPrep yearly access: Bar Exam (Legal)',
    });
  });

  it('4242… pays: the registration completes through the webhook, once', async () => {
    const { cookie, userId } = await student();
    const { sessionId } = await openCheckout(cookie);
    const response = await pay(cookie, sessionId, '4242 4242 4242 4242');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      redirectTo: `/payment-success?session_id=${sessionId}`,
      declined: false,
    });
    const after = await registrationOf(userId);
    expect(after.registration).toMatchObject({ paymentStatus: 'completed', paymentId: sessionId });
    expect(after.subscriptions).toHaveLength(1);

    const status = await get(`/api/billing/checkout-status?session_id=${sessionId}`, cookie);
    expect(await status.json()).toEqual({ status: 'completed', accountActive: true });
    // Paying again, or asking again, changes nothing.
    expect((await pay(cookie, sessionId, '4242424242424242')).status).toBe(409);
    await get(`/api/billing/checkout-status?session_id=${sessionId}`, cookie);
    expect((await registrationOf(userId)).subscriptions).toHaveLength(1);
    // The signed-in student now belongs on the dashboard.
    const session = await get('/api/auth/session', cookie);
    expect(await session.json()).toMatchObject({
      hasCompletedPayment: true,
      redirectTo: '/dashboard',
    });
  });

  it('4000…0002 is declined: the registration fails, a retry can pay', async () => {
    const { cookie, userId } = await student();
    const first = await openCheckout(cookie);
    const declined = await pay(cookie, first.sessionId, '4000 0000 0000 0002');
    expect(await declined.json()).toEqual({ redirectTo: '/payment-verification', declined: true });
    expect((await registrationOf(userId)).registration.paymentStatus).toBe('failed');

    const retry = await openCheckout(cookie);
    expect(retry.sessionId).not.toBe(first.sessionId);
    expect((await pay(cookie, retry.sessionId, '4242424242424242')).status).toBe(200);
    expect((await registrationOf(userId)).registration.paymentStatus).toBe('completed');
  });

  it('two payments sent at once: only one goes through', async () => {
    const { cookie, userId } = await student();
    const { sessionId } = await openCheckout(cookie);
    const answers = await Promise.all([
      pay(cookie, sessionId, '4242424242424242'),
      pay(cookie, sessionId, '4000000000000002'),
    ]);
    expect(answers.map((response) => response.status).sort()).toEqual([200, 409]);
    const after = await registrationOf(userId);
    expect(['completed', 'failed']).toContain(after.registration.paymentStatus);
    expect(after.subscriptions.length).toBe(
      after.registration.paymentStatus === 'completed' ? 1 : 0,
    );
  });

  it('any other card, a past expiry or a bad CVC gets a field error and changes nothing', async () => {
    const { cookie, userId } = await student();
    const { sessionId } = await openCheckout(cookie);
    const attempts = [
      { cardNumber: '4111 1111 1111 1111', expiry: '12/40', cvc: '123', field: 'cardNumber' },
      { cardNumber: '4242424242424242', expiry: '01/20', cvc: '123', field: 'expiry' },
      { cardNumber: '4242424242424242', expiry: '13/40', cvc: '123', field: 'expiry' },
      { cardNumber: '4242424242424242', expiry: '12/40', cvc: '12', field: 'cvc' },
    ];
    for (const { field, ...card } of attempts) {
      const response = await postJson(
        app,
        `/api/billing/test-checkout/${sessionId}/pay`,
        card,
        cookie,
      );
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: { fields: Record<string, string> } };
      expect(Object.keys(body.error.fields)).toEqual([field]);
    }
    expect((await registrationOf(userId)).registration.paymentStatus).toBe('pending');
  });

  it('a made-up or another student’s session grants nothing and says so', async () => {
    const owner = await student();
    const stranger = await student();
    const { sessionId } = await openCheckout(owner.cookie);
    for (const id of [sessionId, 'cs_test_made_up', "'; drop table users; --"]) {
      const status = await get(
        `/api/billing/checkout-status?session_id=${encodeURIComponent(id)}`,
        stranger.cookie,
      );
      expect(await status.json()).toEqual({ status: 'unknown', accountActive: false });
    }
    const view = await get(`/api/billing/test-checkout/${sessionId}`, stranger.cookie);
    expect(view.status).toBe(404);
    expect(await view.json()).toMatchObject({
      error: { message: BILLING_MESSAGES.sessionUnknown },
    });
    expect((await pay(stranger.cookie, sessionId, '4242424242424242')).status).toBe(404);
    expect((await registrationOf(owner.userId)).registration.paymentStatus).toBe('pending');
  });

  it('a year still running: a clear 409, no second session', async () => {
    const { cookie } = await student();
    const { sessionId } = await openCheckout(cookie);
    await pay(cookie, sessionId, '4242424242424242');
    const again = await postJson(app, '/api/billing/checkout', {}, cookie);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      error: { message: BILLING_MESSAGES.alreadyPaid },
    });
  });
});
