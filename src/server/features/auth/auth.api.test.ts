import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_NOT_CONFIRMED_CODE, LOGIN_MESSAGES } from '#shared/contracts/auth';
import {
  confirmedStudent,
  cookieFrom,
  latestCode,
  postJson,
  validRegistration,
} from '../../../../tests/support/accounts';
import { createTestApp } from '../../../../tests/support/test-app';
import { createTestDatabase } from '../../../../tests/support/test-database';
import type { Database } from '../../db/client';
import { examRegistrations, outboxMails, sessions, subscriptions, users } from '../../db/schema';
import { CROSS_SITE_MESSAGE } from '../../lib/same-origin';

let database: Database;
let app: ReturnType<typeof createTestApp>['app'];

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = createTestApp(database));
});
afterAll(() => database.close());

const login = (email: string, password: string) =>
  postJson(app, '/api/auth/login', { email, password });

describe('POST /api/auth/login', () => {
  it('signs a confirmed student in and sends an unpaid one to the payment step', async () => {
    const { form } = await confirmedStudent(app, database);
    const response = await login(form.email, form.password);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      user: { email: form.email },
      redirectTo: '/payment-verification',
    });
    const cookie = response.headers.getSetCookie().join('\n');
    expect(cookie).toMatch(/starprep\.session_token=/);
    expect(cookie).toMatch(/HttpOnly/i);
  });

  it('sends a student with a completed payment to the dashboard', async () => {
    const { form } = await confirmedStudent(app, database);
    const [user] = await database.db.select().from(users).where(eq(users.email, form.email));
    const [registration] = await database.db
      .update(examRegistrations)
      .set({ paymentStatus: 'completed', paymentId: `cs_test_${user!.id}` })
      .where(eq(examRegistrations.userId, user!.id))
      .returning();
    await database.db.insert(subscriptions).values({
      userId: user!.id,
      examRegistrationId: registration!.id,
      status: 'active',
      currentPeriodEnd: new Date(Date.now() + 365 * 86_400_000),
      amount: 15_000,
    });
    const response = await login(form.email, form.password);
    expect(await response.json()).toMatchObject({ redirectTo: '/dashboard' });
  });

  it('answers a wrong password and an unknown e-mail alike', async () => {
    const { form } = await confirmedStudent(app, database);
    const wrong = await login(form.email, 'Wrong-password1');
    const unknown = await login('nobody@example.com', form.password);
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({
        error: { message: LOGIN_MESSAGES.invalidCredentials },
      });
    }
  });

  it('strips angle brackets and trims, as the spec says', async () => {
    const { form } = await confirmedStudent(app, database);
    const response = await login(`  <${form.email.toUpperCase()}>  `, ` ${form.password} `);
    expect(response.status).toBe(200);
  });

  it('mails a new code to an unconfirmed student and says so', async () => {
    const form = validRegistration();
    await postJson(app, '/api/registration', form);
    // Past the resend minute, so sign-in sends a fresh code.
    await database.db.execute(`delete from rate_limits where key like '%otp%'`);
    const response = await login(form.email, form.password);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({
      error: { code: EMAIL_NOT_CONFIRMED_CODE, message: LOGIN_MESSAGES.unconfirmed },
    });
    expect(response.headers.getSetCookie()).toEqual([]);
    const mails = await database.db
      .select()
      .from(outboxMails)
      .where(eq(outboxMails.to, form.email));
    expect(mails.length).toBe(2);
    // The new code works.
    const code = await latestCode(database, form.email);
    const confirmed = await postJson(app, '/api/registration/confirm', {
      email: form.email,
      otp: code,
    });
    expect(confirmed.status).toBe(200);
  });

  it('does not reveal an unconfirmed account to a wrong password', async () => {
    const form = validRegistration();
    await postJson(app, '/api/registration', form);
    const response = await login(form.email, 'Wrong-password1');
    expect(response.status).toBe(401);
  });

  it('allows 5 attempts per e-mail in 5 minutes, then 429 with Retry-After', async () => {
    const { form } = await confirmedStudent(app, database);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await login(form.email, 'Wrong-password1')).status).toBe(401);
    }
    const blocked = await login(form.email, form.password);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(200);
    expect(Number(blocked.headers.get('Retry-After'))).toBeLessThanOrEqual(300);
    expect(await blocked.json()).toMatchObject({
      error: { code: 'rate_limited', message: LOGIN_MESSAGES.rateLimited },
    });
    // Another student is not affected.
    const other = await confirmedStudent(app, database);
    expect((await login(other.form.email, other.form.password)).status).toBe(200);
  });

  it('resets the count after a successful sign-in', async () => {
    const { form } = await confirmedStudent(app, database);
    for (let round = 0; round < 3; round += 1) {
      for (let attempt = 0; attempt < 4; attempt += 1) await login(form.email, 'Wrong-password1');
      expect((await login(form.email, form.password)).status).toBe(200);
    }
  });

  it('refuses a sign-in posted from another site', async () => {
    const { form } = await confirmedStudent(app, database);
    const crossSite: Record<string, string>[] = [
      { Origin: 'https://evil.example' },
      { 'Sec-Fetch-Site': 'cross-site' },
    ];
    for (const headers of crossSite) {
      const response = await app.request('/api/auth/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify({ email: form.email, password: form.password }),
      });
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ error: { message: CROSS_SITE_MESSAGE } });
    }
  });
});

describe('sessions', () => {
  it('GET /api/auth/session answers null without a cookie', async () => {
    const response = await app.request('/api/auth/session');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ user: null });
    expect(response.headers.get('Cache-Control')).toBe('no-store');
  });

  it('Sign Out ends the session on the server, not just in the browser', async () => {
    const { cookie } = await confirmedStudent(app, database);
    const before = await app.request('/api/auth/session', { headers: { Cookie: cookie } });
    expect(await before.json()).toMatchObject({ user: { role: 'user' } });

    const out = await postJson(app, '/api/auth/logout', {}, cookie);
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie().join('\n')).toMatch(/session_token=;/);

    // The old cookie, replayed, no longer works.
    const after = await app.request('/api/auth/session', { headers: { Cookie: cookie } });
    expect(await after.json()).toEqual({ user: null });
  });

  it('renews a session that is in use', async () => {
    const { cookie } = await confirmedStudent(app, database);
    const token = decodeURIComponent(cookie.split('session_token=')[1]!.split(';')[0]!).split(
      '.',
    )[0]!;
    const soon = new Date(Date.now() + 60 * 60 * 1000);
    await database.db.update(sessions).set({ expiresAt: soon }).where(eq(sessions.token, token));
    const response = await app.request('/api/auth/session', { headers: { Cookie: cookie } });
    expect(await response.json()).toMatchObject({ user: { role: 'user' } });
    const [session] = await database.db.select().from(sessions).where(eq(sessions.token, token));
    expect(session!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 60 * 60 * 1000);
    expect(cookieFrom(response)).toContain('session_token=');
  });

  it('the latest registration is only the signed-in student’s own', async () => {
    const response = await app.request('/api/registration/latest');
    expect(response.status).toBe(401);
    const { cookie, form } = await confirmedStudent(app, database);
    const own = await app.request('/api/registration/latest', { headers: { Cookie: cookie } });
    expect(await own.json()).toMatchObject({
      registration: { examType: form.examType, paymentStatus: 'pending' },
    });
  });
});
