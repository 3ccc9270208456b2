import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client';
import { examRegistrations, users } from '../../src/server/db/schema';
import type { RegistrationForm } from '../../src/shared/contracts/registration';
import { confirmedStudent, postJson } from './accounts';

type AppLike = Parameters<typeof postJson>[0];

/**
 * A student who registered, confirmed the e-mail and paid on the test checkout with 4242…: the
 * state every paid feature starts from. Returns the cookie, the user id and the registration id.
 */
export async function paidStudent(
  app: AppLike,
  database: Database,
  overrides: Partial<RegistrationForm> = {},
) {
  const { form, cookie } = await confirmedStudent(app, database, overrides);
  const opened = await postJson(app, '/api/billing/checkout', {}, cookie);
  if (opened.status !== 200) throw new Error(`checkout failed: ${await opened.text()}`);
  const { url } = (await opened.json()) as { url: string };
  const sessionId = url.split('/checkout/test/')[1]!;
  const paid = await postJson(
    app,
    `/api/billing/test-checkout/${sessionId}/pay`,
    { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' },
    cookie,
  );
  if (paid.status !== 200) throw new Error(`payment failed: ${await paid.text()}`);
  const [user] = await database.db.select().from(users).where(eq(users.email, form.email));
  const [registration] = await database.db
    .select()
    .from(examRegistrations)
    .where(eq(examRegistrations.userId, user!.id))
    .orderBy(desc(examRegistrations.createdAt));
  return { form, cookie, userId: user!.id, registrationId: registration!.id };
}
