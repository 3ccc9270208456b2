import type Stripe from 'stripe';
import { AppError } from '../../lib/app-error';

/** Stripe's default: an event signed more than 5 minutes ago is a replay. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
/** Clocks differ a little; a signature from further in the future than this is refused. */
const FUTURE_SKEW_SECONDS = 30;

export const INVALID_SIGNATURE_MESSAGE = 'The webhook signature is not valid.';

/**
 * The event in a webhook delivery, once its signature (Stripe-Signature: t=…,v1=… over the raw
 * body) proves it came from whoever holds the webhook secret: Stripe, or our own test checkout.
 * Anything else is refused with 400 before any of it is read.
 */
export async function verifyWebhookEvent(
  rawBody: string,
  signatureHeader: string | undefined,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<Stripe.Event> {
  const invalid = () => new AppError('invalid_input', INVALID_SIGNATURE_MESSAGE);
  if (!signatureHeader || signatureHeader.length > 2_000) throw invalid();
  // Stripe's check accepts any timestamp not older than the tolerance, future ones included.
  // Exactly one t= (the SDK would take the last of several, this check the first).
  const timestamps = signatureHeader
    .split(',')
    .map((part) => part.trim().split('='))
    .filter(([key]) => key === 't');
  const signedAt = timestamps.length === 1 ? Number(timestamps[0]![1]) : Number.NaN;
  if (!Number.isSafeInteger(signedAt) || signedAt > nowSeconds + FUTURE_SKEW_SECONDS) {
    throw invalid();
  }
  // The SDK is loaded with the first delivery: an idle server does not carry its ~16 MB.
  const { default: StripeSdk } = await import('stripe');
  try {
    return StripeSdk.webhooks.constructEvent(
      rawBody,
      signatureHeader,
      secret,
      WEBHOOK_TOLERANCE_SECONDS,
      undefined,
      // The SDK takes the receiving time in milliseconds.
      nowSeconds * 1000,
    );
  } catch {
    throw invalid();
  }
}

/** Signs `payload` as Stripe does; the built-in test checkout and the tests use it. */
export async function signWebhookPayload(
  payload: string,
  secret: string,
  timestampSeconds = Math.floor(Date.now() / 1000),
): Promise<string> {
  const { default: StripeSdk } = await import('stripe');
  return StripeSdk.webhooks.generateTestHeaderString({
    payload,
    secret,
    timestamp: timestampSeconds,
  });
}
