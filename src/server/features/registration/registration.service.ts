import { and, desc, eq } from 'drizzle-orm';
import { OTP_MESSAGES } from '#shared/contracts/auth';
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
import type { Logger } from '../../lib/logger';
import type { RateLimits } from '../../lib/rate-limit/rate-limiter';
import type { Auth } from '../auth/auth-library';
import { authErrorCode } from '../auth/auth-errors';
import { mailCode } from './code-mail';
import { findUserByEmail } from './find-user';
import { confirmWithCode } from './signup-codes';

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
  const { database, auth, rateLimits } = deps;
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
  // Every sign-up mails its own code, so the hourly cap on code mails is taken before anything
  // changes: a refused sign-up leaves an earlier one as it was.
  await rateLimits.codeMailsPerEmail.consume(form.email);
  // An account nobody confirmed yet belongs to no one: a new sign-up replaces it (new password,
  // new answers, new code). Otherwise a stranger could squat an address they do not own. The
  // replaced account's code goes with it (signup-codes.ts), so it can never confirm this password.
  // Only while unconfirmed: a confirmation that won the race keeps its account.
  if (existing && !(await deleteUnconfirmed(database, existing.id))) throw emailTaken();

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
    // A sign-up racing ours replaced this account in the meantime: that one is the address's now.
    if ((await findUserByEmail(database, form.email))?.id !== userId) throw emailTaken();
    // Nothing stays half-made: without its answers the account could never be completed.
    await database.db.delete(users).where(eq(users.id, userId));
    throw error;
  }

  // Resend OTP waits its minute from this mail on (the counter may already be spent by the sign-up
  // this one replaced; this mail goes out regardless, under the hourly cap taken above).
  await rateLimits.otpResendPerEmail.consume(form.email).catch(ignoreRateLimited);
  const mailSent = await mailCode(deps, userId, form.email, { replacedEarlier: !!existing });
  // No code could be made because a sign-up racing ours replaced this account meanwhile.
  if (!mailSent && (await findUserByEmail(database, form.email))?.id !== userId) throw emailTaken();
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

  const checked = await confirmWithCode(database, user.id, otp);
  if (checked === 'too_many_tries') {
    throw AppError.rateLimited(OTP_MESSAGES.tooManyTries, OTP.resendAfterSeconds);
  }
  if (checked === 'invalid') throw invalid();

  let signedIn;
  try {
    signedIn = await auth.api.signInConfirmedUser({
      body: { userId: user.id },
      headers: requestHeaders,
      returnHeaders: true,
    });
  } catch (error) {
    // Confirmed, but no session: signing in with the password works from here on.
    if (authErrorCode(error)) throw new AppError('unavailable', OTP_MESSAGES.sessionFailed);
    throw error;
  }

  if (!(await completePendingRegistration(deps, user.id))) {
    // The e-mail is confirmed; the next sign-in completes the registration (auth.service.ts).
    throw new AppError('unavailable', OTP_MESSAGES.saveFailed);
  }
  return { user: signedIn.response.user, headers: signedIn.headers };
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

async function deleteUnconfirmed(database: Database, userId: string): Promise<boolean> {
  const deleted = await database.db
    .delete(users)
    .where(and(eq(users.id, userId), eq(users.emailVerified, false)))
    .returning({ id: users.id });
  return deleted.length === 1;
}

function ignoreRateLimited(error: unknown) {
  if (!(error instanceof AppError && error.code === 'rate_limited')) throw error;
}
