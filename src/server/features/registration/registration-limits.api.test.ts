import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOGIN_MESSAGES, OTP_MESSAGES, RESEND_MESSAGES } from '#shared/contracts/auth';
import { REGISTRATION_MESSAGES } from '#shared/contracts/registration';
import { OTP } from '#shared/limits';
import {
  latestCode,
  postJson,
  uniqueEmail,
  validRegistration,
} from '../../../../tests/support/accounts';
import { createTestApp } from '../../../../tests/support/test-app';
import { createTestDatabase } from '../../../../tests/support/test-database';
import type { Database } from '../../db/client';
import { outboxMails, users } from '../../db/schema';

/** The OTP rules of decisions.md section 2 and the sign-up limits of spec section 5. */
let database: Database;
let app: ReturnType<typeof createTestApp>['app'];

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = createTestApp(database));
});
afterAll(() => database.close());
afterEach(() => vi.useRealTimers());

/** Moves the clock the server reads (Date) forward; timers keep running normally. */
function moveClock(seconds: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + seconds * 1000);
}

async function signUp() {
  const form = validRegistration();
  const response = await postJson(app, '/api/registration', form);
  expect(response.status).toBe(201);
  return form;
}

const confirm = (email: string, otp: string) =>
  postJson(app, '/api/registration/confirm', { email, otp });
const resend = (email: string) => postJson(app, '/api/registration/resend-code', { email });
const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

describe('confirmation codes', () => {
  it('expire after 10 minutes, with the same message as a wrong code', async () => {
    const form = await signUp();
    const code = await latestCode(database, form.email);
    moveClock(OTP.validSeconds + 1);
    const response = await confirm(form.email, code);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { message: OTP_MESSAGES.invalid } });
  });

  it('still work just before the 10 minutes are up', async () => {
    const form = await signUp();
    const code = await latestCode(database, form.email);
    moveClock(OTP.validSeconds - 5);
    expect((await confirm(form.email, code)).status).toBe(200);
  });

  it('allow 5 wrong tries; after that even the right code needs a new one', async () => {
    const form = await signUp();
    const code = await latestCode(database, form.email);
    for (let attempt = 1; attempt <= OTP.maxWrongTries; attempt += 1) {
      expect((await confirm(form.email, wrongCode(code))).status).toBe(400);
    }
    const locked = await confirm(form.email, code);
    expect(locked.status).toBe(429);
    expect(locked.headers.get('Retry-After')).toBeTruthy();
    expect(await locked.json()).toMatchObject({ error: { message: OTP_MESSAGES.tooManyTries } });
    expect((await confirm(form.email, code)).status).toBe(400);

    // A new code (a minute later) works.
    moveClock(OTP.resendAfterSeconds + 1);
    const resent = await resend(form.email);
    expect(resent.status).toBe(200);
    expect(await resent.json()).toEqual({ message: RESEND_MESSAGES.sent });
    const fresh = await latestCode(database, form.email);
    expect((await confirm(form.email, fresh)).status).toBe(200);
  });

  it('a resent code replaces the old one', async () => {
    const form = await signUp();
    const first = await latestCode(database, form.email);
    moveClock(OTP.resendAfterSeconds + 1);
    await resend(form.email);
    const second = await latestCode(database, form.email);
    if (first !== second) expect((await confirm(form.email, first)).status).toBe(400);
    expect((await confirm(form.email, second)).status).toBe(200);
  });

  it('resend: once a minute, with Retry-After and the remaining wait', async () => {
    const form = await signUp();
    const tooSoon = await resend(form.email);
    expect(tooSoon.status).toBe(429);
    const seconds = Number(tooSoon.headers.get('Retry-After'));
    expect(seconds).toBeGreaterThan(50);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(await tooSoon.json()).toMatchObject({
      error: { message: RESEND_MESSAGES.wait, retryAfterSeconds: seconds },
    });
    moveClock(61);
    expect((await resend(form.email)).status).toBe(200);
    expect((await resend(form.email)).status).toBe(429);
    const mails = await database.db
      .select()
      .from(outboxMails)
      .where(eq(outboxMails.to, form.email));
    expect(mails).toHaveLength(2);
  });

  it('resend to an unknown address answers the same and sends nothing', async () => {
    const email = uniqueEmail('ghost');
    const response = await resend(email);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: RESEND_MESSAGES.sent });
    expect(await database.db.select().from(outboxMails).where(eq(outboxMails.to, email))).toEqual(
      [],
    );
  });

  it('a code for an unknown address gets the wrong-code message', async () => {
    const response = await confirm(uniqueEmail('ghost'), '123456');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { message: OTP_MESSAGES.invalid } });
  });

  it('answers "Registration data not found" when the kept answers are gone', async () => {
    const form = await signUp();
    const code = await latestCode(database, form.email);
    await database.db.execute(
      `delete from pending_registrations where user_id = (select id from users where email = '${form.email}')`,
    );
    const response = await confirm(form.email, code);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({
      error: { message: OTP_MESSAGES.registrationMissing },
    });
  });
});

describe('sign-up limits', () => {
  it('5 attempts per e-mail in 5 minutes, then 429 with the spec message', async () => {
    const email = uniqueEmail();
    // Invalid attempts count too: the limit is about attempts, as in the spec.
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await postJson(
        app,
        '/api/registration',
        validRegistration({ email, phone: 'bad' }),
      );
      expect(response.status).toBe(400);
    }
    const blocked = await postJson(app, '/api/registration', validRegistration({ email }));
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(250);
    expect(await blocked.json()).toMatchObject({
      error: { message: REGISTRATION_MESSAGES.rateLimited },
    });
    expect(await database.db.select().from(users).where(eq(users.email, email))).toEqual([]);

    moveClock(301);
    expect((await postJson(app, '/api/registration', validRegistration({ email }))).status).toBe(
      201,
    );
  });

  it('at most 20 sign-ups an hour from one address, whatever the e-mails', async () => {
    const address = '198.51.100.20';
    for (let attempt = 1; attempt <= 20; attempt += 1) {
      const response = await postJson(
        app,
        '/api/registration',
        validRegistration({ phone: 'bad' }),
        undefined,
        address,
      );
      expect(response.status).toBe(400);
    }
    const blocked = await postJson(
      app,
      '/api/registration',
      validRegistration(),
      undefined,
      address,
    );
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toMatchObject({
      error: { message: LOGIN_MESSAGES.tooManyRequests },
    });
    // Another address is not affected.
    expect((await postJson(app, '/api/registration', validRegistration())).status).toBe(201);
  });
});
