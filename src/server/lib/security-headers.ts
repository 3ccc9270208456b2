import type { MiddlewareHandler } from 'hono';
import type { contentSecurityPolicy } from './content-security-policy';

type Policy = ReturnType<typeof contentSecurityPolicy>;

/**
 * The hardening headers every response carries, computed once: the same names and values Hono's
 * secureHeaders() sent with our options (its defaults, COEP off, X-Frame-Options DENY, HSTS only
 * in production). The response-identity test holds them to that.
 */
export function securityHeaderList(options: {
  contentSecurityPolicy: Policy;
  strictTransportSecurity: string | false;
}): [string, string][] {
  const list: [string, string][] = [
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Origin-Agent-Cluster', '?1'],
    ['Referrer-Policy', 'no-referrer'],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-DNS-Prefetch-Control', 'off'],
    ['X-Download-Options', 'noopen'],
    ['X-Frame-Options', 'DENY'],
    ['X-Permitted-Cross-Domain-Policies', 'none'],
    ['X-XSS-Protection', '0'],
    ['Content-Security-Policy', policyText(options.contentSecurityPolicy)],
  ];
  if (options.strictTransportSecurity) {
    list.push(['Strict-Transport-Security', options.strictTransportSecurity]);
  }
  return list;
}

/** `defaultSrc: ["'self'"]` → `default-src 'self'`, directives joined by "; ". */
function policyText(policy: Policy): string {
  return Object.entries(policy)
    .map(([directive, values]) => {
      const name = directive.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
      return [name, ...values].join(' ');
    })
    .join('; ');
}

/**
 * Sets the security headers before the handler runs, so they are part of the response it builds:
 * setting them afterwards (as secureHeaders() did) changes a finished response. Afterwards only a
 * check: a response made without the context (a raw Response), or a handler's own value for one
 * of these headers, gets ours, as before. Errors and 404s are built through the context too.
 */
export function securityHeaders(list: [string, string][]): MiddlewareHandler {
  return async (c, next) => {
    for (const [name, value] of list) c.header(name, value);
    await next();
    const headers = c.res.headers;
    for (const [name, value] of list) {
      if (headers.get(name) !== value) headers.set(name, value);
    }
    headers.delete('X-Powered-By');
  };
}
