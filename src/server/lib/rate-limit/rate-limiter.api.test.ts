import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../tests/support/test-database';
import type { Database } from '../../db/client';
import { rateLimits } from '../../db/schema/rate-limits';
import { AppError } from '../app-error';
import { createRateLimits, RATE_LIMIT_UNAVAILABLE_MESSAGE, type RateLimits } from './rate-limiter';
import { closeRedis, connectRedis } from './redis';
import { RATE_LIMIT_RULES, type RateLimitName } from './rules';

const redisUrl = process.env.TEST_REDIS_URL;

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

let counter = 0;
/** An e-mail no other test uses, so every test starts from zero attempts. */
const freshEmail = () => `Student.${++counter}.${randomUUID().slice(0, 8)}@Example.com`;

/** The AppError a consume or reset was refused with (fails the test if it went through). */
async function refusal(attempt: Promise<void>): Promise<AppError> {
  const error = await attempt.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (error instanceof AppError) return error;
  throw new Error(`expected an AppError, got ${String(error)}`);
}

async function consumeTimes(limits: RateLimits, name: RateLimitName, key: string, times: number) {
  for (let i = 0; i < times; i += 1) await limits[name].consume(key);
}

/**
 * The behaviour both stores must have. `instance()` is a new createRateLimits on the same store,
 * as a restarted or a second app instance would make it.
 */
function storeSuite(instance: () => Promise<RateLimits>) {
  let limits: RateLimits;
  beforeAll(async () => {
    limits = await instance();
  });

  it('lets 5 login attempts through and refuses the 6th with the message and Retry-After', async () => {
    const email = freshEmail();
    await consumeTimes(limits, 'loginPerEmail', email, 5);
    const error = await refusal(limits.loginPerEmail.consume(email));
    expect(error.code).toBe('rate_limited');
    expect(error.status).toBe(429);
    expect(error.message).toBe('Too many login attempts. Please wait 5 minutes and try again.');
    expect(error.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(300);
    expect(error.retryAfterSeconds).toBeGreaterThan(290);
  });

  it.each([
    [
      'registrationPerEmail',
      5,
      300,
      'Too many registration attempts. Please wait 5 minutes and try again.',
    ],
    [
      'registrationPerIp',
      20,
      600,
      'Too many attempts. Please wait a few minutes before trying again.',
    ],
    ['loginPerEmail', 5, 300, 'Too many login attempts. Please wait 5 minutes and try again.'],
    ['otpResendPerEmail', 1, 60, 'Please wait a minute before requesting a new OTP.'],
    ['loginPerIp', 100, 300, 'Too many attempts. Please wait a few minutes before trying again.'],
    [
      'confirmPerEmail',
      15,
      600,
      'Too many attempts. Please wait a few minutes before trying again.',
    ],
    ['confirmPerIp', 30, 600, 'Too many attempts. Please wait a few minutes before trying again.'],
    ['examResultPerUser', 10, 3600, 'Too many result submissions. Please try again later.'],
    [
      'codeMailsPerEmail',
      5,
      3600,
      'Too many OTPs have been sent to this email. Please wait an hour before requesting a new OTP.',
    ],
    ['resendPerIp', 20, 3600, 'Too many OTP requests. Please wait an hour before trying again.'],
  ] as const)('%s allows %i per %i s, then says "%s"', async (name, points, seconds, message) => {
    expect(RATE_LIMIT_RULES[name]).toMatchObject({ points, durationSeconds: seconds, message });
    const key = name.endsWith('PerIp') ? `198.51.100.${counter++ % 250}` : freshEmail();
    await consumeTimes(limits, name, key, points);
    const error = await refusal(limits[name].consume(key));
    expect(error).toMatchObject({ code: 'rate_limited', message });
    expect(error.retryAfterSeconds).toBeGreaterThan(seconds - 10);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(seconds);
  });

  it('counts each e-mail on its own, ignoring case and surrounding spaces', async () => {
    const email = freshEmail();
    await consumeTimes(limits, 'loginPerEmail', `  ${email.toUpperCase()} `, 5);
    await refusal(limits.loginPerEmail.consume(email.toLowerCase()));
    await limits.loginPerEmail.consume(freshEmail());
    // Another rule on the same e-mail has its own counter.
    await limits.registrationPerEmail.consume(email);
  });

  it('forgets the attempts of a key on reset', async () => {
    const email = freshEmail();
    await consumeTimes(limits, 'loginPerEmail', email, 5);
    await refusal(limits.loginPerEmail.consume(email));
    await limits.loginPerEmail.reset(email.toUpperCase());
    await consumeTimes(limits, 'loginPerEmail', email, 5);
    await refusal(limits.loginPerEmail.consume(email));
    await limits.loginPerEmail.reset(freshEmail()); // a key never seen
  });

  it('keeps the count across a restart and shares it with a second instance', async () => {
    const email = freshEmail();
    await consumeTimes(limits, 'registrationPerEmail', email, 3);
    const restarted = await instance();
    await consumeTimes(restarted, 'registrationPerEmail', email, 2);
    await refusal(restarted.registrationPerEmail.consume(email));
    await refusal(limits.registrationPerEmail.consume(email));
  });

  it('counts concurrent attempts exactly', async () => {
    const email = freshEmail();
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, () => limits.loginPerEmail.consume(email)),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(5);
  });

  it('takes any key: 10 000 characters, NUL, emoji, a lone surrogate, the empty string', async () => {
    const long = `${'x'.repeat(9_990)}${randomUUID().slice(0, 10)}`;
    const keys = [
      long,
      `${long}y`,
      `nul\u0000${randomUUID()}`,
      `📚🎓✨${randomUUID()}@example.com`,
      `\uD800${randomUUID()}`,
      '',
    ];
    for (const key of keys) {
      await consumeTimes(limits, 'loginPerEmail', key, 5);
      expect(await refusal(limits.loginPerEmail.consume(key))).toMatchObject({
        code: 'rate_limited',
      });
      await limits.loginPerEmail.reset(key);
      await limits.loginPerEmail.consume(key);
    }
  });

  it('counts IPv6 sign-ups by /64 network and IPv4-mapped addresses as IPv4', async () => {
    const network = `2001:db8:${(counter++).toString(16)}:1`;
    for (let host = 1; host <= 20; host += 1) {
      await limits.registrationPerIp.consume(`${network}::${host.toString(16)}`);
    }
    await refusal(limits.registrationPerIp.consume(`${network.toUpperCase()}:0:0:0:ffff`));
    await limits.registrationPerIp.consume(`2001:db8:${(counter++).toString(16)}:1::1`);

    const ip = `192.0.2.${counter++ % 250}`;
    await consumeTimes(limits, 'registrationPerIp', `::ffff:${ip}`, 20);
    await refusal(limits.registrationPerIp.consume(ip));
  });
}

describe('rate limits on the database', () => {
  storeSuite(async () => createRateLimits({ database }));

  it('stores hashed keys only, no e-mail address', async () => {
    const limits = createRateLimits({ database });
    await limits.loginPerEmail.consume('ada.lovelace@example.com');
    const rows = await database.db.select().from(rateLimits);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.key).toMatch(/^rate-limit:[a-z-]+:[0-9a-f]{64}$/);
    }
    expect(JSON.stringify(rows)).not.toContain('example.com');
  });

  it('refuses with 503 "Please try again in a moment." when the database is down', async () => {
    const downDatabase = await createTestDatabase();
    const limits = createRateLimits({ database: downDatabase });
    await limits.loginPerEmail.consume('ada@example.com');
    await downDatabase.close();
    for (const attempt of [
      limits.loginPerEmail.consume('ada@example.com'),
      limits.loginPerEmail.reset('ada@example.com'),
    ]) {
      const error = await refusal(attempt);
      expect(error).toMatchObject({ code: 'unavailable', status: 503 });
      expect(error.message).toBe(RATE_LIMIT_UNAVAILABLE_MESSAGE);
    }
  });
});

describe.skipIf(!redisUrl)(
  redisUrl
    ? 'rate limits on Redis'
    : 'rate limits on Redis (skipped: TEST_REDIS_URL is not set, e.g. redis://127.0.0.1:6379)',
  () => {
    // Keys of this run only: cleaned up by prefix afterwards, never FLUSHDB.
    const namespace = `starprep-test:${randomUUID()}`;
    const clients: Redis[] = [];
    const connect = async () => {
      const redis = await connectRedis(redisUrl!);
      clients.push(redis);
      return redis;
    };

    afterAll(async () => {
      const cleaner = await connect();
      let cursor = '0';
      do {
        const [next, keys] = await cleaner.scan(cursor, 'MATCH', `${namespace}:*`, 'COUNT', 500);
        if (keys.length > 0) await cleaner.del(...keys);
        cursor = next;
      } while (cursor !== '0');
      expect(await cleaner.keys(`${namespace}:*`)).toEqual([]);
      await Promise.all(clients.map((client) => closeRedis(client)));
    });

    // Each instance has its own connection, like two app processes on one Redis.
    storeSuite(async () => createRateLimits({ database, redis: await connect(), namespace }));

    it('stores hashed keys that expire with the window', async () => {
      const redis = await connect();
      const limits = createRateLimits({ database, redis, namespace });
      await limits.loginPerEmail.consume('grace.hopper@example.com');
      const keys = await redis.keys(`${namespace}:login-email:*`);
      expect(keys.length).toBeGreaterThan(0);
      for (const key of keys) {
        expect(key).toMatch(/:login-email:[0-9a-f]{64}$/);
        const ttl = await redis.ttl(key);
        expect(ttl).toBeGreaterThan(0);
        expect(ttl).toBeLessThanOrEqual(300);
      }
    });

    it('falls back to counting in memory while Redis is unreachable', async () => {
      const redis = await connect();
      const limits = createRateLimits({ database, redis, namespace });
      const email = freshEmail();
      await consumeTimes(limits, 'loginPerEmail', email, 2);
      redis.disconnect(); // Redis is gone for this instance
      const started = performance.now();
      await consumeTimes(limits, 'loginPerEmail', email, 5);
      const error = await refusal(limits.loginPerEmail.consume(email));
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(error).toMatchObject({
        code: 'rate_limited',
        message: 'Too many login attempts. Please wait 5 minutes and try again.',
      });
      await limits.loginPerEmail.reset(email);
      await limits.loginPerEmail.consume(email);
    });
  },
);
