import { eq } from 'drizzle-orm';
import { ADMIN_LOGIN_MESSAGES, type AdminSessionResponse } from '#shared/contracts/admin';
import { sessions } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { authErrorCode } from '../auth/auth-errors';
import type { AuthDeps } from '../auth/auth.service';
import { toSessionUser } from '../auth/session-user';

/** Failures that mean "these are not an admin's credentials", whatever the exact reason. */
const NOT_AN_ADMIN = new Set(['INVALID_EMAIL_OR_PASSWORD', 'EMAIL_NOT_VERIFIED', 'BANNED_USER']);

/**
 * /admin/login: the student sign-in's rate limits, then better-auth checks the password. A
 * student's correct password gets the same answer as a wrong one, and the session better-auth
 * just made for them is deleted at once, so it can never be used.
 */
export async function adminSignIn(
  deps: AuthDeps,
  credentials: { email: string; password: string },
  clientIp: string,
  requestHeaders: Headers,
) {
  const { auth, rateLimits, database } = deps;
  await rateLimits.loginPerIp.consume(clientIp);
  await rateLimits.loginPerEmail.consume(credentials.email);
  let result;
  try {
    result = await auth.api.signInEmail({
      // Not remembered: the session ends with the browser (and within a day on the server).
      body: { ...credentials, rememberMe: false },
      headers: requestHeaders,
      returnHeaders: true,
    });
  } catch (error) {
    const code = authErrorCode(error);
    if (code && NOT_AN_ADMIN.has(code)) {
      throw new AppError('unauthenticated', ADMIN_LOGIN_MESSAGES.invalid);
    }
    if (code) throw new AppError('invalid_input', ADMIN_LOGIN_MESSAGES.failed);
    throw error;
  }
  const user = toSessionUser(result.response.user);
  if (user.role !== 'admin') {
    await database.db.delete(sessions).where(eq(sessions.token, result.response.token));
    throw new AppError('unauthenticated', ADMIN_LOGIN_MESSAGES.invalid);
  }
  await rateLimits.loginPerEmail.reset(credentials.email);
  const body: AdminSessionResponse = {
    admin: { id: user.id, email: user.email, name: user.name },
  };
  return { body, headers: result.headers };
}
