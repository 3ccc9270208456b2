import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson } from '../../../../tests/support/accounts';
import { paidStudent } from '../../../../tests/support/paid-student';
import { createTestApp } from '../../../../tests/support/test-app';
import { createTestDatabase } from '../../../../tests/support/test-database';
import type { Database } from '../../db/client';
import { examRegistrations } from '../../db/schema';

/** The development tools: a student's own exam date moved, only outside production. */
let database: Database;
let app: ReturnType<typeof createTestApp>['app'];

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = createTestApp(database));
});
afterAll(() => database.close());

describe('POST /api/dev/tools/exam-date', () => {
  it('moves the signed-in student’s own exam date, past included', async () => {
    const { cookie, registrationId } = await paidStudent(app, database);
    const response = await postJson(
      app,
      '/api/dev/tools/exam-date',
      { registrationId, examDate: '2020-02-02' },
      cookie,
    );
    expect(response.status).toBe(200);
    const [row] = await database.db
      .select()
      .from(examRegistrations)
      .where(eq(examRegistrations.id, registrationId));
    expect(row!.examDate).toBe('2020-02-02');
  });

  it('refuses another student’s registration, bad dates and anonymous callers', async () => {
    const owner = await paidStudent(app, database);
    const stranger = await paidStudent(app, database);
    const move = (body: object, cookie?: string) =>
      postJson(app, '/api/dev/tools/exam-date', body, cookie);
    expect(
      (
        await move(
          { registrationId: owner.registrationId, examDate: '2020-01-01' },
          stranger.cookie,
        )
      ).status,
    ).toBe(404);
    expect(
      (await move({ registrationId: owner.registrationId, examDate: '2020-02-30' }, owner.cookie))
        .status,
    ).toBe(400);
    expect(
      (await move({ registrationId: owner.registrationId, examDate: '2020-01-01' })).status,
    ).toBe(401);
  });

  it('does not exist in production', async () => {
    const production = createTestApp(database, { production: true }).app;
    const response = await production.request('/api/dev/tools/exam-date', { method: 'POST' });
    expect(response.status).toBe(404);
  });
});
