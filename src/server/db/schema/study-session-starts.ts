import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { DIFFICULTIES, type Difficulty, STUDY_MODES, type StudyMode } from '#shared/enums';
import { isOneOf } from './columns';
import { ownerRegistrationId, ownerUserId } from './ownership';

/**
 * A study session as it starts on the exam page: which items it drew (so a Retest draws others)
 * and when it started (so the saved time_spent is real elapsed time measured by the server).
 * Finishing it writes the study_sessions row with the same id, which makes saving idempotent.
 */
export const studySessionStarts = pgTable(
  'study_session_starts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerUserId(),
    examRegistrationId: ownerRegistrationId(),
    mode: text('mode').$type<StudyMode>().notNull(),
    difficulty: text('difficulty').$type<Difficulty>().notNull(),
    totalQuestions: integer('total_questions').notNull(),
    itemIds: text('item_ids').array().notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('study_session_starts_mode_check', isOneOf(table.mode, STUDY_MODES)),
    check('study_session_starts_difficulty_check', isOneOf(table.difficulty, DIFFICULTIES)),
    check('study_session_starts_total_check', sql`${table.totalQuestions} >= 0`),
    // The items of a student's recent sessions, newest first: what a Retest avoids.
    index('study_session_starts_user_registration_started_idx').on(
      table.userId,
      table.examRegistrationId,
      table.startedAt.desc(),
    ),
  ],
);
