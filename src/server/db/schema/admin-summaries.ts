import { bigint, date, integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Running totals for the admin dashboard, kept by triggers (migration 0009) in the same
 * transaction as the rows they count, whoever writes those rows (the app, a seed, psql). Counting
 * a million rows on every dashboard view took 40 to 180 ms per figure; reading these takes
 * microseconds. A trigger only writes here when a total really changes, so the usual updates
 * (payment status, renewal dates) take no lock on them.
 */

/** Accounts by role ("Total Users" counts role user). */
export const adminUserCounts = pgTable('admin_user_counts', {
  role: text('role').primaryKey(),
  users: bigint('users', { mode: 'number' }).notNull(),
});

/** Registrations by exam type ("Top 5 exam types"; their sum is every registration). */
export const adminExamTypeCounts = pgTable('admin_exam_type_counts', {
  examType: text('exam_type').primaryKey(),
  registrations: bigint('registrations', { mode: 'number' }).notNull(),
});

/** Payments by UTC day of subscriptions.created_at (the revenue windows and total). */
export const adminRevenueDays = pgTable('admin_revenue_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  payments: integer('payments').notNull(),
});
