import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNCONFIRMED_SIGNUP } from '#shared/limits';
import { confirmedStudent, postJson, validRegistration } from '../../../../tests/support/accounts';
import { captureLogs, createTestApp } from '../../../../tests/support/test-app';
import { createTestDatabase } from '../../../../tests/support/test-database';
import type { Database } from '../../db/client';
import { pendingRegistrations, signupCodes, users } from '../../db/schema';
import { removeUnconfirmedSignups, startUnconfirmedSignupSweep } from './unconfirmed-signup-sweep';

/** Issue 13 item 4: sign-ups nobody confirmed are removed after 7 days. */
let database: Database;
let app: ReturnType<typeof createTestApp>['app'];

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = createTestApp(database));
});
afterAll(() => database.close());

const DAY_MS = 24 * 60 * 60 * 1000;

async function unconfirmedSignUp() {
  const form = validRegistration();
  expect((await postJson(app, '/api/registration', form)).status).toBe(201);
  const [user] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, form.email));
  return user!.id;
}

/** Moves an account's sign-up time `days` into the past. */
async function age(userId: string, days: number) {
  await database.db
    .update(users)
    .set({ createdAt: new Date(Date.now() - days * DAY_MS) })
    .where(eq(users.id, userId));
}

async function existing(ids: string[]) {
  const rows = await database.db.select({ id: users.id }).from(users).where(inArray(users.id, ids));
  return rows.map((row) => row.id).sort();
}

describe('unconfirmed sign-ups', () => {
  it(`are removed after ${UNCONFIRMED_SIGNUP.keptDays} days, with their answers and code`, async () => {
    const stale = await unconfirmedSignUp();
    const recent = await unconfirmedSignUp();
    const { userId: confirmed } = await confirmedStudent(app, database);
    await age(stale, UNCONFIRMED_SIGNUP.keptDays + 0.01);
    await age(recent, UNCONFIRMED_SIGNUP.keptDays - 0.01);
    await age(confirmed, 30);

    expect(await removeUnconfirmedSignups(database)).toBeGreaterThanOrEqual(1);
    expect(await existing([stale, recent, confirmed])).toEqual([recent, confirmed].sort());
    const leftovers = await database.db.execute(sql`
      select (select count(*) from ${pendingRegistrations} where user_id = ${stale})
           + (select count(*) from ${signupCodes} where user_id = ${stale}) as n
    `);
    expect(Number((leftovers as unknown as { rows: { n: unknown }[] }).rows[0]!.n)).toBe(0);
  });

  it('are swept at start, then on the timer until it is stopped', async () => {
    const atStart = await unconfirmedSignUp();
    await age(atStart, UNCONFIRMED_SIGNUP.keptDays + 1);
    const { logger, lines } = captureLogs();
    const hourly = startUnconfirmedSignupSweep({ database, logger });
    await hourly.stop(); // waits for the sweep it started with
    expect(await existing([atStart])).toEqual([]);
    expect(
      lines.some((line) => line.msg === 'removed unconfirmed sign-ups older than a week'),
    ).toBe(true);

    const often = startUnconfirmedSignupSweep({ database, logger, everyMs: 50 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const onTimer = await unconfirmedSignUp();
    await age(onTimer, UNCONFIRMED_SIGNUP.keptDays + 1);
    await expect.poll(() => existing([onTimer]), { timeout: 5_000 }).toEqual([]);
    await often.stop();

    const afterStop = await unconfirmedSignUp();
    await age(afterStop, UNCONFIRMED_SIGNUP.keptDays + 1);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await existing([afterStop])).toEqual([afterStop]);
  });
});
