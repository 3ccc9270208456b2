import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { OTP } from '#shared/limits';
import type { Database } from '../../db/client';
import { signupCodes, users } from '../../db/schema';

/**
 * Confirmation codes bound to one account (decisions.md section 2: six digits from a secure
 * random source, stored hashed, valid 10 minutes, single use, 5 wrong tries). better-auth keys its
 * codes by e-mail address, so a code mailed for one sign-up could confirm the account of a later
 * sign-up of the same address, with the later sign-up's password (issue 13). Here a code belongs to
 * an account id, and an account id never gets another password before it is confirmed.
 */

export type CodeCheck = 'confirmed' | 'invalid' | 'too_many_tries';

/**
 * A new code for `userId`, replacing its earlier one; `replacedEarlier` marks the first code of a
 * sign-up that replaced another, and stays with the account's later codes. Throws (foreign key)
 * when the account no longer exists, e.g. because a newer sign-up of the address replaced it.
 */
export async function issueCode(
  database: Database,
  userId: string,
  { replacedEarlier = false }: { replacedEarlier?: boolean } = {},
): Promise<{ code: string; replacedEarlier: boolean }> {
  const code = String(randomInt(0, 10 ** OTP.digits)).padStart(OTP.digits, '0');
  const fresh = {
    codeHash: hashCode(code),
    wrongTries: 0,
    expiresAt: new Date(Date.now() + OTP.validSeconds * 1000),
    createdAt: new Date(),
  };
  const [row] = await database.db
    .insert(signupCodes)
    .values({ userId, replacedEarlier, ...fresh })
    .onConflictDoUpdate({ target: signupCodes.userId, set: fresh })
    .returning({ replacedEarlier: signupCodes.replacedEarlier });
  return { code, replacedEarlier: row?.replacedEarlier ?? replacedEarlier };
}

/**
 * Checks `code` against the account's code and, when it matches, confirms the account's e-mail in
 * the same transaction. The row locks make concurrent checks of one code take turns, so a code is
 * used once and every wrong try is counted.
 */
export async function confirmWithCode(
  database: Database,
  userId: string,
  code: string,
): Promise<CodeCheck> {
  return database.db.transaction(async (tx) => {
    // The account first, then its code: the order a replacing sign-up's delete locks them in
    // (the code goes by cascade), so the two wait for each other instead of deadlocking. An
    // account that was replaced or confirmed meanwhile is not found.
    const [account] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.emailVerified, false)))
      .for('no key update');
    if (!account) return 'invalid';
    const [stored] = await tx
      .select()
      .from(signupCodes)
      .where(eq(signupCodes.userId, userId))
      .for('update');
    if (!stored) return 'invalid';
    const used = () => tx.delete(signupCodes).where(eq(signupCodes.userId, userId));
    if (stored.expiresAt.getTime() <= Date.now()) {
      await used();
      return 'invalid';
    }
    if (stored.wrongTries >= OTP.maxWrongTries) {
      // Used up: the next check finds nothing, like better-auth's locked-out code did.
      await used();
      return 'too_many_tries';
    }
    if (!sameHash(stored.codeHash, hashCode(code))) {
      await tx
        .update(signupCodes)
        .set({ wrongTries: sql`${signupCodes.wrongTries} + 1` })
        .where(eq(signupCodes.userId, userId));
      return 'invalid';
    }
    await used();
    await tx
      .update(users)
      .set({ emailVerified: true, updatedAt: new Date() })
      .where(eq(users.id, userId));
    return 'confirmed';
  });
}

function hashCode(code: string): string {
  return createHash('sha256').update(code, 'utf8').digest('hex');
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}
