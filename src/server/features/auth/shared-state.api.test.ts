import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_MESSAGES } from '#shared/contracts/auth';
import { REGISTRATION_MESSAGES } from '#shared/contracts/registration';
import {
  confirmedStudent,
  postJson,
  uniqueEmail,
  validRegistration,
} from '../../../../tests/support/accounts';
import { createTestApp } from '../../../../tests/support/test-app';
import { createTestDatabase } from '../../../../tests/support/test-database';
import type { Database } from '../../db/client';
import { closeRedis, connectRedis } from '../../lib/rate-limit/redis';

/**
 * architecture.md section 5: the app keeps no state of its own. Two instances on one database and
 * one Redis share the rate limits and the sessions, so a limit cannot be escaped by landing on
 * another instance, and a sign-in on one works on the other.
 */
const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)(
  'two app instances on one database and one Redis (TEST_REDIS_URL)',
  () => {
    const namespace = `starprep-test:${randomUUID()}`;
    let database: Database;
    let redisA: Redis;
    let redisB: Redis;
    let appA: ReturnType<typeof createTestApp>['app'];
    let appB: ReturnType<typeof createTestApp>['app'];

    beforeAll(async () => {
      database = await createTestDatabase();
      redisA = await connectRedis(redisUrl!);
      redisB = await connectRedis(redisUrl!);
      ({ app: appA } = createTestApp(
        database,
        {},
        { redis: redisA, rateLimitNamespace: namespace },
      ));
      ({ app: appB } = createTestApp(
        database,
        {},
        { redis: redisB, rateLimitNamespace: namespace },
      ));
    });
    afterAll(async () => {
      const keys = await redisA.keys(`${namespace}:*`);
      if (keys.length > 0) await redisA.del(...keys);
      await closeRedis(redisA);
      await closeRedis(redisB);
      await database.close();
    });

    it('counts login attempts across instances', async () => {
      const { form } = await confirmedStudent(appA, database);
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        const app = attempt % 2 === 0 ? appA : appB;
        expect(
          (await postJson(app, '/api/auth/login', { email: form.email, password: 'Wrong1234' }))
            .status,
        ).toBe(401);
      }
      const blocked = await postJson(appA, '/api/auth/login', {
        email: form.email,
        password: form.password,
      });
      expect(blocked.status).toBe(429);
      expect(await blocked.json()).toMatchObject({
        error: { message: LOGIN_MESSAGES.rateLimited },
      });
      // The counters are in Redis, not in the database table.
      expect((await redisA.keys(`${namespace}:login-email:*`)).length).toBeGreaterThan(0);
    });

    it('counts sign-up attempts across instances', async () => {
      const email = uniqueEmail();
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        const app = attempt % 2 === 0 ? appA : appB;
        await postJson(app, '/api/registration', validRegistration({ email, phone: 'bad' }));
      }
      const blocked = await postJson(appB, '/api/registration', validRegistration({ email }));
      expect(blocked.status).toBe(429);
      expect(await blocked.json()).toMatchObject({
        error: { message: REGISTRATION_MESSAGES.rateLimited },
      });
    });

    it('a session made on one instance works on the other, and Sign Out ends it on both', async () => {
      const { cookie } = await confirmedStudent(appA, database);
      const onB = await appB.request('/api/auth/session', { headers: { Cookie: cookie } });
      expect(await onB.json()).toMatchObject({ user: { role: 'user' } });
      expect((await postJson(appB, '/api/auth/logout', {}, cookie)).status).toBe(204);
      const onA = await appA.request('/api/auth/session', { headers: { Cookie: cookie } });
      expect(await onA.json()).toEqual({ user: null });
    });
  },
);
