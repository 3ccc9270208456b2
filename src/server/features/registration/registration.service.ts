import { desc, eq } from 'drizzle-orm';
import { OTP_MESSAGES, RESEND_MESSAGES } from '#shared/contracts/auth';
import {
  REGISTRATION_MESSAGES,
  type RegistrationForm,
  isoDateAt,
  normalizeRegistration,
  resolveExam,
  UNITED_STATES,
  validateRegistration,
} from '#shared/contracts/registration';
import { OTP } from '#shared/limits';
import type { Database } from '../../db/client';
import { examRegistrations, pendingRegistrations, users } from '../../db/schema';
import type { StudentInfo } from '../../db/schema/registrations';
import { AppError } from '../../lib/app-error';
import { describeForLog } from '../../lib/errors';
import type { Mailer } from '../../integrations/mail';
import { confirmEmailUrl, otpMail } from '../../integrations/mail/templates/otp-mail';
import type { Logger } from '../../lib/logger';
import type { RateLimits } from '../../lib/rate-limit/rate-limiter';
import type { Auth } from '../auth/auth-library';
import { authErrorCode } from '../auth/auth-errors';

export type RegistrationDeps = {
  database: Database;
  auth: Auth;
  rateLimits: RateLimits;
  mailer: Mailer;
  logger: Logger;
  /** Where the link in the mail points (PUBLIC_URL). */
  publicUrl: string;
};

/**
 * The earliest calendar date anywhere on Earth (UTC-12). Rule 7 asks for an exam date after the
 * student's today; the server does not know the student's time zone, so it accepts any date that
 * is in the future somewhere, and the browser applies the student's own today.
 */
export function earliestToday(now = new Date()): string {
  return isoDateAt(now, -12 * 60);
}

/**
 * Sign-up (spec section 4, decisions.md section 1): rate limits, the form's rules, an unconfirmed
 * account with an Argon2id password, the form's answers kept on the server, then the code mail.
 */
export async function register(deps: RegistrationDeps, input: RegistrationForm, clientIp: string) {
  const { database, auth, rateLimits, logger } = deps;
  const form = normalizeRegistration(input);

  // Rule 1, on the server: per e-mail as the spec says, and per address against sprayed sign-ups.
  await rateLimits.registrationPerIp.consume(clientIp);
  await rateLimits.registrationPerEmail.consume(form.email);

  const errors = validateRegistration(form, earliestToday());
  const firstMessage = Object.values(errors)[0];
  if (firstMessage) throw new AppError('invalid_input', firstMessage, errors);

  const emailTaken = () =>
    new AppError('conflict', REGISTRATION_MESSAGES.emailTaken, {
      email: REGISTRATION_MESSAGES.emailTaken,
    });
  const existing = await findUserByEmail(database, form.email);
  if (existing?.emailVerified) throw emailTaken();
  // An account nobody confirmed yet belongs to no one: a new sign-up replaces it (new password,
  // new answers, new code). Otherwise a stranger could squat an address they do not own, or
  // pre-set the password of an account its owner later confirms.
  if (existing) await database.db.delete(users).where(eq(users.id, existing.id));

  let userId: string;
  try {
    const { user } = await auth.api.signUpEmail({
      body: {
        email: form.email,
        password: form.password,
        name: `${form.firstName} ${form.lastName}`,
      },
    });
    userId = user.id;
  } catch (error) {
    // A second sign-up for the same address that raced this one created the account first.
    if (authErrorCode(error) && (await findUserByEmail(database, form.email))) throw emailTaken();
    throw error;
  }
  // With confirmation required, better-auth answers a duplicate with a made-up user instead of an
  // error (so sign-up cannot probe for accounts); a sign-up racing ours lands here.
  if ((await findUserByEmail(database, form.email))?.id !== userId) throw emailTaken();

  try {
    await database.db.insert(pendingRegistrations).values({ userId, ...examFields(form) });
  } catch (error) {
    // Nothing stays half-made: without its answers the account could never be completed.
    await database.db.delete(users).where(eq(users.id, userId));
    throw error;
  }

  const mailSent = await sendCode(deps, form.email).then(
    () => true,
    (error: unknown) => {
      logger.error({ err: describeMailError(error) }, 'could not send the confirmation code');
      return false;
    },
  );
  return { email: form.email, mailSent };
}

/**
 * A correct code confirms the e-mail, signs the student in and turns the kept answers into an
 * exam registration awaiting payment (spec section 4). Returns better-auth's headers (the new
 * session cookie).
 */
export async function confirmEmail(
  deps: RegistrationDeps,
  { email, otp, clientIp }: { email: string; otp: string; clientIp: string },
  requestHeaders: Headers,
) {
  const { database, auth, rateLimits } = deps;
  // Each code has 5 tries; these stop one machine from burning everyone's tries.
  await rateLimits.confirmPerIp.consume(clientIp);
  await rateLimits.confirmPerEmail.consume(email);

  const invalid = () =>
    new AppError('invalid_input', OTP_MESSAGES.invalid, { otp: OTP_MESSAGES.invalid });
  const user = await findUserByEmail(database, email);
  // Unknown and already confirmed addresses get the same answer as a wrong code: this form must
  // not tell anyone which addresses have accounts.
  if (!user || user.emailVerified) throw invalid();
  const [pending] = await database.db
    .select({ userId: pendingRegistrations.userId })
    .from(pendingRegistrations)
    .where(eq(pendingRegistrations.userId, user.id));
  if (!pending) throw new AppError('not_found', OTP_MESSAGES.registrationMissing);

  let verified;
  try {
    verified = await auth.api.verifyEmailOTP({
      body: { email, otp },
      headers: requestHeaders,
      returnHeaders: true,
    });
  } catch (error) {
    const code = authErrorCode(error);
    if (code === 'TOO_MANY_ATTEMPTS') {
      throw AppError.rateLimited(OTP_MESSAGES.tooManyTries, OTP.resendAfterSeconds);
    }
    if (code === 'INVALID_OTP' || code === 'OTP_EXPIRED') throw invalid();
    throw error;
  }
  if (!verified.response.token) throw new AppError('unavailable', OTP_MESSAGES.sessionFailed);

  if (!(await completePendingRegistration(deps, user.id))) {
    // The e-mail is confirmed; the next sign-in completes the registration (auth.service.ts).
    throw new AppError('unavailable', OTP_MESSAGES.saveFailed);
  }
  return { user: verified.response.user, headers: verified.headers };
}

/**
 * Turns the kept answers of a confirmed student into an exam registration awaiting payment, in
 * one transaction. False when it could not be saved (logged); true also when nothing was pending.
 */
export async function completePendingRegistration(
  deps: Pick<RegistrationDeps, 'database' | 'logger'>,
  userId: string,
): Promise<boolean> {
  try {
    // Nearly every sign-in has nothing pending: one cheap look before opening a transaction.
    const [waiting] = await deps.database.db
      .select({ userId: pendingRegistrations.userId })
      .from(pendingRegistrations)
      .where(eq(pendingRegistrations.userId, userId));
    if (!waiting) return true;
    await deps.database.db.transaction(async (tx) => {
      const [pending] = await tx
        .delete(pendingRegistrations)
        .where(eq(pendingRegistrations.userId, userId))
        .returning();
      if (!pending) return;
      const { createdAt: _createdAt, ...answers } = pending;
      await tx.insert(examRegistrations).values({ ...answers, paymentStatus: 'pending' });
    });
    return true;
  } catch (error) {
    deps.logger.error({ err: describeForLog(error) }, 'could not save the exam registration');
    return false;
  }
}

/** Resend OTP: at most once a minute per address; unknown or confirmed addresses get no mail. */
export async function resendCode(deps: RegistrationDeps, email: string) {
  await deps.rateLimits.otpResendPerEmail.consume(email);
  const user = await findUserByEmail(deps.database, email);
  if (!user || user.emailVerified) return { message: RESEND_MESSAGES.sent };
  try {
    await mailNewCode(deps, email);
  } catch (error) {
    deps.logger.error({ err: describeMailError(error) }, 'could not resend the confirmation code');
    throw new AppError('unavailable', RESEND_MESSAGES.failed);
  }
  return { message: RESEND_MESSAGES.sent };
}

/**
 * Mails a new code unless one went out less than a minute ago (that one is still valid).
 * Used by sign-up and by a sign-in before the e-mail is confirmed.
 */
export async function sendCode(deps: RegistrationDeps, email: string) {
  try {
    await deps.rateLimits.otpResendPerEmail.consume(email);
  } catch (error) {
    if (error instanceof AppError && error.code === 'rate_limited') return;
    throw error;
  }
  await mailNewCode(deps, email);
}

/** A fresh code (stored hashed by better-auth, replacing any earlier one) in a mail. */
async function mailNewCode(deps: RegistrationDeps, email: string) {
  const code = await deps.auth.api.createVerificationOTP({
    body: { email, type: 'email-verification' },
  });
  await deps.mailer.send(
    otpMail({ to: email, code, confirmUrl: confirmEmailUrl(deps.publicUrl, email) }),
  );
}

/** The student's most recent registration of any status (spec section 7), or null. */
export async function latestRegistration(database: Database, userId: string) {
  const [row] = await database.db
    .select({
      id: examRegistrations.id,
      examCategory: examRegistrations.examCategory,
      examType: examRegistrations.examType,
      examDate: examRegistrations.examDate,
      paymentStatus: examRegistrations.paymentStatus,
      createdAt: examRegistrations.createdAt,
    })
    .from(examRegistrations)
    .where(eq(examRegistrations.userId, userId))
    .orderBy(desc(examRegistrations.createdAt))
    .limit(1);
  return row ? { ...row, createdAt: row.createdAt.toISOString() } : null;
}

async function findUserByEmail(database: Database, email: string) {
  const [user] = await database.db
    .select({ id: users.id, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.email, email.toLowerCase()));
  return user;
}

function examFields(form: RegistrationForm) {
  const exam = resolveExam(form);
  const studentInfo: StudentInfo = {
    firstName: form.firstName,
    lastName: form.lastName,
    email: form.email,
    phone: form.phone,
    address: form.address,
    city: form.city,
    state: form.state,
    zipCode: form.zipCode,
    country: form.country,
    educationLevel: form.educationLevel,
  };
  return {
    examCategory: exam.category,
    examType: exam.type,
    state: form.country === UNITED_STATES ? form.examState : '',
    examDate: form.examDate,
    studentInfo,
  };
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
