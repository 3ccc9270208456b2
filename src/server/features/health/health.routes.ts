import { Hono } from 'hono';
import type { Health } from '#shared/contracts/system';
import type { Database } from '../../db/client';
import { singleFlight } from '../../lib/single-flight';

/**
 * GET /api/health: 200 when the database answers, 503 when it does not. Probes that arrive
 * together share one database round trip, so a burst of health checks cannot queue up work on
 * the database.
 */
export function healthRoutes(database: Database) {
  const ping = singleFlight(() => database.ping());
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
