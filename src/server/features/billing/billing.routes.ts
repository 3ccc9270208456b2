import { Hono } from 'hono';
import { applyBillingEvent, type BillingDeps } from './billing.service';
import { verifyWebhookEvent } from './webhook-signature';

/**
 * POST /webhook: payment events from Stripe (or the built-in test checkout, which signs its
 * events the same way). The signature is checked on the raw body before anything else.
 */
export function billingRoutes(deps: BillingDeps & { webhookSecret: string }) {
  return new Hono().post('/webhook', async (c) => {
    const event = await verifyWebhookEvent(
      await c.req.text(),
      c.req.header('stripe-signature'),
      deps.webhookSecret,
    );
    const outcome = await applyBillingEvent(deps, event);
    return c.json({ received: true, outcome });
  });
}
