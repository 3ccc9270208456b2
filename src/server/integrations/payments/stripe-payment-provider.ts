import type Stripe from 'stripe';
import { SUBSCRIPTION_CURRENCY, SUBSCRIPTION_PRICE_CENTS } from '#shared/limits';
import {
  type CheckoutRequest,
  type CheckoutSessionView,
  type PaymentProvider,
  ProviderUnavailableError,
} from './payment-provider';

export type StripeProviderOptions = {
  secretKey: string;
  /** A yearly Price of the Stripe account; without it the price is sent inline (15000 cents). */
  priceId?: string;
  /** Stripe Tax computes the tax line (STRIPE_AUTOMATIC_TAX). */
  automaticTax: boolean;
  /** Another API host (tests point it at a local server). */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
};

/** Only ids shaped like Stripe's reach Stripe: the id is part of the request path. */
const SESSION_ID = /^cs_(test|live)_\w{1,200}$/;

/**
 * Stripe Checkout (decisions.md section 3): a subscription session for the yearly plan, tied to
 * the registration (client_reference_id) and the student (metadata). The SDK loads on first use.
 * Stripe's own failures leave as ProviderUnavailableError (a 503 for the student, not a 500).
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

  async function createSession(request: CheckoutRequest) {
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
    if (!session.url) throw new ProviderUnavailableError('Stripe returned a session without a URL');
    return { sessionId: session.id, url: session.url };
  }

  return {
    kind: 'stripe',
    async createCheckout(request) {
      try {
        return await createSession(request);
      } catch (error) {
        if (error instanceof ProviderUnavailableError) throw error;
        throw new ProviderUnavailableError('Stripe could not open a checkout', { cause: error });
      }
    },
    async findSession(sessionId) {
      if (!SESSION_ID.test(sessionId)) return null;
      try {
        const session = await (await stripe()).checkout.sessions.retrieve(sessionId);
        const view: CheckoutSessionView = {
          id: session.id,
          client_reference_id: session.client_reference_id,
          metadata: session.metadata,
          payment_status: session.payment_status,
          status: session.status,
          amount_total: session.amount_total,
          subscription:
            typeof session.subscription === 'string'
              ? session.subscription
              : (session.subscription?.id ?? null),
          url: session.url,
        };
        return view;
      } catch (error) {
        const { code, type } = error as { code?: unknown; type?: unknown };
        if (code === 'resource_missing' || type === 'StripeInvalidRequestError') return null;
        throw new ProviderUnavailableError('Stripe did not answer about the session', {
          cause: error,
        });
      }
    },
  };
}
