import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTP_MESSAGES } from '#shared/contracts/auth';
import { REGISTRATION_MESSAGES } from '#shared/contracts/registration';
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

  it('refuses an e-mail whose account is confirmed, with the spec message', async () => {
    const { form } = await confirmedStudent(app, database);
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

  it('lets a new sign-up replace an account nobody confirmed (no squatting an address)', async () => {
    const squatter = validRegistration({ password: 'Squatter123', examType: 'Notary Public' });
    expect((await postJson(app, '/api/registration', squatter)).status).toBe(201);
    const owner = { ...squatter, password: 'RealOwner456', examType: 'Bar Exam' };
    expect((await postJson(app, '/api/registration', owner)).status).toBe(201);

    const code = await latestCode(database, owner.email);
    const confirmed = await postJson(app, '/api/registration/confirm', {
      email: owner.email,
      otp: code,
    });
    expect(confirmed.status).toBe(200);
    const login = (password: string) =>
      postJson(app, '/api/auth/login', { email: owner.email, password });
    expect((await login('Squatter123')).status).toBe(401);
    expect((await login('RealOwner456')).status).toBe(200);
    const user = await userRow(owner.email);
    const registrations = await database.db
      .select()
      .from(examRegistrations)
      .where(eq(examRegistrations.userId, user!.id));
    expect(registrations.map((row) => row.examType)).toEqual(['Bar Exam']);
  });

  it('two identical sign-ups at once: one account, the other gets the spec message', async () => {
    const form = validRegistration();
    const answers = await Promise.all([
      postJson(app, '/api/registration', form),
      postJson(app, '/api/registration', form),
    ]);
    const statuses = answers.map((response) => response.status).sort();
    expect(statuses[0]).toBe(201);
    expect([201, 409]).toContain(statuses[1]);
    const rows = await database.db.select().from(users).where(eq(users.email, form.email));
    expect(rows).toHaveLength(1);
    const pending = await database.db
      .select()
      .from(pendingRegistrations)
      .where(eq(pendingRegistrations.userId, rows[0]!.id));
    expect(pending).toHaveLength(1);
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

    // The code is single use; a confirmed address answers like a wrong code.
    const reuse = await postJson(app, '/api/registration/confirm', {
      email: form.email,
      otp: code,
    });
    expect(reuse.status).toBe(400);
    expect(await reuse.json()).toMatchObject({ error: { message: OTP_MESSAGES.invalid } });
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
