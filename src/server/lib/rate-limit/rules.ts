import { LOGIN_MESSAGES, RESEND_MESSAGES } from '#shared/contracts/auth';
import { EXAM_RESULT_MESSAGES } from '#shared/contracts/dashboard';
import { REGISTRATION_MESSAGES } from '#shared/contracts/registration';
import { STUDY_MESSAGES } from '#shared/contracts/study';
import { OTP, RATE_LIMITS } from '#shared/limits';

/**
 * One rate limit: at most `points` attempts per `durationSeconds` per key. `message` is what the
 * person reads with the 429 (product-spec.md sections 5 and 8); `keyPrefix` names the counter in
 * the store; `keyKind` says how a key is normalized (see rate-limiter.ts).
 */
export type RateLimitRule = {
  readonly points: number;
  readonly durationSeconds: number;
  readonly message: string;
  readonly keyPrefix: string;
  readonly keyKind: 'email' | 'ip' | 'user';
};

// The messages live with the forms' other messages in src/shared/contracts.
export const REGISTRATION_RATE_LIMIT_MESSAGE = REGISTRATION_MESSAGES.rateLimited;
export const LOGIN_RATE_LIMIT_MESSAGE = LOGIN_MESSAGES.rateLimited;
export const OTP_RESEND_RATE_LIMIT_MESSAGE = RESEND_MESSAGES.wait;
export const PER_IP_RATE_LIMIT_MESSAGE = LOGIN_MESSAGES.tooManyRequests;

const seconds = (ms: number) => ms / 1000;

export const RATE_LIMIT_RULES = {
  registrationPerEmail: {
    points: RATE_LIMITS.registration.attempts,
    durationSeconds: seconds(RATE_LIMITS.registration.windowMs),
    message: REGISTRATION_RATE_LIMIT_MESSAGE,
    keyPrefix: 'registration-email',
    keyKind: 'email',
  },
  registrationPerIp: {
    points: RATE_LIMITS.registrationPerIp.attempts,
    durationSeconds: seconds(RATE_LIMITS.registrationPerIp.windowMs),
    message: PER_IP_RATE_LIMIT_MESSAGE,
    keyPrefix: 'registration-ip',
    keyKind: 'ip',
  },
  loginPerEmail: {
    points: RATE_LIMITS.login.attempts,
    durationSeconds: seconds(RATE_LIMITS.login.windowMs),
    message: LOGIN_RATE_LIMIT_MESSAGE,
    keyPrefix: 'login-email',
    keyKind: 'email',
  },
  loginPerIp: {
    points: RATE_LIMITS.loginPerIp.attempts,
    durationSeconds: seconds(RATE_LIMITS.loginPerIp.windowMs),
    message: PER_IP_RATE_LIMIT_MESSAGE,
    keyPrefix: 'login-ip',
    keyKind: 'ip',
  },
  confirmPerEmail: {
    points: RATE_LIMITS.confirmPerEmail.attempts,
    durationSeconds: seconds(RATE_LIMITS.confirmPerEmail.windowMs),
    message: PER_IP_RATE_LIMIT_MESSAGE,
    keyPrefix: 'confirm-email',
    keyKind: 'email',
  },
  confirmPerIp: {
    points: RATE_LIMITS.confirmPerIp.attempts,
    durationSeconds: seconds(RATE_LIMITS.confirmPerIp.windowMs),
    message: PER_IP_RATE_LIMIT_MESSAGE,
    keyPrefix: 'confirm-ip',
    keyKind: 'ip',
  },
  otpResendPerEmail: {
    points: 1,
    durationSeconds: OTP.resendAfterSeconds,
    message: OTP_RESEND_RATE_LIMIT_MESSAGE,
    keyPrefix: 'otp-resend-email',
    keyKind: 'email',
  },
  codeMailsPerEmail: {
    points: RATE_LIMITS.codeMailsPerEmail.attempts,
    durationSeconds: seconds(RATE_LIMITS.codeMailsPerEmail.windowMs),
    message: RESEND_MESSAGES.tooManyForEmail,
    keyPrefix: 'code-mails-email',
    keyKind: 'email',
  },
  resendPerIp: {
    points: RATE_LIMITS.resendPerIp.attempts,
    durationSeconds: seconds(RATE_LIMITS.resendPerIp.windowMs),
    message: RESEND_MESSAGES.tooManyFromAddress,
    keyPrefix: 'otp-resend-ip',
    keyKind: 'ip',
  },
  examSessionStartPerUser: {
    points: RATE_LIMITS.examSessionStart.attempts,
    durationSeconds: seconds(RATE_LIMITS.examSessionStart.windowMs),
    message: STUDY_MESSAGES.tooManyStarts,
    keyPrefix: 'exam-session-start-user',
    keyKind: 'user',
  },
  aiQuestionsPerUser: {
    points: RATE_LIMITS.aiQuestions.attempts,
    durationSeconds: seconds(RATE_LIMITS.aiQuestions.windowMs),
    message: STUDY_MESSAGES.aiQuestionsRateLimited,
    keyPrefix: 'ai-questions-user',
    keyKind: 'user',
  },
  aiFlashcardsPerUser: {
    points: RATE_LIMITS.aiFlashcards.attempts,
    durationSeconds: seconds(RATE_LIMITS.aiFlashcards.windowMs),
    message: STUDY_MESSAGES.aiFlashcardsRateLimited,
    keyPrefix: 'ai-flashcards-user',
    keyKind: 'user',
  },
  examResultPerUser: {
    points: RATE_LIMITS.examResult.attempts,
    durationSeconds: seconds(RATE_LIMITS.examResult.windowMs),
    message: EXAM_RESULT_MESSAGES.tooMany,
    keyPrefix: 'exam-result-user',
    keyKind: 'user',
  },
} as const satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof RATE_LIMIT_RULES;
