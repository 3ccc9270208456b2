import type { MiddlewareHandler } from 'hono';
import type { Logger } from './logger';

/**
 * Logs one line per request when the response is ready: method, path (never the query string,
 * which may carry one-time values), status and duration. Headers and bodies are not logged.
 */
export function requestLog(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const line = { method: c.req.method, path: c.req.path, status: c.res.status, ms };
    if (c.res.status >= 500) logger.error(line, 'request failed');
    else logger.info(line, 'request');
  };
}
