import { z } from 'zod';
import {
  EMPTY_REGISTRATION,
  REGISTRATION_LABELS,
  type RegistrationErrors,
  validateRegistration,
} from './registration';
import { isStorableText, notAllowedMessage } from './text';

/**
 * "Pay for a new exam" (spec section 2, dashboard): the exam part of the registration form, with
 * the same rules and messages. The student's own details are taken from their latest
 * registration, so they are not asked for again.
 */

export const NEW_EXAM_FIELDS = [
  'examCategory',
  'customExamCategory',
  'examType',
  'customExamType',
  'examState',
  'examDate',
] as const;
export type NewExamField = (typeof NEW_EXAM_FIELDS)[number];
export type NewExamForm = Record<NewExamField, string>;

export const newExamRequestSchema = z.object(
  Object.fromEntries(
    NEW_EXAM_FIELDS.map((field) => [
      field,
      z
        .string({ error: `${REGISTRATION_LABELS[field]} must be text.` })
        .max(10_000)
        .refine(isStorableText, { error: notAllowedMessage(REGISTRATION_LABELS[field]) })
        .default(''),
    ]),
  ) as Record<NewExamField, z.ZodDefault<z.ZodString>>,
);

/**
 * The registration rules for these fields only, in the spec's order. `country` is the student's
 * (the exam state is required only in the United States).
 */
export function validateNewExam(form: NewExamForm, today: string, country: string) {
  const all = validateRegistration({ ...EMPTY_REGISTRATION, ...form, country }, today);
  return Object.fromEntries(
    Object.entries(all).filter(([field]) => (NEW_EXAM_FIELDS as readonly string[]).includes(field)),
  ) as RegistrationErrors;
}
