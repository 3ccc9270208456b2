import { and, eq } from 'drizzle-orm';
import { EXAM_RESULT_MESSAGES } from '#shared/contracts/dashboard';
import type { ExamResult } from '#shared/enums';
import type { Database } from '../../db/client';
import { examRegistrations, examResults } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/**
 * Submit Exam Result (spec sections 2 and 4): pass or fail, with optional consent to share. The
 * ownership check is real here (the spec's always passed): another student's registration is
 * refused with "Unauthorized access.". A submitted result reactivates the study tools
 * (decisions.md).
 */
export async function submitExamResult(
  database: Database,
  userId: string,
  input: { registrationId: string; result: ExamResult; agreedToShare: boolean },
) {
  const [registration] = await database.db
    .select({ id: examRegistrations.id })
    .from(examRegistrations)
    .where(
      and(eq(examRegistrations.id, input.registrationId), eq(examRegistrations.userId, userId)),
    );
  if (!registration) throw new AppError('forbidden', EXAM_RESULT_MESSAGES.unauthorized);
  const [saved] = await database.db
    .insert(examResults)
    .values({
      userId,
      examRegistrationId: registration.id,
      result: input.result,
      agreedToShare: input.agreedToShare,
    })
    .returning({ id: examResults.id, createdAt: examResults.createdAt });
  return { id: saved!.id, message: EXAM_RESULT_MESSAGES.submitted };
}
