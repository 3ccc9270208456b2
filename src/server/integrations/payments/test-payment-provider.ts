import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { SUBSCRIPTION_PRICE_CENTS } from '#shared/limits';
import type { Database } from '../../db/client';
import { testCheckoutSessions } from '../../db/schema';
import {
  type CheckoutSessionView,
  type PaymentProvider,
  ProviderUnavailableError,
} from './payment-provider';

/** Where the test checkout page lives; the session id follows. */
export const TEST_CHECKOUT_PATH = '/checkout/test/';

/**
 * The built-in test checkout: sessions in our own table and a card page of our own
 * (features/billing). Paying there sends a signed event to the webhook, as Stripe would.
 */
export function createTestPaymentProvider(options: {
  database: Database;
  publicUrl: string;
}): PaymentProvider {
  const { database } = options;
  const checkoutUrl = (sessionId: string) =>
    `${options.publicUrl}${TEST_CHECKOUT_PATH}${sessionId}`;
  const openSessionOf = async (registrationId: string) => {
    const [open] = await database.db
      .select({ id: testCheckoutSessions.id })
      .from(testCheckoutSessions)
      .where(
        and(
          eq(testCheckoutSessions.examRegistrationId, registrationId),
          eq(testCheckoutSessions.status, 'open'),
        ),
      );
    return open?.id;
  };
  return {
    kind: 'test',
    async createCheckout(request) {
      // One open session per registration (a unique index, migration 0012): of two requests at
      // once, one inserts and the other finds the first's session; so does a later second click.
      const [created] = await database.db
        .insert(testCheckoutSessions)
        .values({
          id: `cs_test_${randomBytes(18).toString('base64url')}`,
          userId: request.userId,
          examRegistrationId: request.registrationId,
          amount: SUBSCRIPTION_PRICE_CENTS,
        })
        .onConflictDoNothing({
          target: testCheckoutSessions.examRegistrationId,
          where: sql`${testCheckoutSessions.status} = 'open'`,
        })
        .returning({ id: testCheckoutSessions.id });
      const sessionId = created?.id ?? (await openSessionOf(request.registrationId));
      // The open session was paid or declined between the two statements: the student retries.
      if (!sessionId) throw new ProviderUnavailableError('the open test session just closed');
      return { sessionId, url: checkoutUrl(sessionId) };
    },
    async findSession(sessionId) {
      const [row] = await database.db
        .select()
        .from(testCheckoutSessions)
        .where(eq(testCheckoutSessions.id, sessionId));
      if (!row) return null;
      const view: CheckoutSessionView = {
        id: row.id,
        client_reference_id: row.examRegistrationId,
        metadata: { userId: row.userId },
        payment_status: row.status === 'complete' ? 'paid' : 'unpaid',
        // As on Stripe, a session whose payment failed is finished too: only an open one is payable.
        status: row.status === 'open' ? 'open' : 'complete',
        amount_total: row.amount,
        subscription: null,
        url: row.status === 'open' ? checkoutUrl(row.id) : null,
      };
      return view;
    },
  };
}
