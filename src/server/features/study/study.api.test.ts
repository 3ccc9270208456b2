import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CompletedSession,
  type StartedSession,
  STUDY_MESSAGES,
} from '#shared/contracts/study';
import { multipleChoiceQuestionSchema } from '#shared/contracts/study-items';
import { PAYMENT_REQUIRED_MESSAGE } from '../../lib/auth-guards';
import { confirmedStudent, postJson } from '../../../../tests/support/accounts';
import { paidStudent } from '../../../../tests/support/paid-student';
import { createTestApp } from '../../../../tests/support/test-app';
import { createTestDatabase } from '../../../../tests/support/test-database';
import type { Database } from '../../db/client';
import { examRegistrations, examResults, studySessions, users } from '../../db/schema';

/** The study API: generation calls, and the exam page's sessions (start, then save once). */
let database: Database;
let app: ReturnType<typeof createTestApp>['app'];

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = createTestApp(database));
});
afterAll(() => database.close());

const questionsBody = { difficulty: 'medium', category: 'legal', examType: 'Bar Exam' };

async function start(cookie: string, registrationId: string, mode: string, difficulty = 'medium') {
  return postJson(app, '/api/study/sessions', { registrationId, mode, difficulty }, cookie);
}

async function started(
  cookie: string,
  registrationId: string,
  mode: string,
  difficulty = 'medium',
) {
  const response = await start(cookie, registrationId, mode, difficulty);
  expect(response.status).toBe(201);
  return (await response.json()) as StartedSession;
}

describe('generation API (questions, flashcards)', () => {
  it('refuses anonymous callers (401) and students without a payment (402)', async () => {
    expect((await postJson(app, '/api/study/questions', questionsBody)).status).toBe(401);
    const { cookie } = await confirmedStudent(app, database);
    const unpaid = await postJson(app, '/api/study/questions', questionsBody, cookie);
    expect(unpaid.status).toBe(402);
    expect(await unpaid.json()).toMatchObject({ error: { message: PAYMENT_REQUIRED_MESSAGE } });
  });

  it('checks the parameters with the spec’s messages', async () => {
    const { cookie } = await paidStudent(app, database);
    const cases: [string, object, string][] = [
      [
        '/api/study/questions',
        { category: 'legal', examType: 'Bar Exam' },
        STUDY_MESSAGES.missingParameters,
      ],
      [
        '/api/study/questions',
        { difficulty: 'medium', examType: 'Bar Exam' },
        STUDY_MESSAGES.missingParameters,
      ],
      [
        '/api/study/questions',
        { ...questionsBody, examType: '<>&"' },
        STUDY_MESSAGES.missingParameters,
      ],
      [
        '/api/study/questions',
        { ...questionsBody, difficulty: 'extreme' },
        STUDY_MESSAGES.missingParameters,
      ],
      ['/api/study/questions', { ...questionsBody, count: 51 }, STUDY_MESSAGES.tooManyQuestions],
      ['/api/study/questions', { ...questionsBody, count: 0 }, STUDY_MESSAGES.tooManyQuestions],
      ['/api/study/questions', { ...questionsBody, count: '10' }, STUDY_MESSAGES.tooManyQuestions],
      ['/api/study/flashcards', { ...questionsBody, count: 101 }, STUDY_MESSAGES.tooManyFlashcards],
    ];
    for (const [path, body, message] of cases) {
      const response = await postJson(app, path, body, cookie);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toMatchObject({ error: { message } });
    }
  });

  it('returns valid questions and flashcards at the default counts, inputs sanitized', async () => {
    const { cookie } = await paidStudent(app, database);
    const questions = await postJson(
      app,
      '/api/study/questions',
      { ...questionsBody, examType: '<b>Bar Exam</b>' },
      cookie,
    );
    expect(questions.status).toBe(200);
    const body = (await questions.json()) as { items: unknown[]; source: string };
    expect(body.source).toBe('offline');
    expect(body.items).toHaveLength(10);
    for (const item of body.items) {
      const parsed = multipleChoiceQuestionSchema.parse(item);
      expect(parsed.examType).toBe('bBar Exam/b');
    }
    const cards = await postJson(
      app,
      '/api/study/flashcards',
      { ...questionsBody, count: 30 },
      cookie,
    );
    expect(((await cards.json()) as { items: unknown[] }).items).toHaveLength(30);
  });

  it('allows 10 requests per minute per user for each kind, then the spec’s message', async () => {
    const { cookie } = await paidStudent(app, database);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await postJson(app, '/api/study/questions', questionsBody, cookie)).status).toBe(200);
    }
    const refused = await postJson(app, '/api/study/questions', questionsBody, cookie);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      error: { message: STUDY_MESSAGES.aiQuestionsRateLimited },
    });
    // Flashcards count separately.
    expect((await postJson(app, '/api/study/flashcards', questionsBody, cookie)).status).toBe(200);
  });
});

describe('the exam page’s registration check', () => {
  it('answers the student’s own paid registration, and refuses everything else', async () => {
    const owner = await paidStudent(app, database);
    const stranger = await paidStudent(app, database);
    const get = (cookie: string, id: string) =>
      app.request(`/api/study/registrations/${id}`, { headers: { Cookie: cookie } });
    const own = await get(owner.cookie, owner.registrationId);
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({
      id: owner.registrationId,
      examCategory: 'legal',
      examType: 'Bar Exam',
      studyToolsActive: true,
    });
    expect((await get(stranger.cookie, owner.registrationId)).status).toBe(404);
    expect((await get(owner.cookie, 'not-a-uuid')).status).toBe(404);
    expect((await get('', owner.registrationId)).status).toBe(401);
    await database.db
      .update(examRegistrations)
      .set({ examDate: '2020-01-01' })
      .where(eq(examRegistrations.id, owner.registrationId));
    expect(await (await get(owner.cookie, owner.registrationId)).json()).toMatchObject({
      studyToolsActive: false,
    });
  });
});

describe('exam sessions', () => {
  it('starts each mode with the spec’s counts, from the registration’s exam', async () => {
    const { cookie, registrationId } = await paidStudent(app, database);
    const choice = await started(cookie, registrationId, 'multiple_choice', 'hard');
    expect(choice.mode).toBe('multiple_choice');
    if (choice.mode !== 'multiple_choice') return;
    expect(choice.questions).toHaveLength(25);
    expect(new Set(choice.questions.map((question) => question.id)).size).toBe(25);
    for (const question of choice.questions) multipleChoiceQuestionSchema.parse(question);
    const cards = await started(cookie, registrationId, 'flashcards');
    expect(cards.mode === 'flashcards' && cards.cards).toHaveLength(20);
    const typing = await started(cookie, registrationId, 'typing', 'easy');
    expect(typing.mode === 'typing' && typing.cards).toHaveLength(10);
  });

  it('another student’s registration is a 404; an unpaid one a 402; anonymous a 401', async () => {
    const owner = await paidStudent(app, database);
    const stranger = await paidStudent(app, database);
    const foreign = await start(stranger.cookie, owner.registrationId, 'flashcards');
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({
      error: { message: STUDY_MESSAGES.registrationNotFound },
    });
    const unpaid = await confirmedStudent(app, database);
    const [pending] = await database.db
      .select({ id: examRegistrations.id })
      .from(examRegistrations)
      .innerJoin(users, eq(users.id, examRegistrations.userId))
      .where(eq(users.email, unpaid.form.email));
    const refused = await start(unpaid.cookie, pending!.id, 'flashcards');
    expect(refused.status).toBe(402);
    expect(await refused.json()).toMatchObject({ error: { message: PAYMENT_REQUIRED_MESSAGE } });
    expect((await start('', owner.registrationId, 'flashcards')).status).toBe(401);
  });

  it('refuses bad input with a clear 400', async () => {
    const { cookie, registrationId } = await paidStudent(app, database);
    expect((await start(cookie, 'not-a-uuid', 'flashcards')).status).toBe(400);
    expect((await start(cookie, registrationId, 'speed_round')).status).toBe(400);
    expect((await start(cookie, registrationId, 'flashcards', 'extreme')).status).toBe(400);
  });

  it('allows 10 starts per minute, then “Too many requests…”', async () => {
    const { cookie, registrationId } = await paidStudent(app, database);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await start(cookie, registrationId, 'flashcards')).status).toBe(201);
    }
    const refused = await start(cookie, registrationId, 'flashcards');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      error: { message: STUDY_MESSAGES.tooManyStarts },
    });
  });

  it('study tools are inactive from the exam date until a result is submitted', async () => {
    const { cookie, userId, registrationId } = await paidStudent(app, database);
    await database.db
      .update(examRegistrations)
      .set({ examDate: '2020-01-01' })
      .where(eq(examRegistrations.id, registrationId));
    const refused = await start(cookie, registrationId, 'flashcards');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      error: { message: STUDY_MESSAGES.studyToolsInactive },
    });
    await database.db
      .insert(examResults)
      .values({ userId, examRegistrationId: registrationId, result: 'fail', agreedToShare: false });
    expect((await start(cookie, registrationId, 'flashcards')).status).toBe(201);
  });

  it('a Retest draws questions the last session did not have', async () => {
    const { cookie, registrationId } = await paidStudent(app, database);
    const first = await started(cookie, registrationId, 'multiple_choice', 'easy');
    const retest = await started(cookie, registrationId, 'multiple_choice', 'easy');
    if (first.mode !== 'multiple_choice' || retest.mode !== 'multiple_choice') throw new Error();
    const before = new Set(first.questions.map((question) => question.id));
    const repeated = retest.questions.filter((question) => before.has(question.id));
    expect(repeated).toHaveLength(0);
  });

  it('saves a finished session exactly once, with a score checked against its size', async () => {
    const { cookie, userId, registrationId } = await paidStudent(app, database);
    const session = await started(cookie, registrationId, 'multiple_choice', 'easy');
    const complete = (body: object) =>
      postJson(app, `/api/study/sessions/${session.id}/complete`, body, cookie);

    expect((await complete({ score: 16, answered: 15 })).status).toBe(400);
    const [first, second] = await Promise.all([
      complete({ score: 12, answered: 15 }),
      complete({ score: 12, answered: 15 }),
    ]);
    expect(first!.status).toBe(200);
    expect(second!.status).toBe(200);
    const saved = (await first!.json()) as CompletedSession;
    expect(saved).toMatchObject({ id: session.id, score: 12, totalQuestions: 15 });
    expect(saved.timeSpent).toBeGreaterThanOrEqual(0);
    // A retry with other numbers does not change what was saved.
    expect(await (await complete({ score: 3, answered: 15 })).json()).toEqual(saved);
    const rows = await database.db
      .select()
      .from(studySessions)
      .where(eq(studySessions.userId, userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ mode: 'multiple_choice', difficulty: 'easy', score: 12 });
  });

  it('typed answers are not graded; another student cannot save someone’s session', async () => {
    const { cookie, registrationId } = await paidStudent(app, database);
    const stranger = await paidStudent(app, database);
    const session = await started(cookie, registrationId, 'typing', 'hard');
    const foreign = await postJson(
      app,
      `/api/study/sessions/${session.id}/complete`,
      { score: 0, answered: 1 },
      stranger.cookie,
    );
    expect(foreign.status).toBe(404);
    const saved = await postJson(
      app,
      `/api/study/sessions/${session.id}/complete`,
      { score: 5, answered: 5 },
      cookie,
    );
    expect(await saved.json()).toMatchObject({ score: 0, totalQuestions: 20 });
    const unknown = await postJson(
      app,
      '/api/study/sessions/00000000-0000-4000-8000-000000000000/complete',
      { score: 0, answered: 0 },
      cookie,
    );
    expect(unknown.status).toBe(404);
    const notUuid = await postJson(
      app,
      '/api/study/sessions/x/complete',
      { score: 0, answered: 0 },
      cookie,
    );
    expect(notUuid.status).toBe(404);
  });
});
