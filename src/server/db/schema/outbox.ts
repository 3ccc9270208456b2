import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Mails kept by the default mail adapter (decisions.md section 3) instead of being sent:
 * the development mailbox page and the tests read them from here.
 */
export const outboxMails = pgTable(
  'outbox_mails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('outbox_mails_to_created_idx').on(table.to, table.createdAt.desc())],
);
