import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { PAYLOAD_TOO_LARGE_MESSAGE } from '#shared/contracts/errors';
import { AppError } from './app-error';

/**
 * Refuses request bodies over maxSize with a JSON 413, except on the paths that count their own
 * (uploads). Hono's bodyLimit asks for the request's body stream, which makes @hono/node-server
 * build a full web Request (with an AbortController) for every request, so it runs only when it
 * has work: never for GET and HEAD (they carry no body), and a declared Content-Length is checked
 * here directly. A body without one (chunked) is counted by bodyLimit while it is read.
 */
export function apiBodyLimit(
  maxSize: number,
  ownLimitPaths: ReadonlySet<string>,
): MiddlewareHandler {
  const tooLarge = () => {
    throw new AppError('payload_too_large', PAYLOAD_TOO_LARGE_MESSAGE);
  };
  const counting = bodyLimit({ maxSize, onError: tooLarge });
  return async (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD' || ownLimitPaths.has(c.req.path)) return next();
    const declared = c.req.header('content-length');
    if (declared !== undefined && c.req.header('transfer-encoding') === undefined) {
      return parseInt(declared || '0', 10) > maxSize ? tooLarge() : next();
    }
    return counting(c, next);
  };
}
