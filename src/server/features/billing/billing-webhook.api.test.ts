import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBSCRIPTION_PRICE_CENTS } from '#shared/limits';
import { confirmedStudent } from '../../../../tests/support/accounts';
import { createTestApp, TEST_WEBHOOK_SECRET } from '../../../../tests/support/test-app';
import { createTestDatabase } from '../../../../tests/support/test-database';
import type { Database } from '../../db/client';
import { examRegistrations, subscriptions, users } from '../../db/schema';
import { INVALID_SIGNATURE_MESSAGE, signWebhookPayload } from './webhook-signature';
import { fakeWebhookSecret } from '../../../../tests/support/fake-secrets';

/** POST /api/billing/webhook: the only way a payment completes (decisions.md section 1). */
let database: Database;
let app: ReturnType<typeof createTestApp>['app'];

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = createTestApp(database));
});
afterAll(() => database.close());

let eventCounter = 0;
const now = () => Math.floor(Date.now() / 1000);

/** A checkout.session event as Stripe sends it, for one registration of one user. */
function sessionEvent(options: {
  type?: string;
  registrationId: string;
  userId: string;
  paymentStatus?: 'paid' | 'unpaid';
  id?: string;
  subscription?: string;
}) {
  eventCounter += 1;
  return JSON.stringify({
    id: options.id ?? `evt_test_${eventCounter}_${Date.now()}`,
    object: 'event',
    type: options.type ?? 'checkout.session.completed',
    created: now(),
    data: {
      object: {
        id: `cs_test_${options.registrationId}`,
        object: 'checkout.session',
        client_reference_id: options.registrationId,
        metadata: { userId: options.userId },
        payment_status: options.paymentStatus ?? 'paid',
        amount_total: SUBSCRIPTION_PRICE_CENTS,
        subscription: options.subscription ?? null,
      },
    },
  });
}

async function deliver(payload: string, signature?: string) {
  return app.request('/api/billing/webhook', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(signature !== undefined && { 'Stripe-Signature': signature }),
    },
    body: payload,
  });
}

async function signedDelivery(payload: string, timestamp = now()) {
  return deliver(payload, await signWebhookPayload(payload, TEST_WEBHOOK_SECRET, timestamp));
}

/** A confirmed student with one pending registration. */
async function pendingStudent() {
  const { form } = await confirmedStudent(app, database);
  const [user] = await database.db.select().from(users).where(eq(users.email, form.email));
  const [registration] = await database.db
    .select()
    .from(examRegistrations)
    .where(eq(examRegistrations.userId, user!.id));
  return { userId: user!.id, registrationId: registration!.id };
}

async function state(registrationId: string) {
  const [registration] = await database.db
    .select()
    .from(examRegistrations)
    .where(eq(examRegistrations.id, registrationId));
  const rows = await database.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.examRegistrationId, registrationId));
  return { registration: registration!, subscriptions: rows };
}

describe('signature', () => {
  it('refuses a missing, forged or altered signature, changing nothing', async () => {
    const student = await pendingStudent();
    const payload = sessionEvent(student);
    const forged = await signWebhookPayload(payload, fakeWebhookSecret());
    const good = await signWebhookPayload(payload, TEST_WEBHOOK_SECRET);
    const altered = payload.replace('"paid"', '"paiD"');
    for (const response of [
      await deliver(payload),
      await deliver(payload, ''),
      await deliver(payload, 'garbage'),
      await deliver(payload, forged),
      await deliver(altered, good),
    ]) {
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        error: { code: 'invalid_input', message: INVALID_SIGNATURE_MESSAGE },
      });
    }
    const after = await state(student.registrationId);
    expect(after.registration.paymentStatus).toBe('pending');
    expect(after.subscriptions).toEqual([]);
  });

  it('refuses a replay older than 300 s and a timestamp from the future', async () => {
    const student = await pendingStudent();
    const payload = sessionEvent(student);
    expect((await signedDelivery(payload, now() - 301)).status).toBe(400);
    expect((await signedDelivery(payload, now() + 600)).status).toBe(400);
    expect((await state(student.registrationId)).subscriptions).toEqual([]);
    // A second, future t= cannot ride along with a valid one.
    const future = await signWebhookPayload(payload, TEST_WEBHOOK_SECRET, now() + 3600);
    expect((await deliver(payload, `t=${now()},${future}`)).status).toBe(400);
    expect((await signedDelivery(payload, now() - 60)).status).toBe(200);
  });
});

describe('events', () => {
  it('a paid checkout completes the registration and starts a year of access', async () => {
    const student = await pendingStudent();
    const response = await signedDelivery(sessionEvent(student));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, outcome: 'applied' });
    const after = await state(student.registrationId);
    expect(after.registration).toMatchObject({
      paymentStatus: 'completed',
      paymentId: `cs_test_${student.registrationId}`,
    });
    expect(after.subscriptions).toHaveLength(1);
    const [subscription] = after.subscriptions;
    expect(subscription).toMatchObject({
      userId: student.userId,
      status: 'active',
      amount: SUBSCRIPTION_PRICE_CENTS,
    });
    const days = (subscription!.currentPeriodEnd.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(367);
  });

  it('the same event three times at once: one activation, every delivery acknowledged', async () => {
    const student = await pendingStudent();
    const payload = sessionEvent(student);
    const answers = await Promise.all([1, 2, 3].map(() => signedDelivery(payload)));
    expect(answers.map((response) => response.status)).toEqual([200, 200, 200]);
    const outcomes = await Promise.all(
      answers.map(async (response) => ((await response.json()) as { outcome: string }).outcome),
    );
    expect(outcomes.sort()).toEqual(['applied', 'duplicate', 'duplicate']);
    expect((await state(student.registrationId)).subscriptions).toHaveLength(1);
  });

  it('two different events for one session still start one year, not two', async () => {
    const student = await pendingStudent();
    await signedDelivery(sessionEvent(student));
    const again = await signedDelivery(
      sessionEvent({ ...student, type: 'checkout.session.async_payment_succeeded' }),
    );
    expect(await again.json()).toMatchObject({ outcome: 'ignored' });
    expect((await state(student.registrationId)).subscriptions).toHaveLength(1);
  });

  it('a completed session that is not paid yet activates nothing; its later success does', async () => {
    const student = await pendingStudent();
    await signedDelivery(sessionEvent({ ...student, paymentStatus: 'unpaid' }));
    expect((await state(student.registrationId)).registration.paymentStatus).toBe('pending');
    await signedDelivery(
      sessionEvent({ ...student, type: 'checkout.session.async_payment_succeeded' }),
    );
    expect((await state(student.registrationId)).registration.paymentStatus).toBe('completed');
  });

  it('a failed delayed payment marks the registration failed', async () => {
    const student = await pendingStudent();
    await signedDelivery(
      sessionEvent({ ...student, type: 'checkout.session.async_payment_failed' }),
    );
    const after = await state(student.registrationId);
    expect(after.registration.paymentStatus).toBe('failed');
    expect(after.subscriptions).toEqual([]);
  });

  it('events for an unknown registration, or another user’s, are acknowledged and change nothing', async () => {
    const student = await pendingStudent();
    const other = await pendingStudent();
    for (const payload of [
      sessionEvent({ registrationId: '00000000-0000-4000-8000-000000000000', userId: 'nobody' }),
      sessionEvent({ registrationId: 'not-a-uuid', userId: student.userId }),
      sessionEvent({ registrationId: student.registrationId, userId: other.userId }),
    ]) {
      const response = await signedDelivery(payload);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ outcome: 'ignored' });
    }
    expect((await state(student.registrationId)).registration.paymentStatus).toBe('pending');
  });

  it('other event types are acknowledged and recorded, nothing more', async () => {
    const payload = JSON.stringify({
      id: `evt_other_${Date.now()}`,
      object: 'event',
      type: 'customer.created',
      created: now(),
      data: { object: { id: 'cus_1', object: 'customer' } },
    });
    const response = await signedDelivery(payload);
    expect(await response.json()).toEqual({ received: true, outcome: 'ignored' });
  });

  it('a signed event of odd shape is acknowledged, never a 500', async () => {
    for (const object of [null, 'text', { id: 7 }, { id: 'cs_x', metadata: null }]) {
      const payload = JSON.stringify({
        id: `evt_odd_${Date.now()}_${Math.random()}`,
        object: 'event',
        type: 'checkout.session.completed',
        created: now(),
        data: { object },
      });
      const response = await signedDelivery(payload);
      expect(response.status).toBe(200);
    }
    const notJson = await signedDelivery('{"id": ');
    expect(notJson.status).toBe(400);
  });
});

describe('the subscription after checkout', () => {
  it('a later event for an already completed session still records its subscription', async () => {
    const student = await pendingStudent();
    // First without the subscription (as when /payment-success asked Stripe before the webhook).
    await signedDelivery(sessionEvent(student));
    await signedDelivery(sessionEvent({ ...student, subscription: 'sub_late_1' }));
    const after = await state(student.registrationId);
    expect(after.subscriptions).toHaveLength(1);
    expect(after.subscriptions[0]!.providerSubscriptionId).toBe('sub_late_1');
  });

  function objectEvent(type: string, object: Record<string, unknown>) {
    eventCounter += 1;
    return JSON.stringify({
      id: `evt_sub_${eventCounter}_${Date.now()}`,
      object: 'event',
      type,
      created: now(),
      data: { object },
    });
  }
  const invoice = (subscription: string, billingReason: string) => ({
    id: `in_${eventCounter}`,
    object: 'invoice',
    billing_reason: billingReason,
    parent: { subscription_details: { subscription } },
  });

  it('a yearly renewal adds a year; the first invoice adds nothing', async () => {
    const student = await pendingStudent();
    const subscription = `sub_${student.registrationId}`;
    await signedDelivery(sessionEvent({ ...student, subscription }));
    const [before] = (await state(student.registrationId)).subscriptions;
    expect(before!.providerSubscriptionId).toBe(subscription);

    const first = await signedDelivery(
      objectEvent('invoice.paid', invoice(subscription, 'subscription_create')),
    );
    expect(await first.json()).toMatchObject({ outcome: 'ignored' });
    const renewal = await signedDelivery(
      objectEvent('invoice.paid', invoice(subscription, 'subscription_cycle')),
    );
    expect(await renewal.json()).toMatchObject({ outcome: 'applied' });
    const [after] = (await state(student.registrationId)).subscriptions;
    const addedDays =
      (after!.currentPeriodEnd.getTime() - before!.currentPeriodEnd.getTime()) / 86_400_000;
    expect(addedDays).toBeGreaterThanOrEqual(365);
    expect(addedDays).toBeLessThanOrEqual(366);
  });

  it('a failed renewal makes it past due; a deleted subscription is canceled', async () => {
    const student = await pendingStudent();
    const subscription = `sub_${student.registrationId}`;
    await signedDelivery(sessionEvent({ ...student, subscription }));
    await signedDelivery(
      objectEvent('invoice.payment_failed', invoice(subscription, 'subscription_cycle')),
    );
    expect((await state(student.registrationId)).subscriptions[0]!.status).toBe('past_due');
    await signedDelivery(
      objectEvent('customer.subscription.deleted', { id: subscription, object: 'subscription' }),
    );
    expect((await state(student.registrationId)).subscriptions[0]!.status).toBe('canceled');
  });

  it('events for a subscription we do not know change nothing', async () => {
    const response = await signedDelivery(
      objectEvent('invoice.paid', invoice('sub_unknown', 'subscription_cycle')),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ outcome: 'ignored' });
  });
});
