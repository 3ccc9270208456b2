import { RESEND_MESSAGES } from '#shared/contracts/auth';
import { AppError } from '../../lib/app-error';
import { confirmEmailUrl, otpMail } from '../../integrations/mail/templates/otp-mail';
import type { RegistrationDeps } from './registration.service';
import { findUserByEmail } from './find-user';
import { issueCode } from './signup-codes';

/**
 * Mailing confirmation codes, and the limits on it (decisions.md section 2 and issue 13): at most
 * one resend a minute per address, at most 5 code mails an hour per address whatever sends them,
 * and at most 20 Resend OTP requests an hour per client address.
 */

/** Resend OTP. Unknown or confirmed addresses get the same answer and no mail. */
export async function resendCode(deps: RegistrationDeps, email: string, clientIp: string) {
  const { rateLimits } = deps;
  await rateLimits.resendPerIp.consume(clientIp);
  await rateLimits.otpResendPerEmail.consume(email);
  // Counted for every address, known or not, so the cap tells nobody which addresses have accounts.
  await rateLimits.codeMailsPerEmail.consume(email);
  const user = await findUserByEmail(deps.database, email);
  if (!user || user.emailVerified) return { message: RESEND_MESSAGES.sent };
  if (!(await mailCode(deps, user.id, email))) {
    throw new AppError('unavailable', RESEND_MESSAGES.failed);
  }
  return { message: RESEND_MESSAGES.sent };
}

/**
 * A sign-in before the e-mail is confirmed (by someone who knows the password): a new code,
 * unless one went out less than a minute ago or the hourly cap is reached; the earlier code then
 * stays valid. True when a mail went out.
 */
export async function sendCodeOnSignIn(deps: RegistrationDeps, email: string): Promise<boolean> {
  const user = await findUserByEmail(deps.database, email);
  if (!user || user.emailVerified) return false;
  if (!(await withinLimit(() => deps.rateLimits.otpResendPerEmail.consume(email)))) return false;
  if (!(await withinLimit(() => deps.rateLimits.codeMailsPerEmail.consume(email)))) return false;
  return mailCode(deps, user.id, email);
}

/**
 * A fresh code for the account `userId` (replacing its earlier one) in a mail to `email`;
 * `replacedEarlier` for a sign-up that replaced another (signup-codes.ts). False when it could
 * not be made or sent (logged): the caller words that for the student.
 */
export async function mailCode(
  deps: RegistrationDeps,
  userId: string,
  email: string,
  options: { replacedEarlier?: boolean } = {},
): Promise<boolean> {
  try {
    const { code, replacedEarlier } = await issueCode(deps.database, userId, options);
    const confirmUrl = confirmEmailUrl(deps.publicUrl, email);
    await deps.mailer.send(otpMail({ to: email, code, confirmUrl, replacedEarlier }));
    return true;
  } catch (error) {
    deps.logger.error({ err: describeMailError(error) }, 'could not send the confirmation code');
    return false;
  }
}

/** Counts one attempt; false instead of the 429 when the limit is reached. */
async function withinLimit(consume: () => Promise<void>): Promise<boolean> {
  try {
    await consume();
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === 'rate_limited') return false;
    throw error;
  }
}

/**
 * A mail failure's type and code only: an SMTP error's message carries the server's reply, which
 * usually repeats the recipient's address.
 */
function describeMailError(error: unknown) {
  const code = (error as { code?: unknown } | null)?.code;
  return {
    type: error instanceof Error ? error.name : typeof error,
    ...(typeof code === 'string' && { code }),
  };
}
