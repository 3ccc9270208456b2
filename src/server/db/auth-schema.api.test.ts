import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin, emailOTP } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/support/test-database';
import type { Database } from './client';
import * as schema from './schema';
import { fakeSigningSecret } from '../../../tests/support/fake-secrets';

/**
 * The auth tables are written by hand (better-auth's schema generator needs Node 22). This proves
 * they are what better-auth, with the plugins the Accounts issue will use, reads and writes.
 */
let database: Database;
let auth: ReturnType<typeof createAuth>;

function createAuth(db: Database['db']) {
  return betterAuth({
    baseURL: 'http://localhost:3000',
    secret: fakeSigningSecret(),
    database: drizzleAdapter(db, { provider: 'pg', schema, usePlural: true }),
    emailAndPassword: { enabled: true },
    plugins: [admin(), emailOTP({ sendVerificationOTP: async () => {} })],
    logger: { disabled: true },
    telemetry: { enabled: false },
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  auth = createAuth(database.db);
});
afterAll(() => database.close());

describe('auth tables', () => {
  it('take a sign-up: user, hashed password, session', async () => {
    const result = await auth.api.signUpEmail({
      body: { email: 'ada@example.com', password: 'Lovelace1815', name: 'Ada Lovelace' },
    });
    const [user] = await database.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.email, 'ada@example.com'));
    expect(user).toMatchObject({ name: 'Ada Lovelace', emailVerified: false, role: 'user' });
    expect(result.user.id).toBe(user?.id);

    const [account] = await database.db
      .select()
      .from(schema.accounts)
      .where(eq(schema.accounts.userId, user!.id));
    expect(account?.providerId).toBe('credential');
    expect(account?.password).toBeTruthy();
    expect(account?.password).not.toContain('Lovelace1815');
  });

  it('take a sign-in and keep its session', async () => {
    const result = await auth.api.signInEmail({
      body: { email: 'ada@example.com', password: 'Lovelace1815' },
    });
    const [session] = await database.db
      .select()
      .from(schema.sessions)
      .where(eq(schema.sessions.token, result.token));
    expect(session?.userId).toBe(result.user.id);
    expect(session?.expiresAt.getTime()).toBeGreaterThan(Date.now());
  });

  it('keep a one-time code in verifications', async () => {
    await auth.api.sendVerificationOTP({
      body: { email: 'ada@example.com', type: 'email-verification' },
    });
    const rows = await database.db.select().from(schema.verifications);
    expect(rows.some((row) => row.identifier.includes('ada@example.com'))).toBe(true);
  });
});
