import { Hono } from 'hono';
import type { Health } from '#shared/contracts/system';
import type { Database } from '../../db/client';

/** GET /api/health: 200 when the database answers, 503 when it does not. */
export function healthRoutes(database: Database) {
  return new Hono().get('/', async (c) => {
    const reachable = await database.ping().then(
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
