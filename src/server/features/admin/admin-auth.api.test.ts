import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_LOGIN_MESSAGES } from '#shared/contracts/admin';
import { confirmedStudent, cookieFrom, postJson } from '../../../../tests/support/accounts';
import { createTestApp } from '../../../../tests/support/test-app';
import { createTestDatabase } from '../../../../tests/support/test-database';
import type { Database } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { ADMIN_REQUIRED_MESSAGE, SIGN_IN_REQUIRED_MESSAGE } from '../../lib/auth-guards';
import {
  DEVELOPMENT_ADMIN_EMAIL,
  ensureAdmin,
  ensureFirstStartAdmin,
} from './admin-accounts.service';

/** Admin accounts, /api/admin/login and the role check on every admin route. */
let database: Database;
let app: ReturnType<typeof createTestApp>['app'];
let services: ReturnType<typeof createTestApp>['services'];

const ADMIN = { email: 'head.admin@example.com', password: 'Correct-Horse-42' };
const ADMIN_GETS = [
  '/api/admin/session',
  '/api/admin/stats/cards',
  '/api/admin/stats/revenue',
  '/api/admin/stats/results',
  '/api/admin/stats/exam-types',
  '/api/admin/registrations',
  '/api/admin/registrations.csv',
];

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app, services } = createTestApp(database));
  await ensureAdmin({ auth: services.auth, database }, ADMIN);
});
afterAll(() => database.close());

const login = (credentials: { email: string; password: string }) =>
  postJson(app, '/api/admin/login', credentials);

const get = (path: string, cookie?: string) =>
  app.request(path, { headers: cookie ? { Cookie: cookie } : {} });

async function adminCookie() {
  const response = await login(ADMIN);
  expect(response.status).toBe(200);
  return cookieFrom(response);
}

describe('the role check on every admin route', () => {
  it('answers 401 to an anonymous caller', async () => {
    for (const path of ADMIN_GETS) {
      const response = await get(path);
      expect(response.status, path).toBe(401);
      expect(await response.json()).toMatchObject({ error: { message: SIGN_IN_REQUIRED_MESSAGE } });
    }
  });

  it('answers 403 to a signed-in student', async () => {
    const { cookie } = await confirmedStudent(app, database);
    for (const path of ADMIN_GETS) {
      const response = await get(path, cookie);
      expect(response.status, path).toBe(403);
      expect(await response.json()).toMatchObject({ error: { message: ADMIN_REQUIRED_MESSAGE } });
    }
  });

  it('lets an admin through, and never lets a cache keep the answers', async () => {
    const cookie = await adminCookie();
    for (const path of ADMIN_GETS) {
      const response = await get(path, cookie);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe('no-store');
    }
  });
});

describe('POST /api/admin/login', () => {
  it('signs an admin in and tells the page who it is', async () => {
    const response = await login({ ...ADMIN, email: 'Head.Admin@Example.com' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ admin: { email: ADMIN.email } });
    const session = await get('/api/admin/session', cookieFrom(response));
    expect(await session.json()).toMatchObject({ admin: { email: ADMIN.email } });
  });

  it('answers a wrong password and an unknown e-mail alike, with no cookie', async () => {
    for (const credentials of [
      { ...ADMIN, password: 'Wrong-Horse-42' },
      { email: 'nobody@example.com', password: ADMIN.password },
    ]) {
      const response = await login(credentials);
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({
        error: { message: ADMIN_LOGIN_MESSAGES.invalid },
      });
      expect(response.headers.getSetCookie()).toEqual([]);
    }
  });

  it('refuses a student with their correct password, leaving no session behind', async () => {
    const { form, userId } = await confirmedStudent(app, database);
    const before = await database.db.$count(sessions, eq(sessions.userId, userId));
    const response = await login({ email: form.email, password: form.password });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({
      error: { message: ADMIN_LOGIN_MESSAGES.invalid },
    });
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await database.db.$count(sessions, eq(sessions.userId, userId))).toBe(before);
  });

  it('refuses a body without the fields with the login form’s messages', async () => {
    const response = await postJson(app, '/api/admin/login', { email: ADMIN.email });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { message: 'Please enter your password.' },
    });
  });

  it('logout ends the session on the server', async () => {
    const cookie = await adminCookie();
    const logout = await postJson(app, '/api/admin/logout', {}, cookie);
    expect(logout.status).toBe(204);
    expect((await get('/api/admin/session', cookie)).status).toBe(401);
  });
});

describe('admin accounts', () => {
  it('promotes a student to admin with a new password', async () => {
    const { form } = await confirmedStudent(app, database);
    const outcome = await ensureAdmin(
      { auth: services.auth, database },
      { email: form.email, password: 'Promoted-Staff-77' },
    );
    expect(outcome).toBe('promoted');
    expect((await login({ email: form.email, password: form.password })).status).toBe(401);
    expect((await login({ email: form.email, password: 'Promoted-Staff-77' })).status).toBe(200);
  });

  it('refuses a short password or one with angle brackets', async () => {
    const deps = { auth: services.auth, database };
    await expect(
      ensureAdmin(deps, { email: 'short@example.com', password: 'short-pass' }),
    ).rejects.toThrow(/at least 12 characters/);
    await expect(
      ensureAdmin(deps, { email: 'short@example.com', password: 'has<bracket>inside' }),
    ).rejects.toThrow(/cannot contain/);
  });
});

describe('the first-start admin', () => {
  it('in development with nothing set, makes one with a random password once', async () => {
    const fresh = await createTestDatabase();
    try {
      const { app: freshApp, services: freshServices } = createTestApp(fresh);
      const deps = { auth: freshServices.auth, database: fresh };
      expect(await ensureFirstStartAdmin(deps, { production: true })).toEqual({ kind: 'none' });
      const made = await ensureFirstStartAdmin(deps, { production: false });
      expect(made).toMatchObject({ kind: 'generated', email: DEVELOPMENT_ADMIN_EMAIL });
      const password = made.kind === 'generated' ? made.password : '';
      expect(password.length).toBeGreaterThanOrEqual(20);
      const signedIn = await postJson(freshApp, '/api/admin/login', {
        email: DEVELOPMENT_ADMIN_EMAIL,
        password,
      });
      expect(signedIn.status).toBe(200);
      // The next start finds the admin and invents nothing.
      expect(await ensureFirstStartAdmin(deps, { production: false })).toEqual({ kind: 'none' });
    } finally {
      await fresh.close();
    }
  });

  it('creates the configured admin once and never overwrites its password later', async () => {
    const deps = { auth: services.auth, database };
    const email = 'configured.admin@example.com';
    expect(
      await ensureFirstStartAdmin(deps, { email, password: 'First-Password-1', production: true }),
    ).toEqual({ kind: 'configured', email, outcome: 'created' });
    expect(
      await ensureFirstStartAdmin(deps, { email, password: 'Other-Password-2', production: true }),
    ).toEqual({ kind: 'configured', email, outcome: 'exists' });
    expect((await login({ email, password: 'First-Password-1' })).status).toBe(200);
    const [admin] = await database.db
      .select({ role: users.role, emailVerified: users.emailVerified })
      .from(users)
      .where(eq(users.email, email));
    expect(admin).toEqual({ role: 'admin', emailVerified: true });
  });
});
