import { Hono } from 'hono';
import type { Health } from '#shared/contracts/system';
import type { Database } from '../../db/client';
import { singleFlight } from '../../lib/single-flight';

/** A database that has not answered by then counts as unreachable. */
export const HEALTH_TIMEOUT_MS = 2_000;

/**
 * GET /api/health: 200 when the database answers within 2 s, 503 otherwise. Probes that arrive
 * together share one database round trip, so a burst of health checks cannot queue up work.
 */
export function healthRoutes(database: Database) {
  const ping = singleFlight(() => withTimeout(database.ping(), HEALTH_TIMEOUT_MS));
  return new Hono().get('/', async (c) => {
    const reachable = await ping().then(
      () => true,
      () => false,
    );
    const body: Health = reachable
      ? { status: 'ok', database: 'ok' }
      : { status: 'unavailable', database: 'unreachable' };
    c.header('Cache-Control', 'no-store');
    return c.json(body, reachable ? 200 : 503);
  });
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
