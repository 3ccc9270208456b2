/** What a checkout is for: one exam registration of one student, for the yearly price. */
export type CheckoutRequest = {
  registrationId: string;
  userId: string;
  email: string;
  /** What the student sees as the product, e.g. "StarPrep yearly access: Bar Exam". */
  description: string;
  /** Repeating a request with the same key (a double click) gives the same session. */
  idempotencyKey: string;
  /** Absolute; Stripe replaces {CHECKOUT_SESSION_ID} with the session's id. */
  successUrl: string;
  cancelUrl: string;
};

/** The part of a checkout session we read, in Stripe's names. */
export type CheckoutSessionView = {
  id: string;
  client_reference_id: string | null;
  metadata: { userId?: string } | null;
  /** 'paid' once the money is there; 'unpaid' while a delayed method is still settling. */
  payment_status: string;
  /** 'open', 'complete' or 'expired'. */
  status: string | null;
  amount_total: number | null;
  /** The Stripe subscription the session started (sub_…), when it started one. */
  subscription: string | null;
  /** Where the student pays, while the session is open. */
  url: string | null;
};

/**
 * A hosted checkout (decisions.md section 3): Stripe in production, the built-in test checkout by
 * default. Neither completes a payment by itself: that is the webhook's job.
 */
export interface PaymentProvider {
  readonly kind: 'stripe' | 'test';
  createCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  /** The provider's view of a session, or null when it does not know that id. */
  findSession(sessionId: string): Promise<CheckoutSessionView | null>;
}

/** The provider could not be reached or refused to work: the student may try again later. */
export class ProviderUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderUnavailableError';
  }
}
