import { desc, eq } from 'drizzle-orm';
import { BILLING_MESSAGES } from '#shared/contracts/billing';
import { type NewExamForm, validateNewExam } from '#shared/contracts/new-exam';
import {
  EMPTY_REGISTRATION,
  normalizeRegistration,
  resolveExam,
  UNITED_STATES,
} from '#shared/contracts/registration';
import { examRegistrations } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { earliestToday } from '../registration/registration.service';
import { type CheckoutDeps, startCheckout } from './checkout.service';

/**
 * "Pay for a new exam": a new registration, pending payment, with the student's details from
 * their latest one, and its checkout opened at once.
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
  const [registration] = await deps.database.db
    .insert(examRegistrations)
    .values({
      userId,
      examCategory: exam.category,
      examType: exam.type,
      state: country === UNITED_STATES ? form.examState : '',
      examDate: form.examDate,
      studentInfo: latest.studentInfo,
      paymentStatus: 'pending',
    })
    .returning({ id: examRegistrations.id });
  return startCheckout(deps, userId, registration!.id);
}
