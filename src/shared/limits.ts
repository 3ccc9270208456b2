import type { Difficulty } from './enums';

/**
 * Every number of spec section 9, named once. Both the browser and the server read these,
 * so a limit shown in a hint is the limit the server enforces.
 */

export const SUBSCRIPTION_PRICE_CENTS = 15_000;
export const SUBSCRIPTION_CURRENCY = 'USD';

/**
 * Not in the spec: "Pay for a new exam" sent again for the same exam and date within this window
 * (a double click, a second tab) gets the first submission's registration and checkout.
 */
export const NEW_EXAM_REPEAT_WINDOW_MS = 600_000;

export const RATE_LIMITS = {
  registration: { attempts: 5, windowMs: 300_000 },
  /**
   * Not in the spec: caps per client address on top of the per-e-mail limits, against one
   * machine spraying many addresses (decisions.md section 2 reveals an existing e-mail only behind
   * both). Generous, because a campus or office shares one address.
   */
  registrationPerIp: { attempts: 20, windowMs: 600_000 },
  loginPerIp: { attempts: 100, windowMs: 300_000 },
  confirmPerIp: { attempts: 30, windowMs: 600_000 },
  /** Code checks per e-mail: the 5 tries of one code, a few resends, no more. */
  confirmPerEmail: { attempts: 15, windowMs: 600_000 },
  login: { attempts: 5, windowMs: 300_000 },
  /**
   * Not in the spec (issue 13): confirmation-code mails per e-mail address an hour, whatever sent
   * them (sign-up, Resend OTP, a sign-in before confirming). Without it the 60 s resend rule alone
   * allowed about 1,440 mails a day to one address.
   */
  codeMailsPerEmail: { attempts: 5, windowMs: 3_600_000 },
  /** Not in the spec: Resend OTP requests per client address an hour, against spraying addresses. */
  resendPerIp: { attempts: 20, windowMs: 3_600_000 },
  examSessionStart: { attempts: 10, windowMs: 60_000 },
  aiQuestions: { attempts: 10, windowMs: 60_000 },
  aiFlashcards: { attempts: 10, windowMs: 60_000 },
  /**
   * Not in the spec: exam result submissions per student. A result replaces the one before, so
   * a few corrections are all anyone needs; more is a script flipping the admin pass / fail counts.
   */
  examResult: { attempts: 10, windowMs: 3_600_000 },
} as const;

export const AI_LIMITS = {
  maxQuestions: 50,
  maxFlashcards: 100,
  timeoutMs: 30_000,
  defaultQuestions: 10,
  defaultFlashcards: 20,
} as const;

export const DEFAULT_DIFFICULTY: Difficulty = 'medium';

export const FLASHCARDS = { cards: 20, secondsPerCard: 10, autoAdvanceWhenSecondsLeft: 5 } as const;

export const MULTIPLE_CHOICE = {
  easy: { questions: 15, secondsPerQuestion: 45 },
  medium: { questions: 20, secondsPerQuestion: 30 },
  hard: { questions: 25, secondsPerQuestion: 20 },
  options: 5,
  feedbackMs: 2_000,
} as const;

export const TYPING = {
  easy: { questions: 10, seconds: 240 },
  medium: { questions: 15, seconds: 150 },
  hard: { questions: 20, seconds: 60 },
} as const;

export const DASHBOARD = { sessionsLoaded: 10, sessionsShown: 5 } as const;

export const UPLOAD = {
  maxFileBytes: 10_485_760,
  maxPastedChars: 50_000,
  redirectAfterMs: 2_000,
} as const;

/**
 * Not in the spec: what one student may upload (files and pasted text) in any 24 hours, so one
 * account cannot fill the storage or keep the text extraction busy. A removed material still
 * counts. Generous next to a real week of study: a whole course's notes fit.
 */
export const UPLOAD_QUOTA = {
  files: 50,
  bytes: 100 * 1024 * 1024,
  windowMs: 24 * 60 * 60 * 1000,
} as const;

export const AVATAR = {
  maxBytes: 2 * 1024 * 1024,
  types: ['image/jpeg', 'image/png', 'image/webp'],
} as const;

export const FIELD_MAX = {
  name: 50,
  email: 100,
  phone: 20,
  address: 200,
  city: 100,
  zip: 10,
  password: 50,
  bio: 500,
  otp: 6,
  customExamCategoryOrType: 100,
  /** Not in the spec: the student's state or province, as long as a city. */
  region: 100,
  professionCategory: 100,
} as const;

/** decisions.md section 2: the e-mail confirmation code. */
export const OTP = {
  digits: 6,
  validSeconds: 600,
  maxWrongTries: 5,
  resendAfterSeconds: 60,
} as const;

/** Not in the spec (issue 13): a sign-up nobody confirmed is removed after a week. */
export const UNCONFIRMED_SIGNUP = { keptDays: 7, sweepEveryMs: 3_600_000 } as const;

export const PROFILE_SAVED_MESSAGE_MS = 3_000;
export const EXAM_RESULT_RELOAD_MS = 2_000;

export const VIDEO = { speeds: [1, 1.5, 2], forwardSkipSeconds: 10 } as const;

export const ADMIN_REVENUE_WINDOWS_MONTHS = { monthly: 1, quarterly: 3, annual: 12 } as const;
export const ADMIN_TOP_EXAM_TYPES = 5;

export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*';

/** decisions.md section 1: an admin's password opens every student's data, so it is longer. */
export const ADMIN_PASSWORD_MIN = 12;
