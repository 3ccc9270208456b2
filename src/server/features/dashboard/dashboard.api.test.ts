import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DashboardResponse, EXAM_RESULT_MESSAGES } from '#shared/contracts/dashboard';
import { RATE_LIMITS } from '#shared/limits';
import { PAYMENT_REQUIRED_MESSAGE } from '../../lib/auth-guards';
import { confirmedStudent, postJson } from '../../../../tests/support/accounts';
import { paidStudent } from '../../../../tests/support/paid-student';
import { createTestApp } from '../../../../tests/support/test-app';
import { createTestDatabase } from '../../../../tests/support/test-database';
import type { Database } from '../../db/client';
import { examRegistrations, examResults, studySessions, userProfiles } from '../../db/schema';

/** The dashboard in one call, and exam result submission. */
let database: Database;
let app: ReturnType<typeof createTestApp>['app'];

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = createTestApp(database));
});
afterAll(() => database.close());

async function dashboard(cookie: string, query = '') {
  const response = await app.request(`/api/dashboard${query}`, { headers: { Cookie: cookie } });
  return { status: response.status, body: (await response.json()) as DashboardResponse };
}

describe('GET /api/dashboard', () => {
  it('refuses anonymous (401) and unpaid (402) callers', async () => {
    expect((await app.request('/api/dashboard')).status).toBe(401);
    const { cookie } = await confirmedStudent(app, database);
    const unpaid = await dashboard(cookie);
    expect(unpaid.status).toBe(402);
    expect(unpaid.body).toMatchObject({ error: { message: PAYMENT_REQUIRED_MESSAGE } });
  });

  it('shows a new student’s registration, name and empty stats', async () => {
    const { cookie, registrationId, form } = await paidStudent(app, database);
    const { status, body } = await dashboard(cookie);
    expect(status).toBe(200);
    expect(body).toEqual({
      firstName: 'Ada',
      country: 'United States',
      registration: {
        id: registrationId,
        examCategory: 'legal',
        examType: 'Bar Exam',
        state: 'New York',
        examDate: form.examDate,
        studyToolsActive: true,
        resultSubmitted: false,
      },
      paidRegistrations: [{ id: registrationId, examType: 'Bar Exam', examDate: form.examDate }],
      stats: { sessions: 0, averageScore: null },
      recentSessions: [],
    });
  });

  it('counts sessions, averages graded ones only, and lists the last 10, newest first', async () => {
    const { cookie, userId, registrationId } = await paidStudent(app, database);
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute));
    const rows = [
      // Graded: 50 % and 75 % → 63 (62.5 rounded half up).
      { mode: 'multiple_choice', score: 10, totalQuestions: 20, createdAt: at(1) },
      { mode: 'multiple_choice', score: 15, totalQuestions: 20, createdAt: at(2) },
      // Flash cards and typing do not pull the average to 0.
      { mode: 'flashcards', score: 20, totalQuestions: 20, createdAt: at(3) },
      { mode: 'typing', score: 0, totalQuestions: 15, createdAt: at(4) },
      ...Array.from({ length: 8 }, (_, index) => ({
        mode: 'flashcards' as const,
        score: index,
        totalQuestions: 20,
        createdAt: at(10 + index),
      })),
    ] as const;
    await database.db.insert(studySessions).values(
      rows.map((row) => ({
        ...row,
        userId,
        examRegistrationId: registrationId,
        difficulty: 'medium' as const,
        timeSpent: 60,
      })),
    );
    const { body } = await dashboard(cookie);
    expect(body.stats).toEqual({ sessions: 12, averageScore: 63 });
    expect(body.recentSessions).toHaveLength(10);
    expect(body.recentSessions[0]).toMatchObject({ mode: 'flashcards', score: 7 });
    expect(body.recentSessions.at(-1)).toMatchObject({ mode: 'flashcards', score: 20 });
  });

  it('prefers the profile’s first name', async () => {
    const { cookie, userId } = await paidStudent(app, database);
    await database.db
      .insert(userProfiles)
      .values({ userId, firstName: 'Augusta', lastName: 'King' });
    expect((await dashboard(cookie)).body.firstName).toBe('Augusta');
  });

  it('shows study tools inactive on the exam date, and active again after a result', async () => {
    const { cookie, registrationId } = await paidStudent(app, database);
    await database.db
      .update(examRegistrations)
      .set({ examDate: '2020-01-01' })
      .where(eq(examRegistrations.id, registrationId));
    expect((await dashboard(cookie)).body.registration).toMatchObject({
      studyToolsActive: false,
      resultSubmitted: false,
    });
    const submitted = await postJson(
      app,
      '/api/dashboard/exam-results',
      { registrationId, result: 'pass', agreedToShare: true },
      cookie,
    );
    expect(submitted.status).toBe(201);
    expect(await submitted.json()).toMatchObject({ message: EXAM_RESULT_MESSAGES.submitted });
    expect((await dashboard(cookie)).body.registration).toMatchObject({
      studyToolsActive: true,
      resultSubmitted: true,
    });
  });
});

describe('POST /api/dashboard/exam-results', () => {
  it('refuses another student’s registration with “Unauthorized access.”, storing nothing', async () => {
    const owner = await paidStudent(app, database);
    const stranger = await paidStudent(app, database);
    const response = await postJson(
      app,
      '/api/dashboard/exam-results',
      { registrationId: owner.registrationId, result: 'fail' },
      stranger.cookie,
    );
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({
      error: { message: EXAM_RESULT_MESSAGES.unauthorized },
    });
    const stored = await database.db
      .select()
      .from(examResults)
      .where(eq(examResults.examRegistrationId, owner.registrationId));
    expect(stored).toEqual([]);
  });

  it('needs pass or fail, a boolean consent, and a session', async () => {
    const { cookie, registrationId } = await paidStudent(app, database);
    const post = (body: object, withCookie = cookie) =>
      postJson(app, '/api/dashboard/exam-results', body, withCookie);
    const missing = await post({ registrationId });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error: { message: EXAM_RESULT_MESSAGES.choose } });
    expect((await post({ registrationId, result: 'maybe' })).status).toBe(400);
    expect((await post({ registrationId, result: 'pass', agreedToShare: 'yes' })).status).toBe(400);
    expect((await post({ registrationId: 'x', result: 'pass' })).status).toBe(400);
    expect((await post({ registrationId, result: 'pass' }, '')).status).toBe(401);
  });

  const resultsOf = (registrationId: string) =>
    database.db
      .select()
      .from(examResults)
      .where(eq(examResults.examRegistrationId, registrationId));

  it('a second submission replaces the first: one result per registration', async () => {
    const { cookie, registrationId } = await paidStudent(app, database);
    const post = (result: string, agreedToShare: boolean) =>
      postJson(
        app,
        '/api/dashboard/exam-results',
        { registrationId, result, agreedToShare },
        cookie,
      );
    const first = await post('fail', false);
    expect(first.status).toBe(201);
    const second = await post('pass', true);
    expect(second.status).toBe(201);
    expect((await second.json()) as object).toMatchObject((await first.json()) as { id: string });
    const stored = await resultsOf(registrationId);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ result: 'pass', agreedToShare: true });

    // Two at once (a double click) still leave one row.
    const both = await Promise.all([post('fail', false), post('fail', false)]);
    expect(both.map((response) => response.status)).toEqual([201, 201]);
    expect((await resultsOf(registrationId)).map((row) => row.result)).toEqual(['fail']);
  });

  it(`allows ${RATE_LIMITS.examResult.attempts} submissions an hour per student, then a 429 with Retry-After`, async () => {
    const { cookie, registrationId } = await paidStudent(app, database);
    const post = () =>
      postJson(app, '/api/dashboard/exam-results', { registrationId, result: 'pass' }, cookie);
    for (let attempt = 0; attempt < RATE_LIMITS.examResult.attempts; attempt += 1) {
      expect((await post()).status).toBe(201);
    }
    const refused = await post();
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      error: { message: EXAM_RESULT_MESSAGES.tooMany },
    });
    const retryAfter = Number(refused.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(RATE_LIMITS.examResult.windowMs / 1000 - 60);
    expect(retryAfter).toBeLessThanOrEqual(RATE_LIMITS.examResult.windowMs / 1000);

    // Another student is not held back by this one.
    const other = await paidStudent(app, database);
    const theirs = await postJson(
      app,
      '/api/dashboard/exam-results',
      { registrationId: other.registrationId, result: 'fail' },
      other.cookie,
    );
    expect(theirs.status).toBe(201);
  });
});
