import { Hono } from 'hono';
import type { PublicConfig } from '#shared/contracts/system';

/** GET /api/config: the few switches the browser needs. Never secrets. */
export function configRoutes(config: PublicConfig) {
  return new Hono().get('/', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.json(config);
  });
}
