import { and, desc, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import {
  BILLING_MESSAGES,
  type CheckoutStatusResponse,
  expiryIsFuture,
  TEST_CARDS,
  type TestCheckoutView,
} from '#shared/contracts/billing';
import { examCategoryLabel } from '#shared/contracts/registration';
import { paths } from '#shared/routes';
import type { Database } from '../../db/client';
import { examRegistrations, testCheckoutSessions, users } from '../../db/schema';
import {
  type PaymentProvider,
  ProviderUnavailableError,
} from '../../integrations/payments/payment-provider';
import { AppError } from '../../lib/app-error';
import { describeForLog } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { applyBillingEvent, hasActiveAccess, hasRunningYear } from './billing.service';
import { signWebhookPayload } from './webhook-signature';

export type CheckoutDeps = {
  database: Database;
  logger: Logger;
  payments: PaymentProvider;
  publicUrl: string;
  webhookSecret: string;
  /** Hands a signed webhook request to our own webhook route (the test checkout's events). */
  deliverWebhook: (request: Request) => Promise<Response>;
};

/**
 * Opens a checkout for one of the student's registrations (the given one, or the latest) that
 * has no running year: a new registration, one whose payment failed, or a renewal once the year
 * has ended. A session already open for it is resumed, so the student never holds two payable
 * sessions; a double click within ten minutes gets the same new session.
 */
export async function startCheckout(
  deps: CheckoutDeps,
  userId: string,
  registrationId?: string,
): Promise<{ url: string }> {
  const { database } = deps;
  const [registration] = await database.db
    .select({
      id: examRegistrations.id,
      examType: examRegistrations.examType,
      examCategory: examRegistrations.examCategory,
      paymentStatus: examRegistrations.paymentStatus,
      openCheckoutSessionId: examRegistrations.openCheckoutSessionId,
      email: users.email,
    })
    .from(examRegistrations)
    .innerJoin(users, eq(users.id, examRegistrations.userId))
    .where(
      and(
        eq(examRegistrations.userId, userId),
        ...(registrationId ? [eq(examRegistrations.id, registrationId)] : []),
      ),
    )
    .orderBy(desc(examRegistrations.createdAt))
    .limit(1);
  if (!registration) throw new AppError('not_found', BILLING_MESSAGES.noRegistration);
  if (await hasRunningYear(database, registration.id)) {
    throw new AppError('conflict', BILLING_MESSAGES.alreadyPaid);
  }

  const resumed = registration.openCheckoutSessionId
    ? await unlessUnavailable(deps, BILLING_MESSAGES.checkoutFailed, () =>
        deps.payments.findSession(registration.openCheckoutSessionId!),
      )
    : null;
  if (resumed?.status === 'open' && resumed.url) return { url: resumed.url };

  const window = Math.floor(Date.now() / 600_000);
  const checkout = await unlessUnavailable(deps, BILLING_MESSAGES.checkoutFailed, () =>
    deps.payments.createCheckout({
      registrationId: registration.id,
      userId,
      email: registration.email,
      description: `StarPrep yearly access: ${registration.examType} (${examCategoryLabel(registration.examCategory)})`,
      // A new key whenever the state changed (failed, renewed, the open session expired), so
      // Stripe never hands back a finished session.
      idempotencyKey: `checkout:${registration.id}:${registration.paymentStatus}:${registration.openCheckoutSessionId ?? 'none'}:${window}`,
      successUrl: `${deps.publicUrl}${paths.paymentSuccess}?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${deps.publicUrl}${paths.paymentVerification}`,
    }),
  );
  await database.db
    .update(examRegistrations)
    .set({ openCheckoutSessionId: checkout.sessionId })
    .where(eq(examRegistrations.id, registration.id));
  return { url: checkout.url };
}

/**
 * What /payment-success shows: the state of this student's session, confirmed on the server.
 * For Stripe the server asks Stripe about the session and applies a paid one through the same
 * idempotent path as the webhook (in case the webhook is still on its way).
 */
export async function checkoutStatus(
  deps: CheckoutDeps,
  userId: string,
  sessionId: string,
): Promise<CheckoutStatusResponse> {
  const session = await unlessUnavailable(deps, BILLING_MESSAGES.statusUnavailable, () =>
    deps.payments.findSession(sessionId),
  );
  const unknown: CheckoutStatusResponse = { status: 'unknown', accountActive: false };
  if (!session || session.metadata?.userId !== userId || !session.client_reference_id) {
    return unknown;
  }
  if (deps.payments.kind === 'stripe' && session.payment_status === 'paid') {
    await applyBillingEvent(deps, {
      id: `sync:${session.id}`,
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: { object: session },
    } as unknown as Stripe.Event);
  }
  const [registration] = await deps.database.db
    .select({ paymentStatus: examRegistrations.paymentStatus })
    .from(examRegistrations)
    .where(
      and(
        eq(examRegistrations.id, session.client_reference_id),
        eq(examRegistrations.userId, userId),
      ),
    );
  if (!registration) return unknown;
  return {
    status: registration.paymentStatus,
    accountActive: await hasActiveAccess(deps.database, userId),
  };
}

/** The built-in test checkout page's view of one of the student's sessions. */
export async function testCheckoutView(
  deps: CheckoutDeps,
  userId: string,
  sessionId: string,
): Promise<TestCheckoutView> {
  const row = await ownTestSession(deps, userId, sessionId);
  const [registration] = await deps.database.db
    .select({ examType: examRegistrations.examType, examCategory: examRegistrations.examCategory })
    .from(examRegistrations)
    .where(eq(examRegistrations.id, row.examRegistrationId));
  return {
    id: row.id,
    amount: row.amount,
    status: row.status,
    description: `StarPrep yearly access: ${registration?.examType ?? 'exam'} (${examCategoryLabel(registration?.examCategory ?? '')})`,
  };
}

/**
 * Paying on the test checkout: 4242… succeeds, 4000…0002 is declined. Either way the result
 * reaches us as a signed event through the webhook route, exactly as Stripe's would.
 */
export async function payTestCheckout(
  deps: CheckoutDeps,
  userId: string,
  sessionId: string,
  card: { cardNumber: string; expiry: string; cvc: string },
): Promise<{ redirectTo: string; declined: boolean }> {
  if (!expiryIsFuture(card.expiry)) {
    throw new AppError('invalid_input', BILLING_MESSAGES.expiry, {
      expiry: BILLING_MESSAGES.expiry,
    });
  }
  const row = await ownTestSession(deps, userId, sessionId);
  if (row.status !== 'open') throw new AppError('conflict', BILLING_MESSAGES.sessionClosed);

  const paid = card.cardNumber === TEST_CARDS.pays;
  // Closing the session and checking it was open are one statement: of two payments sent at
  // once, only one goes through.
  const [closed] = await deps.database.db
    .update(testCheckoutSessions)
    .set({ status: paid ? 'complete' : 'failed' })
    .where(and(eq(testCheckoutSessions.id, row.id), eq(testCheckoutSessions.status, 'open')))
    .returning({ id: testCheckoutSessions.id });
  if (!closed) throw new AppError('conflict', BILLING_MESSAGES.sessionClosed);
  const event = {
    id: `evt_test_${row.id}_${paid ? 'paid' : 'failed'}`,
    object: 'event',
    type: paid ? 'checkout.session.completed' : 'checkout.session.async_payment_failed',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: row.id,
        object: 'checkout.session',
        client_reference_id: row.examRegistrationId,
        metadata: { userId: row.userId },
        payment_status: paid ? 'paid' : 'unpaid',
        status: 'complete',
        amount_total: row.amount,
      },
    },
  };
  const payload = JSON.stringify(event);
  const response = await deps.deliverWebhook(
    new Request(`${deps.publicUrl}/api/billing/webhook`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Stripe-Signature': await signWebhookPayload(payload, deps.webhookSecret),
      },
      body: payload,
    }),
  );
  if (!response.ok) {
    deps.logger.error({ status: response.status }, 'the test checkout event was refused');
    throw new AppError('unavailable', BILLING_MESSAGES.checkoutFailed);
  }
  // A declined card leaves the registration failed: the payment page says so and offers a retry.
  if (!paid) return { redirectTo: paths.paymentVerification, declined: true };
  return {
    redirectTo: `${paths.paymentSuccess}?session_id=${encodeURIComponent(row.id)}`,
    declined: false,
  };
}

async function ownTestSession(deps: CheckoutDeps, userId: string, sessionId: string) {
  if (deps.payments.kind !== 'test')
    throw new AppError('not_found', BILLING_MESSAGES.sessionUnknown);
  const [row] = await deps.database.db
    .select()
    .from(testCheckoutSessions)
    .where(and(eq(testCheckoutSessions.id, sessionId), eq(testCheckoutSessions.userId, userId)));
  if (!row) throw new AppError('not_found', BILLING_MESSAGES.sessionUnknown);
  return row;
}

/** A provider failure becomes a 503 with a message the student can act on (try again). */
async function unlessUnavailable<T>(
  deps: CheckoutDeps,
  message: string,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    deps.logger.error({ err: describeForLog(error) }, 'payment provider unavailable');
    throw new AppError('unavailable', message);
  }
}
