import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiError } from '#shared/contracts/errors';

/** The codes a client can branch on, each with its HTTP status. */
const statusByCode = {
  invalid_input: 400,
  unauthenticated: 401,
  /** Signed in, but without a completed payment (an active year of access). */
  payment_required: 402,
  forbidden: 403,
  /** Signed in with the right password, but the e-mail is not confirmed yet. */
  email_not_confirmed: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  rate_limited: 429,
  unavailable: 503,
} as const satisfies Record<string, ContentfulStatusCode>;

export type AppErrorCode = keyof typeof statusByCode;

/**
 * An expected failure with a message meant for the person using the product. Anything else that
 * is thrown is a bug: it is logged and the client sees only a generic message.
 */
export class AppError extends Error {
  readonly status: ContentfulStatusCode;

  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** For rate_limited: sent as the Retry-After header and in the body. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = statusByCode[code];
  }

  static rateLimited(message: string, retryAfterSeconds: number): AppError {
    return new AppError(
      'rate_limited',
      message,
      undefined,
      Math.max(1, Math.ceil(retryAfterSeconds)),
    );
  }

  toBody(): ApiError {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.fields && { fields: this.fields }),
        ...(this.retryAfterSeconds !== undefined && { retryAfterSeconds: this.retryAfterSeconds }),
      },
    };
  }
}
