/**
 * Whether a thrown error means the database could not be reached (down, restarting, or the pool
 * could not get a connection in time), as opposed to a bug in a query. Such a request is answered
 * 503 "try again" instead of 500, and the pool reconnects by itself once the database is back.
 *
 * Drizzle wraps the driver's error as the `cause` of its own, so the whole chain is looked at.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    if (isConnectionFailure(current)) return true;
    current = current.cause;
  }
  return false;
}

/** Socket errors of a connect or of a connection that broke (AggregateError keeps the code too). */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATE classes 08 (connection exception) and 57P0x (the server is shutting down, crashed or
 * is still starting: 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now), and
 * 53300 too_many_connections.
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3]|53300)$/;

/** What the pg driver says, in words only, when a connection dies or cannot be had in time. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
];

function isConnectionFailure(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) {
    return true;
  }
  return DRIVER_MESSAGES.some((message) => error.message.startsWith(message));
}
