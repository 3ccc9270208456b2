/** The enumerations of spec sections 3 and 4. The database enforces the same lists with CHECKs. */

export const PAYMENT_STATUSES = ['pending', 'completed', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'canceled', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const STUDY_MODES = ['flashcards', 'multiple_choice', 'typing'] as const;
export type StudyMode = (typeof STUDY_MODES)[number];

export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export const EXAM_RESULTS = ['pass', 'fail'] as const;
export type ExamResult = (typeof EXAM_RESULTS)[number];

export const USER_ROLES = ['user', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];
