import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOGIN_MESSAGES, OTP_MESSAGES } from '#shared/contracts/auth';
import { OTP } from '#shared/limits';
import { latestCode, postJson, validRegistration } from '../../../../tests/support/accounts';
import { createTestApp } from '../../../../tests/support/test-app';
import { createTestDatabase } from '../../../../tests/support/test-database';
import type { Database } from '../../db/client';
import { listOutbox } from '../../integrations/mail';
import { REPLACED_SIGNUP_WARNING } from '../../integrations/mail/templates/otp-mail';

/**
 * Issue 13 item 1: a second sign-up of an address nobody confirmed yet must never let the first
 * sign-up's code confirm the second sign-up's password (pre-account takeover).
 */
let database: Database;
let app: ReturnType<typeof createTestApp>['app'];

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = createTestApp(database));
});
afterAll(() => database.close());
afterEach(() => vi.useRealTimers());

function moveClock(seconds: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + seconds * 1000);
}

const OWNER_PASSWORD = 'OwnersOwn#2024';
const ATTACKER_PASSWORD = 'Attackers#2024';

/** The first name tells whose sign-up an account came from. */
const signUp = (email: string, password: string) =>
  postJson(
    app,
    '/api/registration',
    validRegistration({
      email,
      password,
      firstName: password === OWNER_PASSWORD ? 'Owner' : 'Attacker',
    }),
  );
const confirm = (email: string, otp: string) =>
  postJson(app, '/api/registration/confirm', { email, otp });
const signIn = (email: string, password: string) =>
  postJson(app, '/api/auth/login', { email, password });
const mailCount = async (email: string) => (await listOutbox(database, { to: email })).length;

describe('a sign-up that replaces an unconfirmed one', () => {
  it('within 60 s: the first code no longer confirms anything; a new code is mailed', async () => {
    const { email } = validRegistration();
    expect((await signUp(email, OWNER_PASSWORD)).status).toBe(201);
    const ownersCode = await latestCode(database, email);

    const replaced = await signUp(email, ATTACKER_PASSWORD);
    expect(replaced.status).toBe(201);
    // The answer tells the truth: a mail with a new code went out.
    expect(await replaced.json()).toMatchObject({ mailSent: true });
    expect(await mailCount(email)).toBe(2);
    const attackersCode = await latestCode(database, email);
    expect(attackersCode).not.toBe(ownersCode);

    const withOldCode = await confirm(email, ownersCode);
    expect(withOldCode.status).toBe(400);
    expect(await withOldCode.json()).toMatchObject({ error: { message: OTP_MESSAGES.invalid } });
    // The account the attacker made was not confirmed: their password opens nothing.
    const attackerSignIn = await signIn(email, ATTACKER_PASSWORD);
    expect(attackerSignIn.status).not.toBe(200);
  });

  it("warns the owner in the replacing sign-up's mails, the resent ones included", async () => {
    const { email } = validRegistration();
    await signUp(email, OWNER_PASSWORD);
    await signUp(email, ATTACKER_PASSWORD);
    moveClock(OTP.resendAfterSeconds + 1);
    expect((await postJson(app, '/api/registration/resend-code', { email })).status).toBe(200);
    const [resent, replacing, first] = await listOutbox(database, { to: email });
    expect(first!.text).not.toContain(REPLACED_SIGNUP_WARNING);
    expect(replacing!.text).toContain(REPLACED_SIGNUP_WARNING);
    expect(resent!.text).toContain(REPLACED_SIGNUP_WARNING);
  });

  it('after 60 s: the same, the first code is dead', async () => {
    const { email } = validRegistration();
    await signUp(email, OWNER_PASSWORD);
    const ownersCode = await latestCode(database, email);
    moveClock(OTP.resendAfterSeconds + 1);
    expect((await signUp(email, ATTACKER_PASSWORD)).status).toBe(201);
    expect((await confirm(email, ownersCode)).status).toBe(400);
  });

  it('each code confirms only the password of the sign-up it was mailed for', async () => {
    const { email } = validRegistration();
    await signUp(email, ATTACKER_PASSWORD);
    await signUp(email, OWNER_PASSWORD);
    const ownersCode = await latestCode(database, email);
    expect((await confirm(email, ownersCode)).status).toBe(200);
    expect((await signIn(email, OWNER_PASSWORD)).status).toBe(200);
    const attacker = await signIn(email, ATTACKER_PASSWORD);
    expect(attacker.status).toBe(401);
    expect(await attacker.json()).toMatchObject({
      error: { message: LOGIN_MESSAGES.invalidCredentials },
    });
  });
});

describe('racing requests for one address', () => {
  it('a confirmation racing a replacement never confirms the replacing password', async () => {
    for (let round = 0; round < 4; round += 1) {
      const { email } = validRegistration();
      await signUp(email, OWNER_PASSWORD);
      const ownersCode = await latestCode(database, email);
      const [confirmed, replaced] = await Promise.all([
        confirm(email, ownersCode),
        signUp(email, ATTACKER_PASSWORD),
      ]);
      expect([200, 400]).toContain(confirmed.status);
      expect([201, 409]).toContain(replaced.status);
      expect((await signIn(email, ATTACKER_PASSWORD)).status).not.toBe(200);
      if (confirmed.status === 200) {
        expect(replaced.status).toBe(409);
        expect((await signIn(email, OWNER_PASSWORD)).status).toBe(200);
      }
    }
  });

  it('two sign-ups at once: one account, one live code, and mailSent says what was mailed', async () => {
    for (let round = 0; round < 4; round += 1) {
      const { email } = validRegistration();
      const answers = await Promise.all([
        signUp(email, OWNER_PASSWORD),
        signUp(email, ATTACKER_PASSWORD),
      ]);
      const bodies = (await Promise.all(answers.map((answer) => answer.json()))) as {
        mailSent?: boolean;
      }[];
      for (const answer of answers) expect([201, 409]).toContain(answer.status);
      const said = bodies.filter((body) => body.mailSent === true).length;
      const mails = await listOutbox(database, { to: email });
      expect(mails).toHaveLength(said);

      // Of every code mailed, only the newest confirms, and only its own sign-up's password opens
      // the account afterwards (the names tell the two sign-ups apart).
      const codes = mails.map((mail) => mail.text.match(/\b(\d{6})\b/)?.[1] ?? '');
      const results = [];
      for (const code of codes.reverse()) results.push(await confirm(email, code));
      const confirmed = results.filter((result) => result.status === 200);
      expect(confirmed).toHaveLength(1);
      const { user } = (await confirmed[0]!.json()) as { user: { name: string } };
      const password = user.name.startsWith('Owner') ? OWNER_PASSWORD : ATTACKER_PASSWORD;
      const other = password === OWNER_PASSWORD ? ATTACKER_PASSWORD : OWNER_PASSWORD;
      expect((await signIn(email, password)).status).toBe(200);
      expect((await signIn(email, other)).status).toBe(401);
    }
  });
});
