import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RESEND_MESSAGES } from '#shared/contracts/auth';
import { OTP, RATE_LIMITS } from '#shared/limits';
import {
  latestCode,
  postJson,
  uniqueEmail,
  validRegistration,
} from '../../../../tests/support/accounts';
import { createTestApp } from '../../../../tests/support/test-app';
import { createTestDatabase } from '../../../../tests/support/test-database';
import type { Database } from '../../db/client';
import { listOutbox } from '../../integrations/mail';

/** Issue 13 item 4: code mails are capped per address and per client an hour. */
let database: Database;
let app: ReturnType<typeof createTestApp>['app'];

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = createTestApp(database));
});
afterAll(() => database.close());
afterEach(() => vi.useRealTimers());

let offsetSeconds = 0;
/** Moves the clock the server reads (Date) forward, cumulatively within a test. */
function moveClock(seconds: number) {
  offsetSeconds += seconds;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + seconds * 1000);
}
afterEach(() => {
  offsetSeconds = 0;
});

const perHour = RATE_LIMITS.codeMailsPerEmail.attempts;
const resend = (email: string, address?: string) =>
  postJson(app, '/api/registration/resend-code', { email }, undefined, address);
const mailCount = async (email: string) => (await listOutbox(database, { to: email })).length;

describe('code mails per address', () => {
  it(`at most ${perHour} an hour, sign-up included; then 429 with Retry-After`, async () => {
    const form = validRegistration();
    expect((await postJson(app, '/api/registration', form)).status).toBe(201);
    for (let mail = 2; mail <= perHour; mail += 1) {
      moveClock(OTP.resendAfterSeconds + 1);
      expect((await resend(form.email)).status).toBe(200);
    }
    expect(await mailCount(form.email)).toBe(perHour);

    moveClock(OTP.resendAfterSeconds + 1);
    const capped = await resend(form.email);
    expect(capped.status).toBe(429);
    expect(await capped.json()).toMatchObject({
      error: { code: 'rate_limited', message: RESEND_MESSAGES.tooManyForEmail },
    });
    const retryAfter = Number(capped.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(3600 - offsetSeconds - 5);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await mailCount(form.email)).toBe(perHour);

    // The last code mailed still confirms; an hour on, codes can be mailed again.
    moveClock(retryAfter);
    expect((await resend(form.email)).status).toBe(200);
    expect(await mailCount(form.email)).toBe(perHour + 1);
  });

  it('answers an unknown address the same way, so the cap reveals no account', async () => {
    const email = uniqueEmail('nobody');
    for (let request = 1; request <= perHour; request += 1) {
      expect((await resend(email)).status).toBe(200);
      moveClock(OTP.resendAfterSeconds + 1);
    }
    const capped = await resend(email);
    expect(capped.status).toBe(429);
    expect(await capped.json()).toMatchObject({
      error: { message: RESEND_MESSAGES.tooManyForEmail },
    });
    expect(await mailCount(email)).toBe(0);
  });

  it('a sign-up over the cap is refused and leaves the earlier sign-up as it was', async () => {
    const form = validRegistration();
    await postJson(app, '/api/registration', form);
    for (let mail = 2; mail <= perHour; mail += 1) {
      moveClock(OTP.resendAfterSeconds + 1);
      await resend(form.email);
    }
    const code = await latestCode(database, form.email);
    const refused = await postJson(app, '/api/registration', { ...form, password: 'Another#2024' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toBeTruthy();
    expect(await refused.json()).toMatchObject({
      error: { message: RESEND_MESSAGES.tooManyForEmail },
    });
    const confirmed = await postJson(app, '/api/registration/confirm', {
      email: form.email,
      otp: code,
    });
    expect(confirmed.status).toBe(200);
  });
});

describe('a sign-in before confirming', () => {
  it('mails no code over the cap; the last one mailed still confirms', async () => {
    const form = validRegistration();
    await postJson(app, '/api/registration', form);
    for (let mail = 2; mail <= perHour; mail += 1) {
      moveClock(OTP.resendAfterSeconds + 1);
      await resend(form.email);
    }
    const code = await latestCode(database, form.email);
    moveClock(OTP.resendAfterSeconds + 1);
    const signIn = await postJson(app, '/api/auth/login', {
      email: form.email,
      password: form.password,
    });
    expect(signIn.status).toBe(403);
    expect(await signIn.json()).toMatchObject({ error: { code: 'email_not_confirmed' } });
    expect(await mailCount(form.email)).toBe(perHour);
    const confirmed = await postJson(app, '/api/registration/confirm', {
      email: form.email,
      otp: code,
    });
    expect(confirmed.status).toBe(200);
  });
});

describe('Resend OTP per client address', () => {
  it(`at most ${RATE_LIMITS.resendPerIp.attempts} an hour, whatever the addresses`, async () => {
    const address = '198.51.100.77';
    for (let request = 1; request <= RATE_LIMITS.resendPerIp.attempts; request += 1) {
      expect((await resend(uniqueEmail('spray'), address)).status).toBe(200);
    }
    const capped = await resend(uniqueEmail('spray'), address);
    expect(capped.status).toBe(429);
    expect(Number(capped.headers.get('Retry-After'))).toBeGreaterThan(3500);
    expect(await capped.json()).toMatchObject({
      error: { message: RESEND_MESSAGES.tooManyFromAddress },
    });
    // Another client is not affected.
    expect((await resend(uniqueEmail('spray'))).status).toBe(200);
  });
});
