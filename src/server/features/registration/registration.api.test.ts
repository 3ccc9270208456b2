import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTP_MESSAGES } from '#shared/contracts/auth';
import { REGISTRATION_MESSAGES } from '#shared/contracts/registration';
import {
  cookieFrom,
  latestCode,
  postJson,
  validRegistration,
} from '../../../../tests/support/accounts';
import { createTestApp } from '../../../../tests/support/test-app';
import { createTestDatabase } from '../../../../tests/support/test-database';
import type { Database } from '../../db/client';
import {
  accounts,
  examRegistrations,
  outboxMails,
  pendingRegistrations,
  users,
} from '../../db/schema';

let database: Database;
let app: ReturnType<typeof createTestApp>['app'];

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = createTestApp(database));
});
afterAll(() => database.close());

async function userRow(email: string) {
  const [user] = await database.db.select().from(users).where(eq(users.email, email));
  return user;
}

describe('POST /api/registration', () => {
  it('creates an unconfirmed account, keeps the answers without the password and mails a code', async () => {
    const form = validRegistration();
    const response = await postJson(app, '/api/registration', form);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ email: form.email, mailSent: true });

    const user = await userRow(form.email);
    expect(user).toMatchObject({ name: 'Ada Lovelace', emailVerified: false, role: 'user' });
    const [account] = await database.db
      .select()
      .from(accounts)
      .where(eq(accounts.userId, user!.id));
    expect(account?.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    const [pending] = await database.db
      .select()
      .from(pendingRegistrations)
      .where(eq(pendingRegistrations.userId, user!.id));
    expect(pending).toMatchObject({
      examCategory: 'legal',
      examType: 'Bar Exam',
      state: 'New York',
      examDate: form.examDate,
    });
    expect(pending?.studentInfo).not.toHaveProperty('password');
    expect(JSON.stringify(pending)).not.toContain(form.password);

    const code = await latestCode(database, form.email);
    expect(code).toMatch(/^\d{6}$/);
    // No session before the e-mail is confirmed.
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('refuses an e-mail that is already registered, with the spec message', async () => {
    const form = validRegistration();
    expect((await postJson(app, '/api/registration', form)).status).toBe(201);
    const again = await postJson(app, '/api/registration', { ...form, firstName: 'Other' });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      error: {
        message: REGISTRATION_MESSAGES.emailTaken,
        fields: { email: REGISTRATION_MESSAGES.emailTaken },
      },
    });
    const upper = await postJson(app, '/api/registration', {
      ...form,
      email: form.email.toUpperCase(),
    });
    expect(upper.status).toBe(409);
  });
});

describe('POST /api/registration/confirm', () => {
  it('signs the student in and turns the answers into a pending exam registration', async () => {
    const form = validRegistration();
    await postJson(app, '/api/registration', form);
    const code = await latestCode(database, form.email);
    const response = await postJson(app, '/api/registration/confirm', {
      email: form.email,
      otp: code,
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      user: { email: form.email, name: 'Ada Lovelace', role: 'user' },
      redirectTo: '/payment-verification',
    });
    const cookie = cookieFrom(response);
    expect(response.headers.getSetCookie()[0]).toMatch(/HttpOnly/i);
    expect(response.headers.getSetCookie()[0]).toMatch(/SameSite=Lax/i);

    const user = await userRow(form.email);
    expect(user?.emailVerified).toBe(true);
    const registrations = await database.db
      .select()
      .from(examRegistrations)
      .where(eq(examRegistrations.userId, user!.id));
    expect(registrations).toHaveLength(1);
    expect(registrations[0]).toMatchObject({
      paymentStatus: 'pending',
      paymentId: null,
      examType: 'Bar Exam',
    });
    expect(
      await database.db
        .select()
        .from(pendingRegistrations)
        .where(eq(pendingRegistrations.userId, user!.id)),
    ).toEqual([]);

    const session = await app.request('/api/auth/session', { headers: { Cookie: cookie } });
    expect(await session.json()).toMatchObject({
      user: { email: form.email },
      hasCompletedPayment: false,
      redirectTo: '/payment-verification',
    });

    // The code is single use.
    const reuse = await postJson(app, '/api/registration/confirm', {
      email: form.email,
      otp: code,
    });
    expect(reuse.status).toBe(409);
  });

  it('gives the same message for a wrong code', async () => {
    const form = validRegistration();
    await postJson(app, '/api/registration', form);
    const code = await latestCode(database, form.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const response = await postJson(app, '/api/registration/confirm', {
      email: form.email,
      otp: wrong,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { message: OTP_MESSAGES.invalid } });
  });
});

describe('POST /api/registration/resend-code', () => {
  it('refuses a second code within a minute of the first', async () => {
    const form = validRegistration();
    await postJson(app, '/api/registration', form);
    const response = await postJson(app, '/api/registration/resend-code', { email: form.email });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('Retry-After'))).toBeGreaterThan(0);
    const mails = await database.db
      .select()
      .from(outboxMails)
      .where(eq(outboxMails.to, form.email));
    expect(mails).toHaveLength(1);
  });
});
