import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_MESSAGES, OTP_MESSAGES } from '#shared/contracts/auth';
import {
  fromAddress,
  latestCode,
  postJson,
  uniqueEmail,
  validRegistration,
} from '../../../../tests/support/accounts';
import { createTestApp, TEST_ORIGIN } from '../../../../tests/support/test-app';
import { createTestDatabase } from '../../../../tests/support/test-database';
import type { Database } from '../../db/client';
import { examRegistrations, outboxMails, users } from '../../db/schema';

/** What happens when things go wrong around sign-up and confirmation. */
let database: Database;
let app: ReturnType<typeof createTestApp>['app'];

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = createTestApp(database));
});
afterAll(() => database.close());

describe('confirmation', () => {
  it('caps code checks per address: 30 in 10 minutes, then 429', async () => {
    const address = '198.51.100.40';
    for (let attempt = 1; attempt <= 30; attempt += 1) {
      const response = await postJson(
        app,
        '/api/registration/confirm',
        { email: uniqueEmail('guess'), otp: '123456' },
        undefined,
        address,
      );
      expect(response.status).toBe(400);
    }
    const blocked = await postJson(
      app,
      '/api/registration/confirm',
      { email: uniqueEmail('guess'), otp: '123456' },
      undefined,
      address,
    );
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toMatchObject({
      error: { message: LOGIN_MESSAGES.tooManyRequests },
    });
  });

  it('a registration that cannot be saved says so, and the next sign-in finishes it', async () => {
    const form = validRegistration();
    await postJson(app, '/api/registration', form);
    const code = await latestCode(database, form.email);
    await database.db.execute(sql`
      create function refuse_registrations() returns trigger language plpgsql as
        $$ begin raise exception 'disk full'; end $$
    `);
    await database.db.execute(sql`
      create trigger refuse_registrations before insert on exam_registrations
        for each row execute function refuse_registrations()
    `);
    const confirmed = await postJson(app, '/api/registration/confirm', {
      email: form.email,
      otp: code,
    });
    expect(confirmed.status).toBe(503);
    expect(await confirmed.json()).toMatchObject({ error: { message: OTP_MESSAGES.saveFailed } });

    await database.db.execute(sql`drop trigger refuse_registrations on exam_registrations`);
    await database.db.execute(sql`drop function refuse_registrations`);
    const login = await postJson(app, '/api/auth/login', {
      email: form.email,
      password: form.password,
    });
    expect(login.status).toBe(200);
    const [user] = await database.db.select().from(users).where(eq(users.email, form.email));
    const rows = await database.db
      .select()
      .from(examRegistrations)
      .where(eq(examRegistrations.userId, user!.id));
    expect(rows).toHaveLength(1);
  });
});

describe('mail failures', () => {
  it('a sign-up still succeeds when the mail server is down, and says the mail was not sent', async () => {
    const { app: smtpApp, logs } = createTestApp(database, {}, { smtpUrl: 'smtp://127.0.0.1:1' });
    const form = validRegistration();
    const response = await postJson(smtpApp, '/api/registration', form);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ email: form.email, mailSent: false });
    // The logs say what failed, never to whom.
    expect(logs.raw.join('\n')).toContain('could not send the confirmation code');
    expect(logs.raw.join('\n')).not.toContain(form.email);
    expect(
      await database.db.select().from(outboxMails).where(eq(outboxMails.to, form.email)),
    ).toEqual([]);
  });
});

describe('client addresses', () => {
  it('behind a trusted proxy, the per-address cap counts the address the proxy added', async () => {
    const { app: proxied } = createTestApp(database, { trustProxy: true });
    const signUp = (forwardedFor: string) =>
      proxied.request(
        '/api/registration',
        {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Origin: TEST_ORIGIN,
            'X-Forwarded-For': forwardedFor,
          },
          body: JSON.stringify(validRegistration({ phone: 'bad' })),
        },
        fromAddress('10.0.0.1'),
      );
    // The client makes up a new first entry each time; the proxy's entry stays the same.
    for (let attempt = 1; attempt <= 20; attempt += 1) {
      expect((await signUp(`203.0.113.${attempt}, 198.51.100.77`)).status).toBe(400);
    }
    expect((await signUp('203.0.113.99, 198.51.100.77')).status).toBe(429);
    expect((await signUp('198.51.100.78')).status).toBe(400);
  });

  it('caps sign-in attempts per address: 100 in 5 minutes, whatever the e-mails', async () => {
    const address = '198.51.100.50';
    for (let attempt = 1; attempt <= 100; attempt += 1) {
      const response = await postJson(
        app,
        '/api/auth/login',
        { email: uniqueEmail('spray'), password: 'Guess12345' },
        undefined,
        address,
      );
      expect(response.status).toBe(401);
    }
    const blocked = await postJson(
      app,
      '/api/auth/login',
      { email: uniqueEmail('spray'), password: 'Guess12345' },
      undefined,
      address,
    );
    expect(blocked.status).toBe(429);
  });
});
