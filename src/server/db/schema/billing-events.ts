import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every payment event applied, by the provider's event id. The row is written in the same
 * transaction as the event's effect, so an event delivered twice (or three times at once) has
 * its effect once.
 */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
