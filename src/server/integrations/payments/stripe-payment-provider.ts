import type Stripe from 'stripe';
import { SUBSCRIPTION_CURRENCY, SUBSCRIPTION_PRICE_CENTS } from '#shared/limits';
import type { CheckoutSessionView, PaymentProvider } from './payment-provider';

export type StripeProviderOptions = {
  secretKey: string;
  /** A yearly Price of the Stripe account; without it the price is sent inline (15000 cents). */
  priceId?: string;
  /** Stripe Tax computes the tax line (STRIPE_AUTOMATIC_TAX). */
  automaticTax: boolean;
  /** Another API host (tests point it at a local server). */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
};

/**
 * Stripe Checkout (decisions.md section 3): a subscription session for the yearly plan, tied to
 * the registration (client_reference_id) and the student (metadata). The SDK loads on first use.
 */
export function createStripePaymentProvider(options: StripeProviderOptions): PaymentProvider {
  let client: Promise<Stripe> | undefined;
  const stripe = () =>
    (client ??= import('stripe').then(
      ({ default: StripeSdk }) =>
        new StripeSdk(options.secretKey, {
          maxNetworkRetries: 2,
          timeout: 20_000,
          ...(options.api && {
            host: options.api.host,
            port: options.api.port,
            protocol: options.api.protocol,
          }),
        }),
    ));

  return {
    kind: 'stripe',
    async createCheckout(request) {
      const metadata = { userId: request.userId, registrationId: request.registrationId };
      const session = await (
        await stripe()
      ).checkout.sessions.create(
        {
          mode: 'subscription',
          client_reference_id: request.registrationId,
          customer_email: request.email,
          metadata,
          subscription_data: { metadata },
          line_items: [
            options.priceId
              ? { price: options.priceId, quantity: 1 }
              : {
                  quantity: 1,
                  price_data: {
                    currency: SUBSCRIPTION_CURRENCY.toLowerCase(),
                    unit_amount: SUBSCRIPTION_PRICE_CENTS,
                    recurring: { interval: 'year' },
                    product_data: { name: request.description },
                  },
                },
          ],
          automatic_tax: { enabled: options.automaticTax },
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { sessionId: session.id, url: session.url };
    },
    async findSession(sessionId) {
      try {
        const session = await (await stripe()).checkout.sessions.retrieve(sessionId);
        const view: CheckoutSessionView = {
          id: session.id,
          client_reference_id: session.client_reference_id,
          metadata: session.metadata,
          payment_status: session.payment_status,
          status: session.status,
          amount_total: session.amount_total,
        };
        return view;
      } catch (error) {
        if ((error as { code?: unknown }).code === 'resource_missing') return null;
        throw error;
      }
    },
  };
}
