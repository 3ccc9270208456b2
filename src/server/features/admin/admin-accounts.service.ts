import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { ADMIN_PASSWORD_MIN, FIELD_MAX } from '#shared/limits';
import type { Database } from '../../db/client';
import { accounts, users } from '../../db/schema';
import { hashPassword } from '../../lib/password-hashing';
import type { Auth } from '../auth/auth-library';

/**
 * Admin accounts (decisions.md section 1): real users with role `admin`, made by
 * `npm run admin:create` or from ADMIN_EMAIL / ADMIN_PASSWORD on first start. Nothing here is
 * reachable over HTTP: there is no way to become an admin from the browser.
 */

export const adminCredentialsSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(FIELD_MAX.email, { error: `The e-mail can be at most ${FIELD_MAX.email} characters.` })
    .pipe(z.email({ error: 'Please give a valid e-mail address.' })),
  password: z
    .string()
    .min(ADMIN_PASSWORD_MIN, {
      error: `The password needs at least ${ADMIN_PASSWORD_MIN} characters.`,
    })
    .max(FIELD_MAX.password, {
      error: `The password can be at most ${FIELD_MAX.password} characters.`,
    })
    // The sign-in form strips angle brackets (spec section 5), so such a password could never
    // be typed back.
    .refine((password) => !/[<>]/.test(password), {
      error: 'The password cannot contain < or >.',
    }),
});
export type AdminCredentials = z.output<typeof adminCredentialsSchema>;

/** Where the development admin lives when nothing is configured. */
export const DEVELOPMENT_ADMIN_EMAIL = 'admin@starprep.local';

/**
 * Creates the admin, or makes an existing account (a student's too) an admin with this password.
 * The e-mail counts as confirmed: whoever runs this controls the server.
 */
export async function ensureAdmin(
  deps: { auth: Auth; database: Database },
  credentials: AdminCredentials,
): Promise<'created' | 'promoted'> {
  const { db } = deps.database;
  const { email, password } = adminCredentialsSchema.parse(credentials);
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!existing) {
    const { user } = await deps.auth.api.signUpEmail({
      body: { email, password, name: 'StarPrep Admin' },
    });
    await db.update(users).set({ role: 'admin', emailVerified: true }).where(eq(users.id, user.id));
    return 'created';
  }

  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ role: 'admin', emailVerified: true, banned: false })
      .where(eq(users.id, existing.id));
    const credential = and(eq(accounts.userId, existing.id), eq(accounts.providerId, 'credential'));
    const [updated] = await tx
      .update(accounts)
      .set({ password: passwordHash })
      .where(credential)
      .returning({ id: accounts.id });
    if (!updated) {
      await tx.insert(accounts).values({
        id: randomBytes(16).toString('hex'),
        accountId: existing.id,
        providerId: 'credential',
        userId: existing.id,
        password: passwordHash,
      });
    }
  });
  return 'promoted';
}

async function adminExists(database: Database): Promise<boolean> {
  const [admin] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'admin'))
    .limit(1);
  return admin !== undefined;
}

/** A password nobody has to invent for the development admin: 24 random characters. */
function generateAdminPassword(): string {
  return randomBytes(18).toString('base64url');
}

export type FirstStartAdmin =
  | { kind: 'configured'; email: string; outcome: 'created' | 'promoted' | 'exists' }
  | { kind: 'generated'; email: string; password: string }
  | { kind: 'none' };

/**
 * On every start: ADMIN_EMAIL / ADMIN_PASSWORD make sure that admin exists (created once; an
 * existing admin keeps the password it has, so a changed password is never overwritten by an old
 * deployment setting). In development with neither set and no admin yet, one is made with a
 * random password, which the caller prints once; production never invents one.
 */
export async function ensureFirstStartAdmin(
  deps: { auth: Auth; database: Database },
  options: { email?: string; password?: string; production: boolean },
): Promise<FirstStartAdmin> {
  if (options.email && options.password) {
    const email = options.email.trim().toLowerCase();
    const [existing] = await deps.database.db
      .select({ role: users.role })
      .from(users)
      .where(eq(users.email, email));
    if (existing?.role === 'admin') return { kind: 'configured', email, outcome: 'exists' };
    const outcome = await ensureAdmin(deps, { email, password: options.password });
    return { kind: 'configured', email, outcome };
  }
  if (options.production || (await adminExists(deps.database))) return { kind: 'none' };
  const password = generateAdminPassword();
  await ensureAdmin(deps, { email: DEVELOPMENT_ADMIN_EMAIL, password });
  return { kind: 'generated', email: DEVELOPMENT_ADMIN_EMAIL, password };
}
