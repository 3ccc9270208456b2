import { LOGIN_MESSAGES } from '#shared/contracts/auth';
import { paths } from '#shared/routes';
import { AppError } from '../../lib/app-error';
import { hasActiveAccess } from '../billing/billing.service';
import {
  completePendingRegistration,
  type RegistrationDeps,
} from '../registration/registration.service';
import { sendCodeOnSignIn } from '../registration/code-mail';
import { authErrorCode } from './auth-errors';
import { readLiveSession } from './session-lookup';
import { toSessionUser } from './session-user';

export type AuthDeps = RegistrationDeps;

const SUSPENDED_MESSAGE = 'This account has been suspended. Please contact support.';

/**
 * The password check both sign-ins share (/login and /admin/login): the spec's limits first, at
 * most 5 tries per e-mail in 5 minutes, then better-auth checks the password and makes the
 * session. A refusal comes back as better-auth's error code, for the caller to word.
 */
export async function checkPassword(
  deps: AuthDeps,
  credentials: { email: string; password: string },
  clientIp: string,
  requestHeaders: Headers,
  { rememberMe }: { rememberMe: boolean },
) {
  const { auth, rateLimits } = deps;
  await rateLimits.loginPerIp.consume(clientIp);
  await rateLimits.loginPerEmail.consume(credentials.email);
  try {
    const result = await auth.api.signInEmail({
      body: { ...credentials, rememberMe },
      headers: requestHeaders,
      returnHeaders: true,
    });
    return { ok: true as const, ...result };
  } catch (error) {
    const code = authErrorCode(error);
    if (!code) throw error;
    return { ok: false as const, code };
  }
}

/**
 * Sign in (spec section 4): then the session cookie and where to go. An unconfirmed e-mail gets a
 * fresh code and is sent to confirm it.
 */
export async function signIn(
  deps: AuthDeps,
  credentials: { email: string; password: string },
  clientIp: string,
  requestHeaders: Headers,
) {
  const checked = await checkPassword(deps, credentials, clientIp, requestHeaders, {
    rememberMe: true,
  });
  if (!checked.ok) {
    if (checked.code === 'INVALID_EMAIL_OR_PASSWORD') {
      throw new AppError('unauthenticated', LOGIN_MESSAGES.invalidCredentials);
    }
    if (checked.code === 'EMAIL_NOT_VERIFIED') {
      // Only someone who knows the password gets here (better-auth checks it first).
      await sendCodeOnSignIn(deps, credentials.email);
      throw new AppError('email_not_confirmed', LOGIN_MESSAGES.unconfirmed);
    }
    if (checked.code === 'BANNED_USER') throw new AppError('forbidden', SUSPENDED_MESSAGE);
    throw new AppError('invalid_input', LOGIN_MESSAGES.failed);
  }
  // A successful sign-in clears the counter, so signing out and in again never locks anyone out.
  await deps.rateLimits.loginPerEmail.reset(credentials.email);
  const user = toSessionUser(checked.response.user);
  // A confirmation whose registration could not be saved is finished here, password proven.
  await completePendingRegistration(deps, user.id);
  return { user, redirectTo: await nextPathFor(deps, user.id), headers: checked.headers };
}

/** Sign Out ends the session on the server and clears the cookie. */
export async function signOut(deps: AuthDeps, requestHeaders: Headers) {
  try {
    const result = await deps.auth.api.signOut({ headers: requestHeaders, returnHeaders: true });
    return result.headers;
  } catch (error) {
    // Signing out without a session is already the wanted state.
    if (authErrorCode(error)) return null;
    throw error;
  }
}

/** The signed-in user and where they belong, renewing the session while it is in use. */
export async function currentSession(deps: AuthDeps, requestHeaders: Headers) {
  const live = await readLiveSession(deps.auth, deps.database, requestHeaders);
  const result = live
    ? { user: live, headers: null }
    : await deps.auth.api
        .getSession({ headers: requestHeaders, returnHeaders: true })
        .then(({ response, headers }) => ({
          user: response ? toSessionUser(response.user) : null,
          headers,
        }));
  if (!result.user) return { session: null, headers: result.headers };
  const user = result.user;
  const paid = await hasCompletedPaymentOrUnknown(deps, user.id);
  return {
    session: {
      user,
      hasCompletedPayment: paid === true,
      redirectTo: paid === false ? paths.paymentVerification : paths.dashboard,
    },
    headers: result.headers,
  };
}

async function nextPathFor(deps: AuthDeps, userId: string) {
  const paid = await hasCompletedPaymentOrUnknown(deps, userId);
  return paid === false ? paths.paymentVerification : paths.dashboard;
}

/**
 * Spec section 4: a completed payment leads to the dashboard (here: a year of access that has not
 * ended, the same test as the paid features' gate); when the check itself fails, the dashboard.
 */
async function hasCompletedPaymentOrUnknown(deps: AuthDeps, userId: string) {
  try {
    return await hasActiveAccess(deps.database, userId);
  } catch (error) {
    deps.logger.error({ err: (error as Error).message }, 'payment check failed');
    return undefined;
  }
}
