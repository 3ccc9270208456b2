import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import {
  GENERIC_ERROR_MESSAGE,
  NOT_FOUND_MESSAGE,
  PAYLOAD_TOO_LARGE_MESSAGE,
  UNAVAILABLE_MESSAGE,
} from '#shared/contracts/errors';
import { UNSTORABLE_TEXT_MESSAGE } from '#shared/contracts/text';
import { AppError } from './app-error';
import { isDatabaseUnavailable } from './database-unavailable';
import type { Logger } from './logger';

/** How long a client is asked to wait before retrying while the database is unreachable. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/**
 * The error model of architecture.md section 3: an AppError leaves as its own code and message;
 * an unreachable database leaves as 503 "try again" (logged as a warning: an outage, not a bug);
 * anything else unexpected is logged and leaves as a generic 500, so no stack trace, SQL text or
 * library message ever reaches a client.
 */
export function errorHandler(logger: Logger): ErrorHandler {
  return (error, c) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) {
        c.header('Retry-After', String(error.retryAfterSeconds));
      }
      return c.json(error.toBody(), error.status);
    }
    if (error instanceof HTTPException && error.status < 500) {
      const appError = fromHttpStatus(error.status);
      return c.json(appError.toBody(), appError.status);
    }
    if (isDatabaseUnavailable(error)) {
      logger.warn(
        { err: describeForLog(error), method: c.req.method, path: c.req.path },
        'database unreachable',
      );
      c.header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      return c.json(new AppError('unavailable', UNAVAILABLE_MESSAGE).toBody(), 503);
    }
    if (isUnstorableTextError(error)) {
      // The last line of defence behind the shared text rule (contracts/text.ts): text that
      // slipped past it is still the sender's problem, told plainly, and still logged as a bug.
      logger.warn(
        { err: describeForLog(error), method: c.req.method, path: c.req.path },
        'text the database cannot store reached a query',
      );
      const appError = new AppError('invalid_input', UNSTORABLE_TEXT_MESSAGE);
      return c.json(appError.toBody(), appError.status);
    }
    logger.error(
      { err: describeForLog(error), method: c.req.method, path: c.req.path },
      'unhandled error',
    );
    return c.json({ error: { code: 'internal', message: GENERIC_ERROR_MESSAGE } }, 500);
  };
}

/**
 * What a log may keep of an error. Drizzle puts a failed query's parameters (e-mails, hashes,
 * tokens) into its message and a `params` field; the query text stays, the values do not.
 */
export function describeForLog(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const withoutParams = (text: string | undefined) => text?.replace(/\nparams:[^\n]*/g, '');
  const cause = error.cause instanceof Error ? describeForLog(error.cause) : undefined;
  const code = (error as { code?: unknown }).code;
  const constraint = (error as { constraint?: unknown }).constraint;
  return {
    type: error.name,
    message: withoutParams(error.message),
    stack: withoutParams(error.stack),
    ...(typeof code === 'string' && { code }),
    ...(typeof constraint === 'string' && { constraint }),
    ...(cause && { cause }),
  };
}

/**
 * PostgreSQL's refusals of text it cannot store, on the error or (from Drizzle) its cause:
 * 22021 character_not_in_repertoire ("invalid byte sequence for encoding UTF8: 0x00", a NUL in
 * text) and 22P05 untranslatable_character ("unsupported Unicode escape sequence", \u0000 in
 * JSON). PGlite and the pg driver report the same codes.
 */
const UNSTORABLE_TEXT_CODES = new Set(['22021', '22P05']);

function isUnstorableTextError(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && UNSTORABLE_TEXT_CODES.has(code)) return true;
  }
  return false;
}

function fromHttpStatus(status: number): AppError {
  if (status === 401) return new AppError('unauthenticated', 'Please sign in.');
  if (status === 403) return new AppError('forbidden', 'You do not have access to this.');
  if (status === 404) return new AppError('not_found', NOT_FOUND_MESSAGE);
  if (status === 413) return new AppError('payload_too_large', PAYLOAD_TOO_LARGE_MESSAGE);
  if (status === 429)
    return new AppError('rate_limited', 'Too many requests. Please wait a moment.');
  return new AppError('invalid_input', 'The request could not be read.');
}

export const apiNotFound: NotFoundHandler = (c: Context) =>
  c.json(new AppError('not_found', NOT_FOUND_MESSAGE).toBody(), 404);
