import { z } from 'zod';
import { COUNTRIES, EDUCATION_LEVELS, EXAM_CATEGORIES, US_STATES } from '../catalog';
import { FIELD_MAX } from '../limits';
import { isValidPassword } from './password';
import { hasForbiddenCharacters, isStorableText, notAllowedMessage, tooLongMessage } from './text';

/**
 * The exam registration form (spec sections 2 and 5): its fields, its rules in the spec's order
 * and its messages. The form runs `validateRegistration` as the student types and submits; the
 * server runs it again on the same input. Nothing here depends on the browser or on Node.
 */

export const OTHER_OPTION = 'other';
export const UNITED_STATES = 'United States';

export const REGISTRATION_MESSAGES = {
  rateLimited: 'Too many registration attempts. Please wait 5 minutes and try again.',
  email: 'Please enter a valid email address.',
  password: 'Password must be at least 8 characters, including 1 letter and 1 number.',
  phone: 'Please enter a valid phone number.',
  zipCode: 'Please enter a valid ZIP/postal code.',
  exam: 'Please specify both exam category and type.',
  examDateFuture: 'Exam date must be in the future.',
  examDateInvalid: 'Please enter a valid exam date.',
  examDateRequired: 'Please enter your exam date.',
  name: 'Only letters and spaces allowed',
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required.',
  country: 'Please choose a country.',
  examState: 'Please choose the state where you take the exam.',
  educationLevel: 'Please choose your education level.',
  emailTaken: 'This email is already registered. Please log in or use a different email.',
  failed: 'An error occurred during registration. Please try again.',
} as const;

export const REGISTRATION_FIELDS = [
  'examCategory',
  'customExamCategory',
  'examType',
  'customExamType',
  'country',
  'examState',
  'examDate',
  'firstName',
  'lastName',
  'email',
  'password',
  'phone',
  'address',
  'city',
  'state',
  'zipCode',
  'educationLevel',
] as const;

export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];
export type RegistrationForm = Record<RegistrationField, string>;
export type RegistrationErrors = Partial<Record<RegistrationField, string>>;

export const REGISTRATION_LABELS: Record<RegistrationField, string> = {
  examCategory: 'Exam category',
  customExamCategory: 'Exam category',
  examType: 'Exam type',
  customExamType: 'Exam type',
  country: 'Country',
  examState: 'US state',
  examDate: 'Exam date',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  password: 'Password',
  phone: 'Phone',
  address: 'Address',
  city: 'City',
  state: 'State / province',
  zipCode: 'ZIP / postal code',
  educationLevel: 'Education level',
};

/** Longest accepted value per field; the inputs carry the same numbers as maxLength. */
export const REGISTRATION_MAX_LENGTH: Record<RegistrationField, number> = {
  examCategory: FIELD_MAX.customExamCategoryOrType,
  customExamCategory: FIELD_MAX.customExamCategoryOrType,
  examType: FIELD_MAX.customExamCategoryOrType,
  customExamType: FIELD_MAX.customExamCategoryOrType,
  country: 100,
  examState: 100,
  examDate: 10,
  firstName: FIELD_MAX.name,
  lastName: FIELD_MAX.name,
  email: FIELD_MAX.email,
  password: FIELD_MAX.password,
  phone: FIELD_MAX.phone,
  address: FIELD_MAX.address,
  city: FIELD_MAX.city,
  state: FIELD_MAX.region,
  zipCode: FIELD_MAX.zip,
  educationLevel: 100,
};

export const EMPTY_REGISTRATION: RegistrationForm = Object.fromEntries(
  REGISTRATION_FIELDS.map((field) => [field, '']),
) as RegistrationForm;

/**
 * What the API accepts: every field a string (a missing one counts as empty), nothing else.
 * Lengths are checked by `validateRegistration` so each gets its own message; the cap here
 * only stops absurd values before any rule runs, and text the database cannot store
 * (contracts/text.ts) is refused here with the field's own message.
 */
export const registrationRequestSchema = z.object(
  Object.fromEntries(
    REGISTRATION_FIELDS.map((field) => [
      field,
      z
        .string({ error: `${REGISTRATION_LABELS[field]} must be text.` })
        .max(10_000)
        .refine(isStorableText, { error: notAllowedMessage(REGISTRATION_LABELS[field]) })
        .default(''),
    ]),
  ) as Record<RegistrationField, z.ZodDefault<z.ZodString>>,
);

// The WHATWG pattern of <input type="email">, plus a dot in the domain.
const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
const NAME_PATTERN = /^[\p{L}\p{M}]+(?: +[\p{L}\p{M}]+)*$/u;
const PHONE_PATTERN = /^\+?[1-9]\d{0,15}$/;
const US_ZIP_PATTERN = /^\d{5}(?:-\d{4})?$/;
const POSTAL_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]{1,8}[A-Za-z0-9]$/;
const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const FREE_TEXT_FIELDS = [
  'customExamCategory',
  'customExamType',
  'address',
  'city',
  'state',
] as const satisfies readonly RegistrationField[];
/** An exam more than this far ahead is a typo, not a plan. */
const MAX_YEARS_AHEAD = 10;

export function isValidEmail(value: string): boolean {
  return value.length <= FIELD_MAX.email && EMAIL_PATTERN.test(value);
}

/** Spec rule 4: spaces, hyphens and parentheses are ignored; optional +, then 1-16 digits. */
export function isValidPhone(value: string): boolean {
  return value.length <= FIELD_MAX.phone && PHONE_PATTERN.test(value.replace(/[\s()-]/g, ''));
}

/** Spec rule 5: 5 or 5+4 digits in the United States, 3 to 10 letters and digits elsewhere. */
export function isValidZipCode(value: string, country: string): boolean {
  if (country === UNITED_STATES) return US_ZIP_PATTERN.test(value);
  return value.length >= 3 && value.length <= FIELD_MAX.zip && POSTAL_CODE_PATTERN.test(value);
}

export function examTypesOf(categoryId: string): readonly string[] {
  return EXAM_CATEGORIES.find((category) => category.id === categoryId)?.examTypes ?? [];
}

/** The category and type the student means, with Other resolved to the typed text. */
export function resolveExam(
  form: Pick<
    RegistrationForm,
    'examCategory' | 'customExamCategory' | 'examType' | 'customExamType'
  >,
) {
  const category =
    form.examCategory === OTHER_OPTION
      ? form.customExamCategory
      : (EXAM_CATEGORIES.find((known) => known.id === form.examCategory)?.id ?? '');
  const knownTypes = examTypesOf(form.examCategory);
  const type =
    form.examType === OTHER_OPTION || form.examCategory === OTHER_OPTION
      ? form.customExamType
      : knownTypes.includes(form.examType)
        ? form.examType
        : '';
  return { category, type };
}

/** Today's date as YYYY-MM-DD in the time zone `offsetMinutes` east of UTC. */
export function isoDateAt(now: Date, offsetMinutes: number): string {
  return new Date(now.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 10);
}

function isRealDate(value: string): boolean {
  if (!ISO_DATE_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Trims every field and lower-cases the e-mail; the password is kept exactly as typed. */
export function normalizeRegistration(form: RegistrationForm): RegistrationForm {
  const trimmed = Object.fromEntries(
    REGISTRATION_FIELDS.map((field) => [
      field,
      field === 'password' ? form[field] : form[field].trim(),
    ]),
  ) as RegistrationForm;
  return { ...trimmed, email: trimmed.email.toLowerCase() };
}

/**
 * Every rule of the form, in the spec's order (section 5, rules 2-7; rule 1, the rate limit, is
 * the server's), then the other form rules. Returns one message per bad field; the first entry is
 * the first broken rule. `today` is the student's date (YYYY-MM-DD) for rule 7.
 */
export function validateRegistration(input: RegistrationForm, today: string): RegistrationErrors {
  const form = normalizeRegistration(input);
  const errors: RegistrationErrors = {};
  // A field with a NUL or 10 kB of text gets that message, not a pattern message it cannot act
  // on; it still takes its place in the rule order below.
  const fail = (field: RegistrationField, message: string) => {
    errors[field] ??= characterProblem(form, field) ?? message;
  };

  // Rule 2
  if (!isValidEmail(form.email)) fail('email', REGISTRATION_MESSAGES.email);
  // Rule 3
  if (!isValidPassword(form.password)) fail('password', REGISTRATION_MESSAGES.password);
  // Rule 4
  if (!isValidPhone(form.phone)) fail('phone', REGISTRATION_MESSAGES.phone);
  // Rule 5
  if (!isValidZipCode(form.zipCode, form.country)) fail('zipCode', REGISTRATION_MESSAGES.zipCode);
  // Rule 6
  const exam = resolveExam(form);
  if (!exam.category) {
    fail(
      form.examCategory === OTHER_OPTION ? 'customExamCategory' : 'examCategory',
      REGISTRATION_MESSAGES.exam,
    );
  }
  // With no category chosen yet, the category alone is flagged (the type list depends on it).
  if (!exam.type && form.examCategory) {
    fail(
      form.examType === OTHER_OPTION || form.examCategory === OTHER_OPTION
        ? 'customExamType'
        : 'examType',
      REGISTRATION_MESSAGES.exam,
    );
  }
  // Rule 7
  if (!form.examDate) fail('examDate', REGISTRATION_MESSAGES.examDateRequired);
  else if (!isRealDate(form.examDate)) fail('examDate', REGISTRATION_MESSAGES.examDateInvalid);
  else if (form.examDate <= today) fail('examDate', REGISTRATION_MESSAGES.examDateFuture);
  else if (Number(form.examDate.slice(0, 4)) > Number(today.slice(0, 4)) + MAX_YEARS_AHEAD)
    fail('examDate', REGISTRATION_MESSAGES.examDateInvalid);

  // The other form rules.
  if (!form.firstName) fail('firstName', REGISTRATION_MESSAGES.firstNameRequired);
  else if (!NAME_PATTERN.test(form.firstName)) fail('firstName', REGISTRATION_MESSAGES.name);
  if (!form.lastName) fail('lastName', REGISTRATION_MESSAGES.lastNameRequired);
  else if (!NAME_PATTERN.test(form.lastName)) fail('lastName', REGISTRATION_MESSAGES.name);
  if (!(COUNTRIES as readonly string[]).includes(form.country))
    fail('country', REGISTRATION_MESSAGES.country);
  if (form.country === UNITED_STATES && !(US_STATES as readonly string[]).includes(form.examState))
    fail('examState', REGISTRATION_MESSAGES.examState);
  if (!(EDUCATION_LEVELS as readonly string[]).includes(form.educationLevel))
    fail('educationLevel', REGISTRATION_MESSAGES.educationLevel);
  // Optional free text passes every rule above; only its characters and length can be wrong.
  for (const field of REGISTRATION_FIELDS) {
    const problem = characterProblem(form, field);
    if (problem) errors[field] ??= problem;
  }
  return errors;
}

function characterProblem(form: RegistrationForm, field: RegistrationField): string | undefined {
  const value = form[field];
  const label = REGISTRATION_LABELS[field];
  const max = REGISTRATION_MAX_LENGTH[field];
  if (hasForbiddenCharacters(value)) return notAllowedMessage(label);
  if (value.length > max) return tooLongMessage(label, max);
  if (FREE_TEXT_FIELDS.includes(field as (typeof FREE_TEXT_FIELDS)[number]) && /[<>]/.test(value))
    return notAllowedMessage(label);
  return undefined;
}

/** The first message of `validateRegistration`'s result, for the form's summary line. */
export function firstRegistrationError(errors: RegistrationErrors): string | undefined {
  return Object.values(errors)[0];
}

/** Sign-up's answer: the address the code went to, and whether the mail could be sent. */
export type RegistrationResponse = { email: string; mailSent: boolean };

/** The student's most recent exam registration (spec section 4, payment verification). */
export type LatestRegistrationResponse = {
  registration: {
    id: string;
    examCategory: string;
    examType: string;
    examDate: string;
    paymentStatus: 'pending' | 'completed' | 'failed';
    createdAt: string;
  } | null;
};

/** The label of a stored exam category: a known category's name, or the student's own text. */
export function examCategoryLabel(stored: string): string {
  return EXAM_CATEGORIES.find((category) => category.id === stored)?.label ?? stored;
}
