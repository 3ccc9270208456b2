import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { SUBSCRIPTION_PRICE_CENTS } from '#shared/limits';
import type { Database } from '../../db/client';
import { billingEvents, examRegistrations, subscriptions } from '../../db/schema';
import type { Logger } from '../../lib/logger';
import { isUuid } from '../../lib/uuid';

export type BillingDeps = { database: Database; logger: Logger };

export type EventOutcome = 'applied' | 'duplicate' | 'ignored';

type Transaction = Parameters<Parameters<Database['db']['transaction']>[0]>[0];

/**
 * Applies one verified payment event exactly once (decisions.md section 1: the webhook is the only
 * way a payment completes). The event id is recorded in the same transaction as its effect, so a
 * repeated delivery, even a concurrent one, finds the id taken and changes nothing.
 */
export async function applyBillingEvent(
  deps: BillingDeps,
  event: Stripe.Event,
): Promise<EventOutcome> {
  return deps.database.db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(billingEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: billingEvents.id });
    if (!fresh) return 'duplicate';

    // Only a secret holder can sign an event, but a malformed one still gets an answer, not a 500.
    if (!hasObject(event.data?.object)) {
      deps.logger.warn({ event: event.id }, 'payment event without its object');
      return 'ignored';
    }
    switch (event.type) {
      case 'checkout.session.completed':
        // A delayed method (bank debit) completes the session before the money arrives; its
        // async_payment_succeeded event activates later.
        if (event.data.object.payment_status !== 'paid') return 'ignored';
        return activate(deps, tx, event.data.object, event.created);
      case 'checkout.session.async_payment_succeeded':
        return activate(deps, tx, event.data.object, event.created);
      case 'checkout.session.async_payment_failed':
        return markFailed(deps, tx, event.data.object);
      case 'invoice.paid':
        // The first invoice is the checkout's own payment; later ones are yearly renewals.
        if (event.data.object.billing_reason !== 'subscription_cycle') return 'ignored';
        return renew(tx, subscriptionIdOfInvoice(event.data.object));
      case 'invoice.payment_failed':
        return setSubscriptionStatus(tx, subscriptionIdOfInvoice(event.data.object), 'past_due');
      case 'customer.subscription.deleted':
        return setSubscriptionStatus(tx, event.data.object.id, 'canceled');
      default:
        return 'ignored';
    }
  });
}

/** Every event we act on carries an object with an id; a signed event of another shape is skipped. */
function hasObject(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { id?: unknown }).id === 'string'
  );
}

/** Whose registration a checkout session pays for, as our checkout set it up. */
function ownerOf(session: Stripe.Checkout.Session) {
  const registrationId = session.client_reference_id;
  const userId = session.metadata?.userId;
  return typeof registrationId === 'string' &&
    isUuid(registrationId) &&
    typeof userId === 'string' &&
    userId
    ? { registrationId, userId }
    : undefined;
}

/**
 * A paid checkout session buys one year (decisions.md section 2): a subscriptions row keyed by the
 * session, and the registration completed. A renewal pays again for a completed registration;
 * a year paid while another is still running starts when that one ends, so no payment is lost.
 */
async function activate(
  deps: BillingDeps,
  tx: Transaction,
  session: Stripe.Checkout.Session,
  paidAtSeconds: number,
): Promise<EventOutcome> {
  const owner = ownerOf(session);
  if (!owner) {
    deps.logger.warn(
      { session: session.id },
      'paid checkout session names no registration of ours',
    );
    return 'ignored';
  }
  // Locking the registration queues the events of two sessions paying for it, so the second
  // sees the first one's year.
  const [registration] = await tx
    .select({ id: examRegistrations.id })
    .from(examRegistrations)
    .where(
      and(
        eq(examRegistrations.id, owner.registrationId),
        eq(examRegistrations.userId, owner.userId),
      ),
    )
    .for('update');
  if (!registration) {
    deps.logger.warn({ session: session.id }, 'paid checkout session matched no registration');
    return 'ignored';
  }
  const providerSubscription =
    typeof session.subscription === 'string' ? session.subscription : session.subscription?.id;
  const paidAt = new Date(paidAtSeconds * 1000);
  const [running] = await tx
    .select({ end: sql<Date | string | null>`max(${subscriptions.currentPeriodEnd})` })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.examRegistrationId, registration.id),
        eq(subscriptions.status, 'active'),
        gt(subscriptions.currentPeriodEnd, paidAt),
      ),
    );
  const periodEnd = running?.end ? new Date(running.end) : paidAt;
  periodEnd.setUTCFullYear(periodEnd.getUTCFullYear() + 1);
  const [year] = await tx
    .insert(subscriptions)
    .values({
      userId: owner.userId,
      examRegistrationId: registration.id,
      status: 'active',
      currentPeriodEnd: periodEnd,
      amount: session.amount_total ?? SUBSCRIPTION_PRICE_CENTS,
      providerSubscriptionId: providerSubscription ?? null,
      checkoutSessionId: session.id,
    })
    .onConflictDoNothing()
    .returning({ id: subscriptions.id });
  if (!year) {
    // Another event of this session got here first (e.g. /payment-success asked Stripe, with a
    // view that may lack the subscription): keep the subscription id, so renewals and
    // cancellations find the row.
    if (providerSubscription) {
      await tx
        .update(subscriptions)
        .set({ providerSubscriptionId: providerSubscription })
        .where(
          and(
            eq(subscriptions.checkoutSessionId, session.id),
            isNull(subscriptions.providerSubscriptionId),
          ),
        );
    }
    return 'ignored';
  }
  await tx
    .update(examRegistrations)
    .set({ paymentStatus: 'completed', paymentId: session.id, openCheckoutSessionId: null })
    .where(eq(examRegistrations.id, registration.id));
  return 'applied';
}

/** The Stripe subscription an invoice bills (where the API version puts it). */
function subscriptionIdOfInvoice(invoice: Stripe.Invoice): string | undefined {
  const fromParent = invoice.parent?.subscription_details?.subscription;
  const legacy = (invoice as unknown as { subscription?: unknown }).subscription;
  const value = fromParent ?? legacy;
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'id' in value && typeof value.id === 'string')
    return value.id;
  return undefined;
}

/** A paid renewal: one more year from the end of the current one. */
async function renew(tx: Transaction, providerSubscriptionId: string | undefined) {
  if (!providerSubscriptionId) return 'ignored';
  const [renewed] = await tx
    .update(subscriptions)
    .set({
      status: 'active',
      currentPeriodEnd: sql`${subscriptions.currentPeriodEnd} + interval '1 year'`,
    })
    .where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId))
    .returning({ id: subscriptions.id });
  return renewed ? 'applied' : 'ignored';
}

async function setSubscriptionStatus(
  tx: Transaction,
  providerSubscriptionId: string | undefined,
  status: 'past_due' | 'canceled',
): Promise<EventOutcome> {
  if (!providerSubscriptionId) return 'ignored';
  const [changed] = await tx
    .update(subscriptions)
    .set({ status })
    .where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId))
    .returning({ id: subscriptions.id });
  return changed ? 'applied' : 'ignored';
}

/** The payment did not go through: the registration shows Payment Failed until a new checkout. */
async function markFailed(
  deps: BillingDeps,
  tx: Transaction,
  session: Stripe.Checkout.Session,
): Promise<EventOutcome> {
  const owner = ownerOf(session);
  if (!owner) return 'ignored';
  const [failed] = await tx
    .update(examRegistrations)
    .set({ paymentStatus: 'failed' })
    .where(
      and(
        eq(examRegistrations.id, owner.registrationId),
        eq(examRegistrations.userId, owner.userId),
        eq(examRegistrations.paymentStatus, 'pending'),
      ),
    )
    .returning({ id: examRegistrations.id });
  // The failed session cannot be paid any more: the next click opens a new one.
  await tx
    .update(examRegistrations)
    .set({ openCheckoutSessionId: null })
    .where(
      and(
        eq(examRegistrations.id, owner.registrationId),
        eq(examRegistrations.openCheckoutSessionId, session.id),
      ),
    );
  return failed ? 'applied' : 'ignored';
}

/** Paid access (spec section 6): an active subscription whose year has not ended. */
export async function hasActiveAccess(database: Database, userId: string): Promise<boolean> {
  const [active] = await database.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.status, 'active'),
        gt(subscriptions.currentPeriodEnd, new Date()),
      ),
    )
    .limit(1);
  return active !== undefined;
}

/** True while a paid year of this registration is still running. */
export async function hasRunningYear(database: Database, registrationId: string): Promise<boolean> {
  const [running] = await database.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.examRegistrationId, registrationId),
        eq(subscriptions.status, 'active'),
        gt(subscriptions.currentPeriodEnd, new Date()),
      ),
    )
    .limit(1);
  return running !== undefined;
}
