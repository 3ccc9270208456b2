/**
 * The one error shape every API failure has (architecture.md section 3). `message` is the text
 * a person reads; `fields` maps a form field to the message shown next to it.
 */
export type ApiError = {
  error: {
    code: string;
    message: string;
    fields?: Record<string, string>;
    /** With code rate_limited: how long until another try can succeed (also in Retry-After). */
    retryAfterSeconds?: number;
  };
};

export const GENERIC_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';
export const NOT_FOUND_MESSAGE = 'Not found.';
export const PAYLOAD_TOO_LARGE_MESSAGE = 'The request is too large.';
/** A dependency the request needs (the database) cannot be reached; the request can be retried. */
export const UNAVAILABLE_MESSAGE =
  'StarPrep cannot reach its database right now. Please try again in a moment.';
