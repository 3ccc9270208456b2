import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '#shared/enums';
import { ownerUserId } from './ownership';
import { isOneOf, timestamps } from './columns';
import { examRegistrations } from './registrations';

/** One year of access per completed payment (decisions.md section 2). Amount is in cents. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerUserId(),
    examRegistrationId: uuid('exam_registration_id').references(() => examRegistrations.id, {
      onDelete: 'set null',
    }),
    status: text('status').$type<SubscriptionStatus>().notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    amount: integer('amount').notNull(),
    /** The provider's subscription (Stripe sub_…), so renewals and cancellations find this row. */
    providerSubscriptionId: text('provider_subscription_id'),
    /** The checkout session that paid for this year: one session buys one year, once. */
    checkoutSessionId: text('checkout_session_id'),
    ...timestamps,
  },
  (table) => [
    check('subscriptions_status_check', isOneOf(table.status, SUBSCRIPTION_STATUSES)),
    check('subscriptions_amount_check', sql`${table.amount} >= 0`),
    // The active subscription of a user: status = active and current_period_end > now().
    index('subscriptions_user_status_period_idx').on(
      table.userId,
      table.status,
      table.currentPeriodEnd,
    ),
    // Admin revenue windows: index-only sums of amount by payment time.
    index('subscriptions_created_at_amount_idx').on(table.createdAt, table.amount),
    // Admin "Active Subscriptions".
    index('subscriptions_status_period_idx').on(table.status, table.currentPeriodEnd),
    // The admin table's latest subscription of a registration.
    index('subscriptions_registration_period_idx').on(
      table.examRegistrationId,
      table.currentPeriodEnd.desc(),
    ),
    uniqueIndex('subscriptions_checkout_session_id_key')
      .on(table.checkoutSessionId)
      .where(sql`${table.checkoutSessionId} is not null`),
    uniqueIndex('subscriptions_provider_subscription_id_key')
      .on(table.providerSubscriptionId)
      .where(sql`${table.providerSubscriptionId} is not null`),
  ],
);
