import type { Database } from '../../db/client';
import type { Env } from '../../env';
import { resolveLocalSecret } from '../../lib/local-secret';
import { createLogger } from '../../lib/logger';
import { createAuth } from './auth-library';

/**
 * better-auth for a short-lived process (admin:create, the embedded database's prepare step),
 * configured from the environment exactly as the server configures its own.
 */
export function createAuthFromEnv(database: Database, env: Env) {
  return createAuth({
    database,
    logger: createLogger('warn'),
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    secret: resolveLocalSecret(env.AUTH_SECRET, env.DATA_DIR, 'auth-secret'),
    production: env.NODE_ENV === 'production',
  });
}
