import { createMiddleware } from 'hono/factory';
import type { SessionUser } from '#shared/contracts/auth';
import type { Auth } from '../features/auth/auth-library';
import { forwardCookies } from '../features/auth/auth-errors';
import { readLiveSession } from '../features/auth/session-lookup';
import { toSessionUser } from '../features/auth/session-user';
import type { Database } from '../db/client';
import { hasActiveAccess } from '../features/billing/billing.service';
import { AppError } from './app-error';

export const SIGN_IN_REQUIRED_MESSAGE = 'Please sign in.';
export const PAYMENT_REQUIRED_MESSAGE =
  'This needs a completed payment. Please complete your payment to continue.';

export const ADMIN_REQUIRED_MESSAGE = 'This needs an admin account.';

export type SignedInVariables = { user: SessionUser };

/**
 * Lets a request through only with a live session, renewing it while in use; the route then reads
 * `c.get('user')` and scopes every query to that user's id. A live session that needs nothing
 * written is read with one query (readLiveSession); renewals and the rest go through better-auth.
 */
export function requireUser(auth: Auth, database: Database) {
  return createMiddleware<{ Variables: SignedInVariables }>(async (c, next) => {
    const live = await readLiveSession(auth, database, c.req.raw.headers);
    if (live) {
      c.set('user', live);
      return next();
    }
    const result = await auth.api.getSession({ headers: c.req.raw.headers, returnHeaders: true });
    if (!result.response) throw new AppError('unauthenticated', SIGN_IN_REQUIRED_MESSAGE);
    forwardCookies(result.headers, c);
    c.set('user', toSessionUser(result.response.user));
    await next();
  });
}

/**
 * For the paid features (dashboard, study tools, uploads, profile): a live session AND a year of
 * access that has not ended. 401 without a session, 402 without a completed payment.
 */
export function requirePaid(auth: Auth, database: Database) {
  const signedIn = requireUser(auth, database);
  return createMiddleware<{ Variables: SignedInVariables }>(async (c, next) =>
    signedIn(c, async () => {
      if (!(await hasActiveAccess(database, c.get('user').id))) {
        throw new AppError('payment_required', PAYMENT_REQUIRED_MESSAGE);
      }
      await next();
    }),
  );
}

/** The admin portal's API: a live session of an account whose role is admin (else 401 / 403). */
export function requireAdmin(auth: Auth, database: Database) {
  const signedIn = requireUser(auth, database);
  return createMiddleware<{ Variables: SignedInVariables }>(async (c, next) =>
    signedIn(c, async () => {
      if (c.get('user').role !== 'admin') {
        throw new AppError('forbidden', ADMIN_REQUIRED_MESSAGE);
      }
      await next();
    }),
  );
}
