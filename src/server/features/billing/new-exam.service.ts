import { and, desc, eq, gt } from 'drizzle-orm';
import { BILLING_MESSAGES } from '#shared/contracts/billing';
import { type NewExamForm, validateNewExam } from '#shared/contracts/new-exam';
import {
  EMPTY_REGISTRATION,
  normalizeRegistration,
  resolveExam,
  UNITED_STATES,
} from '#shared/contracts/registration';
import { NEW_EXAM_REPEAT_WINDOW_MS } from '#shared/limits';
import { lockUntilCommit } from '../../db/advisory-lock';
import { examRegistrations } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { earliestToday } from '../registration/registration.service';
import { type CheckoutDeps, startCheckout } from './checkout.service';

type NewRegistration = typeof examRegistrations.$inferInsert;

/**
 * "Pay for a new exam": a new registration, pending payment, with the student's details from
 * their latest one, and its checkout opened at once. The same exam and date sent again within
 * NEW_EXAM_REPEAT_WINDOW_MS, even at the same moment, gets the first one's registration and
 * checkout (a paid one answers "already paid").
 */
export async function startNewExamCheckout(
  deps: CheckoutDeps,
  userId: string,
  input: NewExamForm,
): Promise<{ url: string }> {
  const [latest] = await deps.database.db
    .select({ studentInfo: examRegistrations.studentInfo })
    .from(examRegistrations)
    .where(eq(examRegistrations.userId, userId))
    .orderBy(desc(examRegistrations.createdAt))
    .limit(1);
  if (!latest) throw new AppError('not_found', BILLING_MESSAGES.noStudentDetails);

  const country = latest.studentInfo.country;
  const errors = validateNewExam(input, earliestToday(), country);
  const firstMessage = Object.values(errors)[0];
  if (firstMessage) throw new AppError('invalid_input', firstMessage, errors);

  const form = normalizeRegistration({ ...EMPTY_REGISTRATION, ...input, country });
  const exam = resolveExam(form);
  const registrationId = await addOnce(deps, {
    userId,
    examCategory: exam.category,
    examType: exam.type,
    state: country === UNITED_STATES ? form.examState : '',
    examDate: form.examDate,
    studentInfo: latest.studentInfo,
    paymentStatus: 'pending',
  });
  return startCheckout(deps, userId, registrationId);
}

/**
 * The registration made for this exam within the window, else a new one. The student's lock
 * makes the look-up and the insert one step: a second submission waits, then finds the first.
 */
function addOnce(deps: CheckoutDeps, values: NewRegistration): Promise<string> {
  return deps.database.db.transaction(async (tx) => {
    await lockUntilCommit(tx, 'new-exam', values.userId);
    const [repeat] = await tx
      .select({ id: examRegistrations.id })
      .from(examRegistrations)
      .where(
        and(
          eq(examRegistrations.userId, values.userId),
          eq(examRegistrations.examCategory, values.examCategory),
          eq(examRegistrations.examType, values.examType),
          eq(examRegistrations.state, values.state),
          eq(examRegistrations.examDate, values.examDate),
          gt(examRegistrations.createdAt, new Date(Date.now() - NEW_EXAM_REPEAT_WINDOW_MS)),
        ),
      )
      .orderBy(desc(examRegistrations.createdAt))
      .limit(1);
    if (repeat) return repeat.id;
    const [added] = await tx
      .insert(examRegistrations)
      .values(values)
      .returning({ id: examRegistrations.id });
    return added!.id;
  });
}
