import { Hono } from 'hono';
import { z } from 'zod';
import { startCheckoutSchema, testCardSchema } from '#shared/contracts/billing';
import { newExamRequestSchema } from '#shared/contracts/new-exam';
import type { Auth } from '../auth/auth-library';
import { AppError } from '../../lib/app-error';
import { requireUser } from '../../lib/auth-guards';
import { jsonBody } from '../../lib/validate';
import { applyBillingEvent } from './billing.service';
import {
  type CheckoutDeps,
  checkoutStatus,
  payTestCheckout,
  startCheckout,
  testCheckoutView,
} from './checkout.service';
import { startNewExamCheckout } from './new-exam.service';
import { verifyWebhookEvent } from './webhook-signature';

type BillingRouteDeps = Omit<CheckoutDeps, 'deliverWebhook'> & { auth: Auth };

/**
 * A payment event delivery: the signature is checked on the raw body before anything else, then
 * the event is applied once. Stripe's deliveries and the test checkout's take this same path.
 */
async function handleWebhook(deps: BillingRouteDeps, request: Request): Promise<Response> {
  const event = await verifyWebhookEvent(
    await request.text(),
    request.headers.get('stripe-signature') ?? undefined,
    deps.webhookSecret,
  );
  const outcome = await applyBillingEvent(deps, event);
  return Response.json({ received: true, outcome });
}

const sessionIdSchema = z.string().min(1).max(200);

export function billingRoutes(deps: BillingRouteDeps) {
  const checkoutDeps: CheckoutDeps = {
    ...deps,
    deliverWebhook: (request) =>
      handleWebhook(deps, request).catch((error: unknown) =>
        error instanceof AppError
          ? Response.json(error.toBody(), { status: error.status })
          : Promise.reject(error),
      ),
  };
  const signedIn = requireUser(deps.auth, deps.database);

  return new Hono()
    .post('/webhook', (c) => handleWebhook(deps, c.req.raw))
    .post('/checkout', signedIn, jsonBody(startCheckoutSchema), async (c) => {
      const { registrationId } = c.req.valid('json');
      return c.json(await startCheckout(checkoutDeps, c.get('user').id, registrationId));
    })
    .post('/new-exam', signedIn, jsonBody(newExamRequestSchema), async (c) => {
      const form = c.req.valid('json');
      return c.json(await startNewExamCheckout(checkoutDeps, c.get('user').id, form));
    })
    .get('/checkout-status', signedIn, async (c) => {
      c.header('Cache-Control', 'no-store');
      const sessionId = sessionIdSchema.safeParse(c.req.query('session_id'));
      if (!sessionId.success) return c.json({ status: 'unknown' as const, accountActive: false });
      return c.json(await checkoutStatus(checkoutDeps, c.get('user').id, sessionId.data));
    })
    .get('/test-checkout/:id', signedIn, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await testCheckoutView(checkoutDeps, c.get('user').id, c.req.param('id')));
    })
    .post('/test-checkout/:id/pay', signedIn, jsonBody(testCardSchema), async (c) => {
      const card = c.req.valid('json');
      return c.json(await payTestCheckout(checkoutDeps, c.get('user').id, c.req.param('id'), card));
    });
}
