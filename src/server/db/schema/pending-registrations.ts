import { sql } from 'drizzle-orm';
import { check, date, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { FIELD_MAX } from '#shared/limits';
import { users } from './auth';
import { maxLength } from './columns';
import type { StudentInfo } from './registrations';

/**
 * The registration form's answers between sign-up and e-mail confirmation (decisions.md section 1:
 * kept on the server, so confirming on another device or after closing the tab still works).
 * One per account; confirming the e-mail turns it into an exam_registrations row.
 */
export const pendingRegistrations = pgTable(
  'pending_registrations',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    examCategory: text('exam_category').notNull(),
    examType: text('exam_type').notNull(),
    state: text('state').notNull(),
    examDate: date('exam_date', { mode: 'string' }).notNull(),
    studentInfo: jsonb('student_info').$type<StudentInfo>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'pending_registrations_exam_category_length',
      maxLength(table.examCategory, FIELD_MAX.customExamCategoryOrType),
    ),
    check(
      'pending_registrations_exam_type_length',
      maxLength(table.examType, FIELD_MAX.customExamCategoryOrType),
    ),
    check(
      'pending_registrations_student_info_has_no_password',
      sql`jsonb_typeof(${table.studentInfo}) = 'object' and not (${table.studentInfo} ? 'password')`,
    ),
  ],
);
