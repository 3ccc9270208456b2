import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionResponse } from '#shared/contracts/auth';
import { confirmedStudent, cookieFrom, postJson } from '../../../../tests/support/accounts';
import { createTestApp } from '../../../../tests/support/test-app';
import { createTestDatabase } from '../../../../tests/support/test-database';
import type { Database } from '../../db/client';
import { sessions } from '../../db/schema';
import { ensureAdmin } from '../admin/admin-accounts.service';

/**
 * The one-query session read (session-lookup.ts) agrees with better-auth on every case: a live
 * session passes without writing, and a forged, expired or due-for-renewal one is left
 * to better-auth, which refuses, or renews and sends a new cookie.
 */
let database: Database;
let app: ReturnType<typeof createTestApp>['app'];
let services: ReturnType<typeof createTestApp>['services'];

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app, services } = createTestApp(database));
});
afterAll(() => database.close());

const whoAmI = (cookie: string) =>
  app.request('/api/auth/session', { headers: { Cookie: cookie } });
const guarded = (cookie: string) =>
  app.request('/api/registration/latest', { headers: { Cookie: cookie } });

async function sessionOf(userId: string) {
  const [session] = await database.db.select().from(sessions).where(eq(sessions.userId, userId));
  return session!;
}

describe('reading a live session', () => {
  it('lets a live session through without writing anything', async () => {
    const { cookie, userId, form } = await confirmedStudent(app, database);
    const before = await sessionOf(userId);
    const response = await whoAmI(cookie);
    expect(((await response.json()) as SessionResponse).user?.email).toBe(form.email);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect((await guarded(cookie)).status).not.toBe(401);
    expect(await sessionOf(userId)).toEqual(before);
  });

  it('refuses a cookie whose token or signature was changed', async () => {
    const { cookie } = await confirmedStudent(app, database);
    const [name, value] = cookie.split(/=(.*)/s) as [string, string];
    const decoded = decodeURIComponent(value);
    const flipped = (text: string, at: number) =>
      text.slice(0, at) + (text[at] === 'a' ? 'b' : 'a') + text.slice(at + 1);
    for (const forged of [flipped(decoded, 0), flipped(decoded, decoded.length - 3)]) {
      const response = await guarded(`${name}=${encodeURIComponent(forged)}`);
      expect(response.status).toBe(401);
    }
  });

  it('refuses a session that ended or expired', async () => {
    const ended = await confirmedStudent(app, database);
    await database.db.delete(sessions).where(eq(sessions.userId, ended.userId));
    expect((await guarded(ended.cookie)).status).toBe(401);

    const expired = await confirmedStudent(app, database);
    await database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, expired.userId));
    expect((await guarded(expired.cookie)).status).toBe(401);
  });

  it('reads a session signed in without "remember me" (an admin’s) without better-auth', async () => {
    const admin = { email: 'not.remembered@example.com', password: 'Not-Remembered-12' };
    await ensureAdmin({ auth: services.auth, database }, admin);
    const cookie = cookieFrom(await postJson(app, '/api/admin/login', admin));
    const getSession = vi.spyOn(services.auth.api, 'getSession');
    try {
      const response = await app.request('/api/admin/session', { headers: { Cookie: cookie } });
      expect(response.status).toBe(200);
      expect(response.headers.getSetCookie()).toEqual([]);
      expect(getSession).not.toHaveBeenCalled();
    } finally {
      getSession.mockRestore();
    }
  });

  it('leaves a session due for renewal to better-auth, which moves it a week forward', async () => {
    const { cookie, userId } = await confirmedStudent(app, database);
    // Made six days ago: a week's session is renewed once it is a day old.
    await database.db
      .update(sessions)
      .set({ expiresAt: sql`now() + interval '1 day'` })
      .where(eq(sessions.userId, userId));
    const response = await guarded(cookie);
    expect(response.status).not.toBe(401);
    expect(response.headers.getSetCookie().join(';')).toContain('session_token=');
    const renewed = await sessionOf(userId);
    expect(renewed.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6.9 * 24 * 3600 * 1000);
  });
});
