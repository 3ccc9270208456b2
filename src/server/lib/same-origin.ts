import type { MiddlewareHandler } from 'hono';
import { AppError } from './app-error';

export const CROSS_SITE_MESSAGE = 'This request came from another site and was refused.';

/**
 * CSRF protection for every state-changing API call (decisions.md section 1): a browser names the
 * page that sent a request in Sec-Fetch-Site and Origin; anything but our own site is refused.
 * Requests with neither header come from outside a browser and carry no victim's cookie.
 */
export function sameOriginOnly(publicUrl: string): MiddlewareHandler {
  const trusted = new URL(publicUrl).origin;
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS') {
      return next();
    }
    const site = c.req.header('Sec-Fetch-Site');
    const origin = c.req.header('Origin');
    const ownOrigin = new URL(c.req.url).origin;
    if (site && site !== 'same-origin' && site !== 'none') {
      throw new AppError('forbidden', CROSS_SITE_MESSAGE);
    }
    if (origin && origin !== trusted && origin !== ownOrigin) {
      throw new AppError('forbidden', CROSS_SITE_MESSAGE);
    }
    return next();
  };
}
