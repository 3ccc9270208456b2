import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientIp, ipRateLimitKey, normalizeIp } from './client-ip';

/** What clientIp sees for a request with these headers, behind or not behind a proxy. */
async function seen(
  trustProxy: boolean,
  headers: Record<string, string> = {},
  remoteAddress?: string,
): Promise<string> {
  const app = new Hono().get('/', (c) => c.text(clientIp(c, trustProxy)));
  const env = remoteAddress ? { incoming: { socket: { remoteAddress } } } : undefined;
  const response = await app.request('/', { headers }, env);
  return response.text();
}

describe('clientIp', () => {
  it('uses the socket address when no proxy is trusted, ignoring X-Forwarded-For', async () => {
    expect(await seen(false, {}, '203.0.113.7')).toBe('203.0.113.7');
    expect(await seen(false, { 'X-Forwarded-For': '198.51.100.1' }, '203.0.113.7')).toBe(
      '203.0.113.7',
    );
  });

  it('is "unknown" without a socket (app.request in tests)', async () => {
    expect(await seen(false)).toBe('unknown');
    expect(await seen(false, { 'X-Forwarded-For': '198.51.100.1' })).toBe('unknown');
  });

  it('takes the address our proxy added (the last one) behind a trusted proxy', async () => {
    // The client claimed 198.51.100.1 itself; only the last entry comes from our proxy.
    const headers = { 'X-Forwarded-For': ' 198.51.100.1 , 10.0.0.2, 203.0.113.7 ' };
    expect(await seen(true, headers, '10.0.0.1')).toBe('203.0.113.7');
    expect(await seen(true, { 'X-Forwarded-For': '2001:DB8::1' })).toBe('2001:db8::1');
  });

  it('falls back to the socket when X-Forwarded-For is missing or not an IP', async () => {
    expect(await seen(true, {}, '203.0.113.7')).toBe('203.0.113.7');
    for (const bad of [
      '',
      '198.51.100.1, ',
      'evil',
      '198.51.100.1:4000',
      '999.1.1.1',
      'a'.repeat(9_000),
    ]) {
      expect(await seen(true, { 'X-Forwarded-For': bad }, '203.0.113.7')).toBe('203.0.113.7');
    }
    expect(await seen(true, { 'X-Forwarded-For': 'evil' })).toBe('unknown');
  });

  it('reports an IPv4-mapped IPv6 socket address as IPv4', async () => {
    expect(await seen(false, {}, '::ffff:203.0.113.7')).toBe('203.0.113.7');
  });
});

describe('normalizeIp', () => {
  it('lowers case, drops an IPv6 zone and unmaps IPv4', () => {
    expect(normalizeIp('FE80::1%eth0')).toBe('fe80::1');
    expect(normalizeIp('::FFFF:192.0.2.1')).toBe('192.0.2.1');
    expect(normalizeIp(' 192.0.2.1 ')).toBe('192.0.2.1');
  });
});

describe('ipRateLimitKey', () => {
  it('keeps IPv4 and reduces IPv6 to its /64 network', () => {
    expect(ipRateLimitKey('203.0.113.7')).toBe('203.0.113.7');
    expect(ipRateLimitKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(ipRateLimitKey('2001:DB8:1:2::ffff')).toBe('2001:db8:1:2::/64');
    expect(ipRateLimitKey('2001:0db8:0001:0002:0000::1')).toBe('2001:db8:1:2::/64');
    expect(ipRateLimitKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(ipRateLimitKey('::1')).toBe('0:0:0:0::/64');
    expect(ipRateLimitKey('::')).toBe('0:0:0:0::/64');
    expect(ipRateLimitKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
    expect(ipRateLimitKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(ipRateLimitKey('unknown')).toBe('unknown');
  });
});
