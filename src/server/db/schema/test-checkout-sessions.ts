import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { isOneOf } from './columns';
import { ownerRegistrationId, ownerUserId } from './ownership';

export const TEST_CHECKOUT_STATUSES = ['open', 'complete', 'failed'] as const;
export type TestCheckoutStatus = (typeof TEST_CHECKOUT_STATUSES)[number];

/**
 * Checkout sessions of the built-in test checkout (decisions.md section 3), the stand-in for
 * Stripe's hosted page when no Stripe key is set. Ids look like Stripe's (cs_test_…).
 */
export const testCheckoutSessions = pgTable(
  'test_checkout_sessions',
  {
    id: text('id').primaryKey(),
    userId: ownerUserId(),
    examRegistrationId: ownerRegistrationId(),
    amount: integer('amount').notNull(),
    status: text('status').$type<TestCheckoutStatus>().notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('test_checkout_sessions_status_check', isOneOf(table.status, TEST_CHECKOUT_STATUSES)),
    index('test_checkout_sessions_registration_idx').on(table.examRegistrationId, table.status),
    // One payable session per registration, whoever asks at the same moment (two tabs, a double
    // click): the second insert finds the first's session instead of adding another.
    uniqueIndex('test_checkout_sessions_one_open_key')
      .on(table.examRegistrationId)
      .where(sql`${table.status} = 'open'`),
  ],
);
