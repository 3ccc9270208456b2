import { boolean, check, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { EXAM_RESULTS, type ExamResult } from '#shared/enums';
import { isOneOf } from './columns';
import { ownerRegistrationId, ownerUserId } from './ownership';

/**
 * A reported exam outcome (spec section 3), with the optional consent to share it: one per
 * registration, a second report replaces the first (created_at is then the time of the latest).
 */
export const examResults = pgTable(
  'exam_results',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerUserId(),
    examRegistrationId: ownerRegistrationId(),
    result: text('result').$type<ExamResult>().notNull(),
    agreedToShare: boolean('agreed_to_share').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('exam_results_result_check', isOneOf(table.result, EXAM_RESULTS)),
    // One result per registration (migration 0013): what a submission upserts on, and what makes
    // the admin pass / fail counts count registrations.
    unique('exam_results_registration_key').on(table.examRegistrationId),
    index('exam_results_user_id_idx').on(table.userId),
    // Admin pass / fail counts, index-only.
    index('exam_results_result_idx').on(table.result),
  ],
);
