import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { DIFFICULTIES, STUDY_MODES, type Difficulty, type StudyMode } from '#shared/enums';
import { isOneOf } from './columns';
import { ownerRegistrationId, ownerUserId } from './ownership';

/** A finished study session (spec section 3). time_spent is the real elapsed seconds. */
export const studySessions = pgTable(
  'study_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerUserId(),
    examRegistrationId: ownerRegistrationId(),
    mode: text('mode').$type<StudyMode>().notNull(),
    difficulty: text('difficulty').$type<Difficulty>().notNull(),
    score: integer('score').notNull().default(0),
    totalQuestions: integer('total_questions').notNull(),
    timeSpent: integer('time_spent').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('study_sessions_mode_check', isOneOf(table.mode, STUDY_MODES)),
    check('study_sessions_difficulty_check', isOneOf(table.difficulty, DIFFICULTIES)),
    check(
      'study_sessions_score_check',
      sql`${table.score} >= 0 and ${table.score} <= ${table.totalQuestions}`,
    ),
    check('study_sessions_total_questions_check', sql`${table.totalQuestions} >= 0`),
    check('study_sessions_time_spent_check', sql`${table.timeSpent} >= 0`),
    // The dashboard's recent sessions: by registration and user, newest first, limit 10.
    index('study_sessions_registration_user_created_idx').on(
      table.examRegistrationId,
      table.userId,
      table.createdAt.desc(),
    ),
    index('study_sessions_user_id_idx').on(table.userId),
  ],
);
