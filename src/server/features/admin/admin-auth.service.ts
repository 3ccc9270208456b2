import { eq } from 'drizzle-orm';
import { ADMIN_LOGIN_MESSAGES, type AdminSessionResponse } from '#shared/contracts/admin';
import { sessions } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { type AuthDeps, checkPassword } from '../auth/auth.service';
import { toSessionUser } from '../auth/session-user';

/** Failures that mean "these are not an admin's credentials", whatever the exact reason. */
const NOT_AN_ADMIN = new Set(['INVALID_EMAIL_OR_PASSWORD', 'EMAIL_NOT_VERIFIED', 'BANNED_USER']);

/**
 * /admin/login: the student sign-in's password check (rate limits, then better-auth). A
 * student's correct password gets the same answer as a wrong one, and the session better-auth
 * just made for them is deleted at once, so it can never be used.
 */
export async function adminSignIn(
  deps: AuthDeps,
  credentials: { email: string; password: string },
  clientIp: string,
  requestHeaders: Headers,
) {
  const checked = await checkPassword(deps, credentials, clientIp, requestHeaders, {
    // Not remembered: the session ends with the browser (and within a day on the server).
    rememberMe: false,
  });
  if (!checked.ok) {
    throw NOT_AN_ADMIN.has(checked.code)
      ? new AppError('unauthenticated', ADMIN_LOGIN_MESSAGES.invalid)
      : new AppError('invalid_input', ADMIN_LOGIN_MESSAGES.failed);
  }
  const user = toSessionUser(checked.response.user);
  if (user.role !== 'admin') {
    await deps.database.db.delete(sessions).where(eq(sessions.token, checked.response.token));
    throw new AppError('unauthenticated', ADMIN_LOGIN_MESSAGES.invalid);
  }
  await deps.rateLimits.loginPerEmail.reset(credentials.email);
  const body: AdminSessionResponse = {
    admin: { id: user.id, email: user.email, name: user.name },
  };
  return { body, headers: checked.headers };
}
