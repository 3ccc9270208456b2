import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmedStudent, postJson } from '../../../../tests/support/accounts';
import { createTestApp } from '../../../../tests/support/test-app';
import { createTestDatabase } from '../../../../tests/support/test-database';
import type { Database } from '../../db/client';
import { closeRedis, connectRedis } from '../../lib/rate-limit/redis';

/**
 * The fail-safe rule of the rate limits when Redis goes away (rate-limiter.ts): this instance
 * counts in its own memory with the same limits, so sign-in keeps working, a password guesser is
 * still stopped after 5 tries, nothing answers 500 or waits on Redis, and once Redis is back the
 * counters are kept there again. scripts/faults/redis-down.mjs checks the same on a real server.
 */
const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('sign-in while Redis is unreachable (TEST_REDIS_URL)', () => {
  const namespace = `starprep-test:${randomUUID()}`;
  let database: Database;
  let redis: Redis;
  let app: ReturnType<typeof createTestApp>['app'];

  beforeAll(async () => {
    database = await createTestDatabase();
    redis = await connectRedis(redisUrl!);
    ({ app } = createTestApp(database, {}, { redis, rateLimitNamespace: namespace }));
  });
  afterAll(async () => {
    const keys = await redis.keys(`${namespace}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await closeRedis(redis);
    await database.close();
  });

  const login = (email: string, password: string) =>
    postJson(app, '/api/auth/login', { email, password });

  it('lets the right password in, stops guessing after 5 tries, and recovers', async () => {
    const student = await confirmedStudent(app, database);
    const guessed = await confirmedStudent(app, database);
    redis.disconnect(); // Redis is gone for this instance

    const started = performance.now();
    expect((await login(student.form.email, student.form.password)).status).toBe(200);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await login(guessed.form.email, 'Wrong1234')).status).toBe(401);
    }
    expect((await login(guessed.form.email, 'Wrong1234')).status).toBe(429);
    expect(performance.now() - started).toBeLessThan(5_000);

    await redis.connect();
    expect((await login(student.form.email, 'Wrong1234')).status).toBe(401);
    expect((await redis.keys(`${namespace}:login-email:*`)).length).toBeGreaterThan(0);
  });
});
