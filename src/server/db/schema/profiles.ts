import { check, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { DEFAULT_PROFESSION_SYMBOL } from '#shared/catalog';
import { FIELD_MAX } from '#shared/limits';
import { users } from './auth';
import { maxLength, timestamps } from './columns';

/** One profile per user (spec section 3, user_profiles); user_id is the upsert key. */
export const userProfiles = pgTable(
  'user_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'),
    phone: text('phone'),
    professionCategory: text('profession_category'),
    professionSymbol: text('profession_symbol').notNull().default(DEFAULT_PROFESSION_SYMBOL),
    avatarUrl: text('avatar_url'),
    bio: text('bio'),
    ...timestamps,
  },
  (table) => [
    check('user_profiles_first_name_length', maxLength(table.firstName, FIELD_MAX.name)),
    check('user_profiles_last_name_length', maxLength(table.lastName, FIELD_MAX.name)),
    check('user_profiles_email_length', maxLength(table.email, FIELD_MAX.email)),
    check('user_profiles_phone_length', maxLength(table.phone, FIELD_MAX.phone)),
    check(
      'user_profiles_profession_category_length',
      maxLength(table.professionCategory, FIELD_MAX.professionCategory),
    ),
    check('user_profiles_bio_length', maxLength(table.bio, FIELD_MAX.bio)),
  ],
);
