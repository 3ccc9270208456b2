import { and, eq, sql } from 'drizzle-orm';
import { EXAM_RESULT_MESSAGES } from '#shared/contracts/dashboard';
import type { ExamResult } from '#shared/enums';
import type { Database } from '../../db/client';
import { examRegistrations, examResults } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { RateLimits } from '../../lib/rate-limit/rate-limiter';

/**
 * Submit Exam Result (spec sections 2 and 4): pass or fail, with optional consent to share. The
 * ownership check is real here (the spec's always passed): another student's registration is
 * refused with "Unauthorized access.". A submitted result reactivates the study tools
 * (decisions.md). A registration has one result: a second submission replaces the first in one
 * statement (two at once leave one row), so the admin pass / fail counts count registrations.
 * Submissions are rate-limited per student, which caps how fast anyone can move those counts.
 */
export async function submitExamResult(
  deps: { database: Database; rateLimits: RateLimits },
  userId: string,
  input: { registrationId: string; result: ExamResult; agreedToShare: boolean },
) {
  await deps.rateLimits.examResultPerUser.consume(userId);
  const [registration] = await deps.database.db
    .select({ id: examRegistrations.id })
    .from(examRegistrations)
    .where(
      and(eq(examRegistrations.id, input.registrationId), eq(examRegistrations.userId, userId)),
    );
  if (!registration) throw new AppError('forbidden', EXAM_RESULT_MESSAGES.unauthorized);
  const [saved] = await deps.database.db
    .insert(examResults)
    .values({
      userId,
      examRegistrationId: registration.id,
      result: input.result,
      agreedToShare: input.agreedToShare,
    })
    .onConflictDoUpdate({
      target: examResults.examRegistrationId,
      set: { result: input.result, agreedToShare: input.agreedToShare, createdAt: sql`now()` },
    })
    .returning({ id: examResults.id });
  return { id: saved!.id, message: EXAM_RESULT_MESSAGES.submitted };
}
