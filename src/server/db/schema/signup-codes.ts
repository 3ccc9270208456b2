import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * The confirmation code of one sign-up, keyed by the account it confirms (issue 13: pre-account
 * takeover). Each sign-up makes a new account with its own password, so a code can only ever
 * confirm the password of the sign-up it was mailed for: a sign-up that replaces an unconfirmed
 * account deletes that account, and its code with it. Only a SHA-256 of the code is kept.
 */
export const signupCodes = pgTable(
  'signup_codes',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    wrongTries: integer('wrong_tries').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /**
     * This account's sign-up replaced an unconfirmed one of the same address. Its mails say so,
     * so that the address's owner, whose own code died with the replaced sign-up, does not take
     * this code (and this sign-up's password) for theirs.
     */
    replacedEarlier: boolean('replaced_earlier').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('signup_codes_wrong_tries_not_negative', sql`${table.wrongTries} >= 0`)],
);
