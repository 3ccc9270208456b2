import { Hono } from 'hono';
import { loginRequestSchema, type SessionResponse } from '#shared/contracts/auth';
import { clientIp } from '../../lib/rate-limit/client-ip';
import { jsonBody } from '../../lib/validate';
import { forwardCookies } from './auth-errors';
import { currentSession, signIn, signOut, type AuthDeps } from './auth.service';

/** Sign in, sign out and "who am I": thin, the rules live in the service. */
export function authRoutes(deps: AuthDeps & { trustProxy: boolean }) {
  return new Hono()
    .post('/login', jsonBody(loginRequestSchema), async (c) => {
      const { user, redirectTo, headers } = await signIn(
        deps,
        c.req.valid('json'),
        clientIp(c, deps.trustProxy),
        c.req.raw.headers,
      );
      forwardCookies(headers, c);
      return c.json({ user, redirectTo });
    })
    .post('/logout', async (c) => {
      forwardCookies(await signOut(deps, c.req.raw.headers), c);
      return c.body(null, 204);
    })
    .get('/session', async (c) => {
      const { session, headers } = await currentSession(deps, c.req.raw.headers);
      forwardCookies(headers, c);
      c.header('Cache-Control', 'no-store');
      const body: SessionResponse = session ?? { user: null };
      return c.json(body);
    });
}
