import { and, desc, eq, exists, sql } from 'drizzle-orm';
import {
  type StudyRegistration,
  type CompletedSession,
  type CompleteSessionRequest,
  sessionPlan,
  type StartedSession,
  STUDY_MESSAGES,
} from '#shared/contracts/study';
import { PAYMENT_REQUIRED_MESSAGE } from '../../lib/auth-guards';
import type { Difficulty, StudyMode } from '#shared/enums';
import { MULTIPLE_CHOICE } from '#shared/limits';
import type { Database } from '../../db/client';
import {
  examRegistrations,
  examResults,
  studyMaterials,
  studySessions,
  studySessionStarts,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { RateLimits } from '../../lib/rate-limit/rate-limiter';
import { hasRunningYear } from '../billing/billing.service';
import { earliestToday } from '../registration/registration.service';
import { generateFlashcards, generateQuestions, type GenerationDeps } from './generation.service';
import { isUuid } from '../../lib/uuid';

export type StudySessionDeps = GenerationDeps & { database: Database; rateLimits: RateLimits };

/** The student's materials as one text; more than this is not read for one session. */
const MATERIAL_CHARS = 200_000;
/** A Retest avoids the items of this many recent sessions of the same mode. */
const RECENT_SESSIONS_AVOIDED = 3;
/** Added to a session's longest possible duration before time_spent is capped. */
const TIME_SLACK_SECONDS = 120;

/**
 * Start Session on the exam page (spec section 4): the start limit, the registration's owner,
 * its payment and study-tools activity, then the items, recorded with the start time.
 */
export async function startSession(
  deps: StudySessionDeps,
  userId: string,
  request: { registrationId: string; mode: StudyMode; difficulty: Difficulty },
): Promise<StartedSession> {
  await deps.rateLimits.examSessionStartPerUser.consume(userId);
  const { database } = deps;
  const registration = await studyableRegistration(database, userId, request.registrationId);
  if (!registration.studyToolsActive) {
    throw new AppError('forbidden', STUDY_MESSAGES.studyToolsInactive);
  }

  const plan = sessionPlan(request.mode, request.difficulty);
  const generationRequest = {
    category: registration.examCategory,
    examType: registration.examType,
    difficulty: request.difficulty,
    count: plan.items,
    materials: await materialsText(database, userId),
    avoidIds: await recentItemIds(database, userId, registration.id, request.mode),
  };
  const generated =
    request.mode === 'multiple_choice'
      ? await generateQuestions(deps, generationRequest)
      : await generateFlashcards(deps, generationRequest);
  if (generated.items.length === 0) {
    throw new AppError('unavailable', STUDY_MESSAGES.generationFailed);
  }

  const [started] = await database.db
    .insert(studySessionStarts)
    .values({
      userId,
      examRegistrationId: registration.id,
      mode: request.mode,
      difficulty: request.difficulty,
      totalQuestions: generated.items.length,
      itemIds: generated.items.map((item) => item.id),
    })
    .returning({ id: studySessionStarts.id });
  const common = {
    id: started!.id,
    difficulty: request.difficulty,
    requested: plan.items,
    source: generated.source,
    notices: generated.notices,
  };
  return request.mode === 'multiple_choice'
    ? { ...common, mode: request.mode, questions: generated.items as never }
    : { ...common, mode: request.mode, cards: generated.items as never };
}

/**
 * The exam page's first check: the registration is this student's (else 404) and paid for a
 * year that is still running (else 402), and whether its study tools are active.
 */
export async function studyableRegistration(
  database: Database,
  userId: string,
  registrationId: string,
): Promise<StudyRegistration> {
  if (!isUuid(registrationId)) {
    throw new AppError('not_found', STUDY_MESSAGES.registrationNotFound);
  }
  const [registration] = await database.db
    .select({
      id: examRegistrations.id,
      examCategory: examRegistrations.examCategory,
      examType: examRegistrations.examType,
      examDate: examRegistrations.examDate,
      resultSubmitted: exists(
        database.db
          .select({ id: examResults.id })
          .from(examResults)
          .where(eq(examResults.examRegistrationId, examRegistrations.id)),
      ),
    })
    .from(examRegistrations)
    .where(and(eq(examRegistrations.id, registrationId), eq(examRegistrations.userId, userId)));
  if (!registration) throw new AppError('not_found', STUDY_MESSAGES.registrationNotFound);
  if (!(await hasRunningYear(database, registration.id))) {
    throw new AppError('payment_required', PAYMENT_REQUIRED_MESSAGE);
  }
  const { resultSubmitted, ...fields } = registration;
  return {
    ...fields,
    studyToolsActive: studyToolsActive(registration.examDate, Boolean(resultSubmitted)),
  };
}

/**
 * decisions.md: study tools are inactive while today is on or after the exam date and no result
 * was submitted. "Today" is the earliest date on Earth, so no student loses a day to time zones.
 */
export function studyToolsActive(examDate: string, resultSubmitted: boolean, now = new Date()) {
  return resultSubmitted || earliestToday(now) < examDate;
}

/**
 * Saves a finished session exactly once: the row takes the start's id, so a double click or a
 * retried request finds it saved and gets the same answer. time_spent is the server's own
 * measure from the start, capped at the longest the session's timers allow.
 */
export async function completeSession(
  deps: StudySessionDeps,
  userId: string,
  sessionId: string,
  result: CompleteSessionRequest,
): Promise<CompletedSession> {
  const { database } = deps;
  if (!isUuid(sessionId)) throw new AppError('not_found', STUDY_MESSAGES.sessionNotFound);
  const [start] = await database.db
    .select()
    .from(studySessionStarts)
    .where(and(eq(studySessionStarts.id, sessionId), eq(studySessionStarts.userId, userId)));
  if (!start) throw new AppError('not_found', STUDY_MESSAGES.sessionNotFound);
  // Typed answers are not graded (spec section 4), so their score stays 0.
  const score = start.mode === 'typing' ? 0 : result.score;
  if (score > start.totalQuestions || result.answered > start.totalQuestions) {
    throw new AppError('invalid_input', 'The score cannot exceed the number of questions.');
  }
  const elapsed = Math.round((Date.now() - start.startedAt.getTime()) / 1000);
  const timeSpent = Math.max(0, Math.min(elapsed, longestSeconds(start) + TIME_SLACK_SECONDS));
  await database.db
    .insert(studySessions)
    .values({
      id: start.id,
      userId,
      examRegistrationId: start.examRegistrationId,
      mode: start.mode,
      difficulty: start.difficulty,
      score,
      totalQuestions: start.totalQuestions,
      timeSpent,
    })
    .onConflictDoNothing();
  const [saved] = await database.db
    .select()
    .from(studySessions)
    .where(and(eq(studySessions.id, start.id), eq(studySessions.userId, userId)));
  return {
    id: saved!.id,
    score: saved!.score,
    totalQuestions: saved!.totalQuestions,
    timeSpent: saved!.timeSpent,
  };
}

function longestSeconds(start: {
  mode: StudyMode;
  difficulty: Difficulty;
  totalQuestions: number;
}) {
  const plan = sessionPlan(start.mode, start.difficulty);
  if (plan.totalSeconds !== undefined) return plan.totalSeconds;
  const feedback = start.mode === 'multiple_choice' ? MULTIPLE_CHOICE.feedbackMs / 1000 : 0;
  return start.totalQuestions * ((plan.secondsPerItem ?? 0) + feedback);
}

/**
 * The student's newest materials as one text of at most MATERIAL_CHARS. The database stops at
 * the first file that reaches the total and sends only the part needed, so a student with many
 * long files does not ship megabytes to every Start Session.
 */
async function materialsText(database: Database, userId: string): Promise<string> {
  const result = (await database.db.execute(sql`
    select left(text, ${MATERIAL_CHARS}) as text from (
      select ${studyMaterials.extractedText} as text, ${studyMaterials.createdAt} as created_at,
        coalesce(sum(length(${studyMaterials.extractedText})) over (
          order by ${studyMaterials.createdAt} desc
          rows between unbounded preceding and 1 preceding
        ), 0) as before
      from ${studyMaterials}
      where ${studyMaterials.userId} = ${userId} and ${studyMaterials.extractedText} is not null
    ) materials
    where before < ${MATERIAL_CHARS}
    order by created_at desc
  `)) as unknown as { rows: { text: string }[] };
  return result.rows
    .map((row) => row.text)
    .join('\n\n')
    .slice(0, MATERIAL_CHARS);
}

async function recentItemIds(
  database: Database,
  userId: string,
  registrationId: string,
  mode: StudyMode,
): Promise<Set<string>> {
  const rows = await database.db
    .select({ itemIds: studySessionStarts.itemIds })
    .from(studySessionStarts)
    .where(
      and(
        eq(studySessionStarts.userId, userId),
        eq(studySessionStarts.examRegistrationId, registrationId),
        eq(studySessionStarts.mode, mode),
      ),
    )
    .orderBy(desc(studySessionStarts.startedAt))
    .limit(RECENT_SESSIONS_AVOIDED);
  return new Set(rows.flatMap((row) => row.itemIds));
}
