import { text, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { examRegistrations } from './registrations';

/** user_id: the owner of a row; the row goes when the user does. */
export const ownerUserId = () =>
  text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** exam_registration_id: the registration a row belongs to; it goes with the registration. */
export const ownerRegistrationId = () =>
  uuid('exam_registration_id')
    .notNull()
    .references(() => examRegistrations.id, { onDelete: 'cascade' });
