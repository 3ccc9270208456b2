import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmedStudent, postJson } from '../../../../tests/support/accounts';
import { withInsertsHeld } from '../../../../tests/support/held-inserts';
import { payTestSession, testSessionIdOf } from '../../../../tests/support/paid-student';
import { createTestApp } from '../../../../tests/support/test-app';
import { createTestDatabase } from '../../../../tests/support/test-database';
import type { Database } from '../../db/client';
import { examRegistrations, testCheckoutSessions } from '../../db/schema';

/**
 * Two submissions at the same moment (a double click, two tabs): "Pay for a new exam" makes one
 * registration and one payable checkout, and so does opening the checkout of one registration.
 * On PostgreSQL (TEST_DATABASE_URL) the requests are held at the insert until all have looked.
 */
let database: Database;
let app: ReturnType<typeof createTestApp>['app'];

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = createTestApp(database));
});
afterAll(() => database.close());

const newExam = {
  examCategory: 'business',
  examType: 'CPA Exam',
  examState: 'Texas',
  examDate: `${new Date().getUTCFullYear() + 1}-09-01`,
};

async function checkoutUrls(responses: Response[]) {
  return Promise.all(
    responses.map(async (response) => {
      expect(response.status, await response.clone().text()).toBe(200);
      return ((await response.json()) as { url: string }).url;
    }),
  );
}

const registrationsOf = (userId: string) =>
  database.db.select().from(examRegistrations).where(eq(examRegistrations.userId, userId));

const openSessionsOf = (registrationId: string) =>
  database.db
    .select()
    .from(testCheckoutSessions)
    .where(
      and(
        eq(testCheckoutSessions.examRegistrationId, registrationId),
        eq(testCheckoutSessions.status, 'open'),
      ),
    );

describe('pay for a new exam, submitted twice at once', () => {
  it('makes one registration and one payable session; every answer points at it', async () => {
    const { cookie, userId } = await confirmedStudent(app, database);
    const urls = await checkoutUrls(
      await withInsertsHeld(database, 'exam_registrations', 3, () =>
        Promise.all(
          Array.from({ length: 3 }, () => postJson(app, '/api/billing/new-exam', newExam, cookie)),
        ),
      ),
    );
    expect(new Set(urls).size).toBe(1);

    const added = (await registrationsOf(userId)).filter((row) => row.examType === 'CPA Exam');
    expect(added).toHaveLength(1);
    const open = await openSessionsOf(added[0]!.id);
    expect(open.map((row) => row.id)).toEqual([testSessionIdOf(urls[0]!)]);
  });

  it('a repeat within the window, after the first was paid, is refused as already paid', async () => {
    const { cookie, userId } = await confirmedStudent(app, database);
    const [url] = await checkoutUrls([
      await postJson(app, '/api/billing/new-exam', newExam, cookie),
    ]);
    expect((await payTestSession(app, cookie, testSessionIdOf(url!))).status).toBe(200);

    const again = await postJson(app, '/api/billing/new-exam', newExam, cookie);
    expect(again.status).toBe(409);
    const added = (await registrationsOf(userId)).filter((row) => row.examType === 'CPA Exam');
    expect(added).toHaveLength(1);
  });

  it('another exam or another date is a registration of its own', async () => {
    const { cookie, userId } = await confirmedStudent(app, database);
    const urls = await checkoutUrls(
      await Promise.all([
        postJson(app, '/api/billing/new-exam', newExam, cookie),
        postJson(
          app,
          '/api/billing/new-exam',
          { ...newExam, examDate: `${newExam.examDate.slice(0, 4)}-10-01` },
          cookie,
        ),
        postJson(app, '/api/billing/new-exam', { ...newExam, examType: 'CFA Exam' }, cookie),
      ]),
    );
    expect(new Set(urls).size).toBe(3);
    expect(await registrationsOf(userId)).toHaveLength(4);
  });
});

describe('the checkout of one registration, opened twice at once', () => {
  it('opens one payable test session; every answer points at it', async () => {
    const { cookie, userId } = await confirmedStudent(app, database);
    const [registration] = await registrationsOf(userId);
    const body = { registrationId: registration!.id };
    const urls = await checkoutUrls(
      await withInsertsHeld(database, 'test_checkout_sessions', 3, () =>
        Promise.all(
          Array.from({ length: 3 }, () => postJson(app, '/api/billing/checkout', body, cookie)),
        ),
      ),
    );
    expect(new Set(urls).size).toBe(1);
    const open = await openSessionsOf(registration!.id);
    expect(open.map((row) => row.id)).toEqual([testSessionIdOf(urls[0]!)]);
  });
});
