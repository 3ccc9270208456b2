import { sql } from 'drizzle-orm';
import type { DashboardResponse, RecentSession } from '#shared/contracts/dashboard';
import { DASHBOARD } from '#shared/limits';
import type { Database } from '../../db/client';
import { prebuilt } from '../../db/prebuilt';
import {
  examRegistrations,
  examResults,
  studySessions,
  subscriptions,
  userProfiles,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { PAYMENT_REQUIRED_MESSAGE } from '../../lib/auth-guards';
import { studyToolsActive } from '../study/study-sessions.service';
import { isUuid } from '../../lib/uuid';

/** How many of a student's registrations the dashboard looks at (newest first). */
const REGISTRATIONS_LOOKED_AT = 20;

/** The dashboard's one statement (below), built once. */
const dashboardStatement = prebuilt(
  'dashboard',
  sql`
    with regs as (
      select r.id, r.exam_category, r.exam_type, r.state, r.exam_date, r.student_info,
        r.created_at,
        exists (
          select 1 from ${subscriptions} s
          where s.exam_registration_id = r.id and s.status = 'active'
            and s.current_period_end > ${sql.placeholder('now')}
        ) as paid,
        exists (select 1 from ${examResults} e where e.exam_registration_id = r.id)
          as result_submitted
      from ${examRegistrations} r
      where r.user_id = ${sql.placeholder('userId')}
      order by r.created_at desc
      limit ${REGISTRATIONS_LOOKED_AT}
    ),
    shown as (
      select coalesce(
        (select id from regs where paid and id = ${sql.placeholder('requested')}::uuid),
        (select id from regs where paid order by created_at desc limit 1)
      ) as id
    ),
    own_sessions as (
      select ss.* from ${studySessions} ss
      where ss.exam_registration_id = (select id from shown) and ss.user_id = ${sql.placeholder('userId')}
    )
    select
      exists (
        select 1 from ${subscriptions} s
        where s.user_id = ${sql.placeholder('userId')} and s.status = 'active' and s.current_period_end > ${sql.placeholder('now')}
      ) as has_access,
      (select first_name from ${userProfiles} where user_id = ${sql.placeholder('userId')}) as profile_first_name,
      (select json_agg(regs order by regs.created_at desc) from regs) as registrations,
      (select id from shown) as shown_id,
      (select count(*)::int from own_sessions) as sessions,
      (
        select round(avg(score * 100.0 / nullif(total_questions, 0)))::int
        from own_sessions where mode = 'multiple_choice'
      ) as average_score,
      (
        select json_agg(recent order by recent.created_at desc) from (
          select id, mode, difficulty, score, total_questions, created_at
          from own_sessions order by created_at desc limit ${DASHBOARD.sessionsLoaded}
        ) recent
      ) as recent
  `,
);

type RegistrationRow = {
  id: string;
  exam_category: string;
  exam_type: string;
  state: string;
  exam_date: string;
  student_info: { firstName?: string; country?: string };
  paid: boolean;
  result_submitted: boolean;
};

type SessionRow = {
  id: string;
  mode: RecentSession['mode'];
  difficulty: RecentSession['difficulty'];
  score: number;
  total_questions: number;
  created_at: string;
};

type DashboardRow = {
  has_access: boolean;
  profile_first_name: string | null;
  registrations: RegistrationRow[] | null;
  shown_id: string | null;
  sessions: number;
  average_score: number | null;
  recent: SessionRow[] | null;
};

/**
 * Everything the dashboard shows, in one call and one SQL statement (issue 6): whether the
 * student has a paid year running (else 402), their registrations with paid and result state,
 * the first name, then for the shown registration its session count, average score of graded
 * sessions and last 10 sessions. Each part reads an index (see the schema files).
 */
export async function dashboardFor(
  database: Database,
  userId: string,
  requestedRegistrationId?: string,
): Promise<DashboardResponse> {
  const requested = isUuid(requestedRegistrationId) ? requestedRegistrationId : null;
  const now = new Date();
  const [row] = (await database.prepared<DashboardRow>(dashboardStatement, {
    userId,
    now,
    requested,
  })) as [DashboardRow];
  if (!row.has_access) throw new AppError('payment_required', PAYMENT_REQUIRED_MESSAGE);

  const registrations = row.registrations ?? [];
  const paid = registrations.filter((registration) => registration.paid);
  const shown = registrations.find((registration) => registration.id === row.shown_id);
  const latest = registrations[0];
  const base = {
    firstName: row.profile_first_name || latest?.student_info.firstName || null,
    country: latest?.student_info.country ?? '',
    paidRegistrations: paid.map((registration) => ({
      id: registration.id,
      examType: registration.exam_type,
      examDate: registration.exam_date,
    })),
  };
  if (!shown) {
    return {
      ...base,
      registration: null,
      stats: { sessions: 0, averageScore: null },
      recentSessions: [],
    };
  }
  return {
    ...base,
    registration: {
      id: shown.id,
      examCategory: shown.exam_category,
      examType: shown.exam_type,
      state: shown.state,
      examDate: shown.exam_date,
      resultSubmitted: shown.result_submitted,
      studyToolsActive: studyToolsActive(shown.exam_date, shown.result_submitted, now),
    },
    stats: { sessions: row.sessions, averageScore: row.average_score },
    recentSessions: (row.recent ?? []).map((session) => ({
      id: session.id,
      mode: session.mode,
      difficulty: session.difficulty,
      score: session.score,
      totalQuestions: session.total_questions,
      createdAt: new Date(session.created_at).toISOString(),
    })),
  };
}
