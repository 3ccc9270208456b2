import { isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The address of the client, for per-IP rate limits and logs.
 *
 * With `trustProxy` (TRUST_PROXY=on, only behind one proxy that adds to X-Forwarded-For) the
 * last address of X-Forwarded-For, the one our proxy wrote, if it is a valid IP; otherwise, and
 * always without `trustProxy`, the socket's peer address. Without a socket (`app.request()` in
 * tests) it is 'unknown'. The entries before the last are whatever the client claimed, so they
 * are never used: a client cannot pick its own rate-limit key.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const last = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (last && isIP(last)) return normalizeIp(last);
  }
  try {
    const address = getConnInfo(c).remote.address;
    if (address && isIP(address)) return normalizeIp(address);
  } catch {
    // No Node socket behind this request (app.request in tests, another runtime).
  }
  return 'unknown';
}

/** Lower case, without an IPv6 zone, and an IPv4-mapped IPv6 address (::ffff:a.b.c.d) as IPv4. */
export function normalizeIp(address: string): string {
  const lower = address.trim().toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(lower);
  if (mapped?.[1] && isIP(mapped[1]) === 4) return mapped[1];
  return lower.replace(/%.*$/, '');
}

/**
 * The key a per-IP limit counts under: an IPv4 address as is, an IPv6 address by its /64 network,
 * because one IPv6 subscriber usually holds a whole /64 and could otherwise step through
 * addresses to escape the limit. Anything else (e.g. 'unknown') is returned trimmed and lowered.
 */
export function ipRateLimitKey(address: string): string {
  const ip = normalizeIp(address);
  if (isIP(ip) !== 6) return ip;
  const [head = '', tail] = ip.split('::');
  const groups = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group]));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const missing = 8 - left.length - right.length;
  const all = [...left, ...Array<string>(Math.max(0, missing)).fill('0'), ...right];
  return `${all
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}
