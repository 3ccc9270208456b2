import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  type ExamResult,
  PAYMENT_STATUSES,
  type PaymentStatus,
  type SubscriptionStatus,
} from '#shared/enums';
import { FIELD_MAX } from '#shared/limits';
import { users } from './auth';
import { isOneOf, maxLength, timestamps } from './columns';

/** What the registration form keeps about the student (spec section 3), never the password. */
export type StudentInfo = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
  educationLevel: string;
};

/** The student's name as the admin table shows, sorts and searches it: lower-cased "first last". */
export function studentName(studentInfo: AnyPgColumn | SQL): SQL {
  return sql`lower((${studentInfo} ->> 'firstName') || ' ' || (${studentInfo} ->> 'lastName'))`;
}

/** The e-mail the student registered with, lower-cased. */
export function studentEmail(studentInfo: AnyPgColumn | SQL): SQL {
  return sql`lower(${studentInfo} ->> 'email')`;
}

export const examRegistrations = pgTable(
  'exam_registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    examCategory: text('exam_category').notNull(),
    examType: text('exam_type').notNull(),
    state: text('state').notNull(),
    examDate: date('exam_date', { mode: 'string' }).notNull(),
    studentInfo: jsonb('student_info').$type<StudentInfo>().notNull(),
    paymentStatus: text('payment_status').$type<PaymentStatus>().notNull().default('pending'),
    paymentId: text('payment_id'),
    /**
     * The checkout session opened for this registration and not finished yet: a second click on
     * "Continue with Stripe Payment", in another tab or a day later, resumes it instead of opening
     * a second one the student could also pay.
     */
    openCheckoutSessionId: text('open_checkout_session_id'),
    /**
     * Copies for the admin table and its export, kept by triggers (migration 0010) in the same
     * transaction as the exam_results and subscriptions rows they come from: the latest reported
     * result, and the subscription whose year ends last. A million-row export then reads one
     * table in index order instead of looking two others up for every row.
     */
    latestResult: text('latest_result').$type<ExamResult>(),
    latestResultAt: timestamp('latest_result_at', { withTimezone: true }),
    subscriptionStatus: text('subscription_status').$type<SubscriptionStatus>(),
    subscriptionPeriodEnd: timestamp('subscription_period_end', { withTimezone: true }),
    subscriptionAmount: integer('subscription_amount'),
    ...timestamps,
  },
  (table) => [
    check(
      'exam_registrations_payment_status_check',
      isOneOf(table.paymentStatus, PAYMENT_STATUSES),
    ),
    check(
      'exam_registrations_exam_category_length',
      maxLength(table.examCategory, FIELD_MAX.customExamCategoryOrType),
    ),
    check(
      'exam_registrations_exam_type_length',
      maxLength(table.examType, FIELD_MAX.customExamCategoryOrType),
    ),
    check('exam_registrations_latest_result_check', sql`${table.latestResult} in ('pass', 'fail')`),
    // decisions.md section 1: the password exists only as a hash in the auth tables.
    check(
      'exam_registrations_student_info_has_no_password',
      sql`jsonb_typeof(${table.studentInfo}) = 'object' and not (${table.studentInfo} ? 'password')`,
    ),
    // Latest pending / completed registration of a user, and the latest one of any status.
    index('exam_registrations_user_status_created_idx').on(
      table.userId,
      table.paymentStatus,
      table.createdAt.desc(),
    ),
    index('exam_registrations_user_created_idx').on(table.userId, table.createdAt.desc()),
    // The admin table's sort keys (each with the id as tie-breaker, so a page never repeats a row)
    // and its filters; exam_type also serves "Top 5 exam types" as an index-only scan.
    index('exam_registrations_created_id_idx').on(table.createdAt, table.id),
    index('exam_registrations_exam_date_id_idx').on(table.examDate, table.id),
    index('exam_registrations_state_id_idx').on(table.state, table.id),
    index('exam_registrations_exam_type_id_idx').on(table.examType, table.id),
    // The admin table shows and searches the name and e-mail the student registered with. Byte
    // order ("C"), so one index serves both a sort and a prefix search of a short term; a longer
    // term matches anywhere through pg_trgm. The expressions are admin-search.ts's, exactly.
    index('exam_registrations_admin_name_idx').using(
      'btree',
      sql`${studentName(table.studentInfo)} collate "C"`,
      table.id,
    ),
    index('exam_registrations_admin_email_idx').using(
      'btree',
      sql`${studentEmail(table.studentInfo)} collate "C"`,
      table.id,
    ),
    index('exam_registrations_admin_search_idx').using(
      'gin',
      sql`(${studentName(table.studentInfo)} || ' ' || ${studentEmail(table.studentInfo)}) gin_trgm_ops`,
    ),
    // One checkout session completes one registration.
    uniqueIndex('exam_registrations_payment_id_key')
      .on(table.paymentId)
      .where(sql`${table.paymentId} is not null`),
  ],
);
