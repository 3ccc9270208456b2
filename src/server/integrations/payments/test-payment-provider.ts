import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { SUBSCRIPTION_PRICE_CENTS } from '#shared/limits';
import type { Database } from '../../db/client';
import { testCheckoutSessions } from '../../db/schema';
import type { CheckoutSessionView, PaymentProvider } from './payment-provider';

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
  return {
    kind: 'test',
    async createCheckout(request) {
      // A second click while a session is still open for this registration gets that session.
      const [open] = await database.db
        .select({ id: testCheckoutSessions.id })
        .from(testCheckoutSessions)
        .where(
          and(
            eq(testCheckoutSessions.examRegistrationId, request.registrationId),
            eq(testCheckoutSessions.status, 'open'),
          ),
        )
        .orderBy(desc(testCheckoutSessions.createdAt))
        .limit(1);
      const sessionId = open?.id ?? `cs_test_${randomBytes(18).toString('base64url')}`;
      if (!open) {
        await database.db.insert(testCheckoutSessions).values({
          id: sessionId,
          userId: request.userId,
          examRegistrationId: request.registrationId,
          amount: SUBSCRIPTION_PRICE_CENTS,
        });
      }
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
