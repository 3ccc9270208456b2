import type { MiddlewareHandler } from 'hono';
import type { Logger } from './logger';

/**
 * With TRUST_PROXY off the client's address is the socket's. Behind a proxy that is the proxy's
 * address for every request, so all students share one per-IP rate limit and the logs show one
 * address. A proxy announces itself with X-Forwarded-For: the first request carrying it is worth
 * one warning. Only one, since any client can send the header too.
 */
export function forwardedForWarning(options: {
  trustProxy: boolean;
  logger: Logger;
}): MiddlewareHandler {
  let warned = options.trustProxy;
  return async (c, next) => {
    if (!warned && c.req.header('x-forwarded-for') !== undefined) {
      warned = true;
      options.logger.warn(
        'requests carry X-Forwarded-For but TRUST_PROXY is off, so every client behind a proxy ' +
          "counts as the proxy's address (one shared rate limit). Behind exactly one proxy you " +
          'run, set TRUST_PROXY=on; with no proxy in front, ignore this (a client sent the header).',
      );
    }
    await next();
  };
}
