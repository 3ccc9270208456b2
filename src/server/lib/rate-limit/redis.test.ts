import { describe, expect, it } from 'vitest';
import { closeRedis, connectRedis, REDIS_UNREACHABLE_MESSAGE } from './redis';

const redisUrl = process.env.TEST_REDIS_URL;

describe('connectRedis', () => {
  it('rejects quickly with a clear message, without the URL, when nothing listens', async () => {
    const url = 'redis://:secret-password@127.0.0.1:1';
    const started = performance.now();
    const error = await connectRedis(url).then(
      () => null,
      (reason: unknown) => reason,
    );
    const elapsedMs = performance.now() - started;
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(REDIS_UNREACHABLE_MESSAGE);
    expect(String((error as Error).stack)).not.toContain('secret-password');
    expect(String((error as Error).cause)).not.toContain('secret-password');
    expect(elapsedMs).toBeLessThan(2_000);
  });

  it('passes connection errors to onError instead of printing them', async () => {
    const errors: Error[] = [];
    await expect(
      connectRedis('redis://127.0.0.1:1', { onError: (error) => errors.push(error) }),
    ).rejects.toThrow(REDIS_UNREACHABLE_MESSAGE);
    expect(errors.length).toBeGreaterThan(0);
  });

  it.skipIf(!redisUrl)(
    redisUrl
      ? 'connects to TEST_REDIS_URL and closes'
      : 'connects to TEST_REDIS_URL and closes (skipped: TEST_REDIS_URL is not set)',
    async () => {
      const redis = await connectRedis(redisUrl!);
      expect(await redis.ping()).toBe('PONG');
      await closeRedis(redis);
      expect(redis.status).toBe('end');
      await closeRedis(redis); // closing twice is harmless
    },
  );

  it.skipIf(!redisUrl)(
    redisUrl
      ? 'closes a client that lost its connection, and it stays closed'
      : 'closes a client that lost its connection (skipped: TEST_REDIS_URL is not set)',
    async () => {
      const redis = await connectRedis(redisUrl!);
      redis.disconnect(true); // drops the connection; ioredis starts reconnecting
      await closeRedis(redis);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(redis.status).not.toBe('ready');
      await expect(redis.ping()).rejects.toThrow();
    },
  );
});
