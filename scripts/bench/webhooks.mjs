// Payment events as Stripe would send them for a paid checkout, signed with the server's
// webhook secret: shared by the webhook storm and the fault scripts.
import Stripe from 'stripe';

/** The checkout.session.completed event that pays for `student`'s registration. */
export function paidCheckoutEvent({ userId, registrationId }, id) {
  const now = Math.floor(Date.now() / 1000);
  return JSON.stringify({
    id,
    object: 'event',
    type: 'checkout.session.completed',
    created: now,
    data: {
      object: {
        id: `cs_bench_${registrationId}`,
        object: 'checkout.session',
        client_reference_id: registrationId,
        metadata: { userId },
        payment_status: 'paid',
        amount_total: 15000,
      },
    },
  });
}

/** The request that delivers one event to /api/billing/webhook, signed as Stripe signs it. */
export function webhookRequest(secret, payload) {
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  };
}
