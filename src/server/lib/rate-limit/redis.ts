import type { Redis } from 'ioredis';

export const REDIS_UNREACHABLE_MESSAGE = 'Redis at REDIS_URL is not reachable';

/**
 * A connected ioredis client for the rate-limit counters, set up to fail fast: a command while
 * Redis is unreachable is rejected at once (no offline queue, no retries per request) and one
 * that gets no answer within a second times out, so a dead Redis never holds a request open.
 * After a successful start the client keeps reconnecting in the background (ioredis' default
 * backoff), and the limiters fall back to memory meanwhile (see rate-limiter.ts).
 *
 * Rejects with "Redis at REDIS_URL is not reachable" (the URL, which may carry a password, is not
 * repeated; the underlying error is the `cause`). `onError` receives every connection error of
 * the client's life; without it they are dropped instead of printed by ioredis.
 */
export async function connectRedis(
  url: string,
  options: { onError?: (error: Error) => void } = {},
): Promise<Redis> {
  let lastError: Error | undefined;
  // Loaded only when REDIS_URL is set: the default (database counters) never pays for it.
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 3_000,
    commandTimeout: 1_000,
    // How long disconnect() waits for a socket to close before destroying it. ioredis arms this
    // timer even for a socket that is already closed (after a failed connect, or while
    // reconnecting), where it only delays the process' exit: 2 s by default.
    disconnectTimeout: 300,
  });
  redis.on('error', (error: Error) => {
    lastError = error;
    options.onError?.(error);
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    redis.disconnect();
    // The socket's error (e.g. ECONNREFUSED) says more than the "Connection is closed." caught here.
    // eslint-disable-next-line preserve-caught-error
    throw new Error(REDIS_UNREACHABLE_MESSAGE, { cause: lastError ?? error });
  }
  return redis;
}

/**
 * Closes the client for good: when connected, sends QUIT and waits until the connection has ended;
 * otherwise (never connected, or reconnecting after Redis went away) stops it without waiting.
 */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'end') return;
  if (redis.status !== 'ready') {
    redis.disconnect();
    return;
  }
  const ended = new Promise<void>((resolve) => redis.once('end', () => resolve()));
  try {
    await redis.quit();
  } catch {
    redis.disconnect();
  }
  await ended;
}
