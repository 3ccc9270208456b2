import { and, desc, eq, exists, gt, sql } from 'drizzle-orm';
import type { DashboardRegistration, DashboardResponse } from '#shared/contracts/dashboard';
import { DASHBOARD } from '#shared/limits';
import type { Database } from '../../db/client';
import {
  examRegistrations,
  examResults,
  studySessions,
  subscriptions,
  userProfiles,
} from '../../db/schema';
import { studyToolsActive } from '../study/study-sessions.service';

/** How many of a student's registrations the dashboard looks at (newest first). */
const REGISTRATIONS_LOOKED_AT = 20;

/**
 * Everything the dashboard shows, in one call (issue 6): the student's registrations with their
 * paid and result state, the first name, then for the shown registration its session count,
 * average score and last 10 sessions. A few indexed queries, no per-panel round trips.
 */
export async function dashboardFor(
  database: Database,
  userId: string,
  requestedRegistrationId?: string,
): Promise<DashboardResponse> {
  const { db } = database;
  const now = new Date();
  const [registrations, [profile]] = await Promise.all([
    db
      .select({
        id: examRegistrations.id,
        examCategory: examRegistrations.examCategory,
        examType: examRegistrations.examType,
        state: examRegistrations.state,
        examDate: examRegistrations.examDate,
        studentInfo: examRegistrations.studentInfo,
        paid: exists(
          db
            .select({ id: subscriptions.id })
            .from(subscriptions)
            .where(
              and(
                eq(subscriptions.examRegistrationId, examRegistrations.id),
                eq(subscriptions.status, 'active'),
                gt(subscriptions.currentPeriodEnd, now),
              ),
            ),
        ),
        resultSubmitted: exists(
          db
            .select({ id: examResults.id })
            .from(examResults)
            .where(eq(examResults.examRegistrationId, examRegistrations.id)),
        ),
      })
      .from(examRegistrations)
      .where(eq(examRegistrations.userId, userId))
      .orderBy(desc(examRegistrations.createdAt))
      .limit(REGISTRATIONS_LOOKED_AT),
    db
      .select({ firstName: userProfiles.firstName })
      .from(userProfiles)
      .where(eq(userProfiles.userId, userId)),
  ]);

  const paid = registrations.filter((registration) => registration.paid);
  const shown = paid.find((registration) => registration.id === requestedRegistrationId) ?? paid[0];
  const latest = registrations[0];
  const base = {
    firstName: profile?.firstName || latest?.studentInfo.firstName || null,
    country: latest?.studentInfo.country ?? '',
    paidRegistrations: paid.map(({ id, examType, examDate }) => ({ id, examType, examDate })),
  };
  if (!shown) {
    return {
      ...base,
      registration: null,
      stats: { sessions: 0, averageScore: null },
      recentSessions: [],
    };
  }

  const forShown = and(
    eq(studySessions.examRegistrationId, shown.id),
    eq(studySessions.userId, userId),
  );
  const [[stats], recent] = await Promise.all([
    db
      .select({
        sessions: sql<number>`count(*)::int`,
        // Graded sessions only (decisions.md): flash cards count cards and typing is not graded.
        averageScore: sql<
          number | null
        >`round(avg(${studySessions.score} * 100.0 / nullif(${studySessions.totalQuestions}, 0)) filter (where ${studySessions.mode} = 'multiple_choice'))::int`,
      })
      .from(studySessions)
      .where(forShown),
    db
      .select({
        id: studySessions.id,
        mode: studySessions.mode,
        difficulty: studySessions.difficulty,
        score: studySessions.score,
        totalQuestions: studySessions.totalQuestions,
        createdAt: studySessions.createdAt,
      })
      .from(studySessions)
      .where(forShown)
      .orderBy(desc(studySessions.createdAt))
      .limit(DASHBOARD.sessionsLoaded),
  ]);

  const registration: DashboardRegistration = {
    id: shown.id,
    examCategory: shown.examCategory,
    examType: shown.examType,
    state: shown.state,
    examDate: shown.examDate,
    resultSubmitted: Boolean(shown.resultSubmitted),
    studyToolsActive: studyToolsActive(shown.examDate, Boolean(shown.resultSubmitted), now),
  };
  return {
    ...base,
    registration,
    stats: { sessions: stats?.sessions ?? 0, averageScore: stats?.averageScore ?? null },
    recentSessions: recent.map((session) => ({
      ...session,
      createdAt: session.createdAt.toISOString(),
    })),
  };
}
