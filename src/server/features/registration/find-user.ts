import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';

/** The account of an address (stored in lower case), with whether its e-mail is confirmed. */
export async function findUserByEmail(database: Database, email: string) {
  const [user] = await database.db
    .select({ id: users.id, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.email, email.toLowerCase()));
  return user;
}
