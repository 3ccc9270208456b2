import type { ApiError } from '#shared/contracts/errors';

/** A failed API call, carrying the server's code, message and per-field messages. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

/**
 * Turns a non-2xx response into an ApiRequestError. A body that is not our error shape (a proxy's
 * HTML page, say) becomes one with `fallbackMessage`.
 */
export async function toApiRequestError(
  response: Response,
  fallbackMessage: string,
): Promise<ApiRequestError> {
  try {
    const body = (await response.json()) as Partial<ApiError>;
    if (body.error && typeof body.error.message === 'string') {
      return new ApiRequestError(
        response.status,
        body.error.code,
        response.status >= 500 ? fallbackMessage : body.error.message,
        body.error.fields,
        body.error.retryAfterSeconds,
      );
    }
  } catch {
    // Not JSON: fall through to the generic message.
  }
  return new ApiRequestError(response.status, 'unknown', fallbackMessage);
}

/** The message to show for any error thrown by a request (network failures included). */
export function messageOf(error: unknown, fallbackMessage: string): string {
  return error instanceof ApiRequestError ? error.message : fallbackMessage;
}
