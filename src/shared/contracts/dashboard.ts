import { z } from 'zod';
import type { Difficulty, ExamResult, StudyMode } from '../enums';

/** The dashboard (spec section 2) in one response, and the exam result form. */

export type DashboardRegistration = {
  id: string;
  examCategory: string;
  examType: string;
  /** The US state of the exam ('' outside the United States). */
  state: string;
  examDate: string;
  studyToolsActive: boolean;
  resultSubmitted: boolean;
};

export type RecentSession = {
  id: string;
  mode: StudyMode;
  difficulty: Difficulty;
  score: number;
  totalQuestions: number;
  createdAt: string;
};

export type DashboardResponse = {
  /** From the profile, else the registration; the page says "Student" without one. */
  firstName: string | null;
  /** The student's country: the new-exam form asks for a US state only in the United States. */
  country: string;
  /** The registration shown (the one asked for, else the latest with a paid year running). */
  registration: DashboardRegistration | null;
  /** Every registration with a paid year running, to switch between exams. */
  paidRegistrations: { id: string; examType: string; examDate: string }[];
  stats: {
    sessions: number;
    /** decisions.md: the mean per-session percent of graded sessions, rounded; null without any. */
    averageScore: number | null;
  };
  /** The last 10 sessions of this registration, newest first (the page shows 5). */
  recentSessions: RecentSession[];
};

export const EXAM_RESULT_MESSAGES = {
  choose: 'Please choose whether you passed or failed.',
  submitted: 'Exam result submitted successfully! Study tools are now reactivated.',
  failed: 'Error submitting result. Please try again.',
  unauthorized: 'Unauthorized access.',
  tooMany: 'Too many result submissions. Please try again later.',
} as const;

export const examResultRequestSchema = z.object({
  registrationId: z.uuid({ error: EXAM_RESULT_MESSAGES.unauthorized }),
  result: z.enum(['pass', 'fail'] satisfies ExamResult[], { error: EXAM_RESULT_MESSAGES.choose }),
  agreedToShare: z.boolean({ error: 'Consent must be true or false.' }).default(false),
});
export type ExamResultRequest = z.input<typeof examResultRequestSchema>;

/** Days from the student's today to the exam date, never below 0 (spec section 9). */
export function daysUntil(examDate: string, today: string): number {
  const days = Math.round(
    (Date.parse(`${examDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000,
  );
  return Number.isFinite(days) ? Math.max(0, days) : 0;
}
