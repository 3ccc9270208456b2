import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client';
import { examRegistrations } from '../../src/server/db/schema';
import type { RegistrationForm } from '../../src/shared/contracts/registration';
import { confirmedStudent, postJson } from './accounts';

type AppLike = Parameters<typeof postJson>[0];

/** The session id of a built-in test checkout, from the URL the checkout API answered. */
export const testSessionIdOf = (url: string) => url.split('/checkout/test/')[1]!;

/** Pays a built-in test checkout session with a card (4242… pays, 4000…0002 is declined). */
export function payTestSession(
  app: AppLike,
  cookie: string,
  sessionId: string,
  cardNumber = '4242424242424242',
) {
  return postJson(
    app,
    `/api/billing/test-checkout/${sessionId}/pay`,
    { cardNumber, expiry: '12/40', cvc: '123' },
    cookie,
  );
}

/**
 * A student who registered, confirmed the e-mail and paid on the test checkout with 4242…: the
 * state every paid feature starts from. Returns the cookie, the user id and the registration id.
 */
export async function paidStudent(
  app: AppLike,
  database: Database,
  overrides: Partial<RegistrationForm> = {},
) {
  const { form, cookie, userId } = await confirmedStudent(app, database, overrides);
  const opened = await postJson(app, '/api/billing/checkout', {}, cookie);
  if (opened.status !== 200) throw new Error(`checkout failed: ${await opened.text()}`);
  const { url } = (await opened.json()) as { url: string };
  const paid = await payTestSession(app, cookie, testSessionIdOf(url));
  if (paid.status !== 200) throw new Error(`payment failed: ${await paid.text()}`);
  const [registration] = await database.db
    .select()
    .from(examRegistrations)
    .where(eq(examRegistrations.userId, userId))
    .orderBy(desc(examRegistrations.createdAt));
  return { form, cookie, userId, registrationId: registration!.id };
}
