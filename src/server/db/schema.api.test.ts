import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/support/test-database';
import type { Database } from './client';
import { applyMigrations } from './migrate';
import {
  examRegistrations,
  examResults,
  studySessions,
  subscriptions,
  userProfiles,
  users,
} from './schema';

let database: Database;
const userId = 'user-1';
const studentInfo = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '+15555550100',
  address: '1 Main St',
  city: 'Springfield',
  state: 'Illinois',
  zipCode: '62701',
  country: 'United States',
  educationLevel: "Bachelor's Degree",
};

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db
    .insert(users)
    .values({ id: userId, name: 'Ada Lovelace', email: 'ada@example.com' });
});
afterAll(() => database.close());

/** The database's own error (Drizzle wraps it), to check which constraint refused a row. */
async function constraintOf(work: Promise<unknown>): Promise<string | undefined> {
  try {
    await work;
  } catch (error) {
    const cause = (error as { cause?: { constraint?: string; code?: string } }).cause;
    return cause?.constraint ?? cause?.code;
  }
  return undefined;
}

const registration = (overrides: Partial<typeof examRegistrations.$inferInsert> = {}) =>
  database.db
    .insert(examRegistrations)
    .values({
      userId,
      examCategory: 'legal',
      examType: 'Bar Exam',
      state: 'Illinois',
      examDate: '2027-07-27',
      studentInfo,
      ...overrides,
    })
    .returning();

describe('schema', () => {
  it('applies migrations again without changing anything', async () => {
    await expect(applyMigrations(database)).resolves.toBeUndefined();
  });

  it('inserts a registration as pending with no payment id and timestamps', async () => {
    const [row] = await registration();
    expect(row).toMatchObject({ paymentStatus: 'pending', paymentId: null });
    expect(row?.createdAt).toBeInstanceOf(Date);
    expect(row?.updatedAt).toBeInstanceOf(Date);
  });

  it('refuses a payment status outside pending, completed, failed', async () => {
    expect(await constraintOf(registration({ paymentStatus: 'paid' as never }))).toBe(
      'exam_registrations_payment_status_check',
    );
  });

  it('refuses a password inside student_info', async () => {
    const withPassword = { ...studentInfo, password: 'Secret123' };
    expect(await constraintOf(registration({ studentInfo: withPassword }))).toBe(
      'exam_registrations_student_info_has_no_password',
    );
  });

  it('refuses a registration for a user that does not exist', async () => {
    expect(await constraintOf(registration({ userId: 'nobody' }))).toBe(
      'exam_registrations_user_id_users_id_fk',
    );
  });

  it('refuses the same payment id on two registrations', async () => {
    await registration({ paymentId: 'cs_test_1', paymentStatus: 'completed' });
    expect(await constraintOf(registration({ paymentId: 'cs_test_1' }))).toBe(
      'exam_registrations_payment_id_key',
    );
  });

  it('checks study session mode, difficulty and score', async () => {
    const [reg] = await registration();
    const session = (overrides: Partial<typeof studySessions.$inferInsert>) =>
      database.db.insert(studySessions).values({
        userId,
        examRegistrationId: reg!.id,
        mode: 'multiple_choice',
        difficulty: 'medium',
        score: 12,
        totalQuestions: 20,
        timeSpent: 540,
        ...overrides,
      });
    await expect(session({})).resolves.toBeDefined();
    expect(await constraintOf(session({ mode: 'quiz' as never }))).toBe(
      'study_sessions_mode_check',
    );
    expect(await constraintOf(session({ difficulty: 'extreme' as never }))).toBe(
      'study_sessions_difficulty_check',
    );
    expect(await constraintOf(session({ score: 21 }))).toBe('study_sessions_score_check');
  });

  it('checks the exam result and subscription status', async () => {
    const [reg] = await registration();
    expect(
      await constraintOf(
        database.db
          .insert(examResults)
          .values({ userId, examRegistrationId: reg!.id, result: 'maybe' as never }),
      ),
    ).toBe('exam_results_result_check');
    expect(
      await constraintOf(
        database.db.insert(subscriptions).values({
          userId,
          status: 'trialing' as never,
          currentPeriodEnd: new Date(),
          amount: 15000,
        }),
      ),
    ).toBe('subscriptions_status_check');
  });

  it('gives a profile the briefcase symbol and refuses a bio over 500 characters', async () => {
    const [profile] = await database.db
      .insert(userProfiles)
      .values({ userId, firstName: 'Ada', lastName: 'Lovelace' })
      .returning();
    expect(profile?.professionSymbol).toBe('briefcase');
    expect(
      await constraintOf(
        database.db
          .update(userProfiles)
          .set({ bio: 'x'.repeat(501) })
          .where(eq(userProfiles.userId, userId)),
      ),
    ).toBe('user_profiles_bio_length');
  });

  it('deletes a user’s rows with the user', async () => {
    await database.db.delete(users).where(eq(users.id, userId));
    expect(await database.db.select().from(examRegistrations)).toEqual([]);
    expect(await database.db.select().from(userProfiles)).toEqual([]);
  });
});
