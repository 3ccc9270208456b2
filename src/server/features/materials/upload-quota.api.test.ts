import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATERIALS_MESSAGES, type StudyMaterial } from '#shared/contracts/materials';
import { UPLOAD_QUOTA } from '#shared/limits';
import { postJson } from '../../../../tests/support/accounts';
import { uploadFile } from '../../../../tests/support/materials';
import { paidStudent } from '../../../../tests/support/paid-student';
import { createTestApp, TEST_ORIGIN } from '../../../../tests/support/test-app';
import { createTestDatabase } from '../../../../tests/support/test-database';
import type { Database } from '../../db/client';
import { materialUploads, studyMaterials } from '../../db/schema';

/** Issue 13: the daily upload quota per student (UPLOAD_QUOTA), files and bytes, rolling 24 h. */
let database: Database;
let app: ReturnType<typeof createTestApp>['app'];
let services: ReturnType<typeof createTestApp>['services'];

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app, services } = createTestApp(database));
});
afterAll(async () => {
  await services.close();
  await database.close();
});

const HOUR = 60 * 60 * 1000;
const MB = 1024 * 1024;
const paste = (cookie: string, text = 'Torts are civil wrongs.') =>
  postJson(app, '/api/materials/text', { text }, cookie);
/** Earlier uploads of a student, `hoursAgo` each, as if made then. */
const seedUploads = (userId: string, count: number, hoursAgo: number, sizeBytes = 1_000) =>
  database.db.insert(materialUploads).values(
    Array.from({ length: count }, () => ({
      userId,
      sizeBytes,
      createdAt: new Date(Date.now() - hoursAgo * HOUR),
    })),
  );
const materialsOf = (userId: string) =>
  database.db.select().from(studyMaterials).where(eq(studyMaterials.userId, userId));
const storedFiles = (userId: string) => {
  const folder = join(services.storage.spoolDir, '..', userId);
  return existsSync(folder) ? readdirSync(folder) : [];
};

async function expectOverQuota(response: Response, retryAfterSeconds: number) {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get('Retry-After'));
  // The seconds left, give or take the time the test itself took.
  expect(retryAfter).toBeGreaterThan(retryAfterSeconds - 60);
  expect(retryAfter).toBeLessThanOrEqual(retryAfterSeconds);
  expect(await response.json()).toEqual({
    error: {
      code: 'rate_limited',
      message: MATERIALS_MESSAGES.overQuota(retryAfter),
      retryAfterSeconds: retryAfter,
    },
  });
}

describe('the daily upload quota', () => {
  it(`takes ${UPLOAD_QUOTA.files} uploads a day, then answers 429 until the oldest is a day old`, async () => {
    const { cookie, userId } = await paidStudent(app, database);
    await seedUploads(userId, 1, 20);
    await seedUploads(userId, UPLOAD_QUOTA.files - 2, 1);
    expect((await paste(cookie)).status).toBe(201);
    await expectOverQuota(await paste(cookie), 4 * 60 * 60);
    const file = new TextEncoder().encode('Contracts need consideration.');
    await expectOverQuota(await uploadFile(app, cookie, 'notes.txt', file), 4 * 60 * 60);
    expect(await materialsOf(userId)).toHaveLength(1);
    expect(storedFiles(userId)).toHaveLength(1);
  });

  it('refuses a file that would pass the bytes of the day before reading it', async () => {
    const { cookie, userId } = await paidStudent(app, database);
    await seedUploads(userId, 1, 2, 95 * MB);
    const sixMegabytes = new Uint8Array(6 * MB).fill(0x61);
    await expectOverQuota(await uploadFile(app, cookie, 'big.txt', sixMegabytes), 22 * 60 * 60);
    expect(await materialsOf(userId)).toHaveLength(0);
  });

  it('counts the real size of a body that declared none', async () => {
    const { cookie, userId } = await paidStudent(app, database);
    await seedUploads(userId, 1, 3, UPLOAD_QUOTA.bytes - 10);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('Torts are civil wrongs.'));
        controller.close();
      },
    });
    await expectOverQuota(await uploadFile(app, cookie, 'notes.txt', body), 21 * 60 * 60);
    expect(await materialsOf(userId)).toHaveLength(0);
    expect(storedFiles(userId)).toHaveLength(0);
  });

  it('a removed material still counts, so upload-and-remove cannot get round it', async () => {
    const { cookie, userId } = await paidStudent(app, database);
    await seedUploads(userId, UPLOAD_QUOTA.files - 1, 1);
    const { id } = (await (await paste(cookie)).json()) as StudyMaterial;
    const removed = await app.request(`/api/materials/${id}`, {
      method: 'DELETE',
      headers: { Cookie: cookie, Origin: TEST_ORIGIN },
    });
    expect(removed.status).toBe(204);
    expect((await paste(cookie)).status).toBe(429);
  });

  it('forgets uploads older than a day', async () => {
    const { cookie, userId } = await paidStudent(app, database);
    await seedUploads(userId, UPLOAD_QUOTA.files, 25);
    expect((await paste(cookie)).status).toBe(201);
    const left = await database.db
      .select()
      .from(materialUploads)
      .where(eq(materialUploads.userId, userId));
    expect(left).toHaveLength(1);
  });

  it('two uploads at once for the last place: one is stored, one is refused', async () => {
    const { cookie, userId } = await paidStudent(app, database);
    await seedUploads(userId, UPLOAD_QUOTA.files - 1, 1);
    const statuses = await Promise.all([paste(cookie, 'One.'), paste(cookie, 'Two.')]);
    expect(statuses.map((response) => response.status).sort()).toEqual([201, 429]);
    expect(await materialsOf(userId)).toHaveLength(1);
  });

  it('tells the page what is left, so a selection that does not fit is never half sent', async () => {
    const { cookie, userId } = await paidStudent(app, database);
    const left = async () =>
      (await app.request('/api/materials/quota', { headers: { Cookie: cookie } })).json();
    expect(await left()).toEqual({ files: UPLOAD_QUOTA.files, bytes: UPLOAD_QUOTA.bytes });
    await seedUploads(userId, 3, 2, 2 * MB);
    await seedUploads(userId, 1, 30, 2 * MB); // a day ago: no longer counted
    expect(await left()).toEqual({
      files: UPLOAD_QUOTA.files - 3,
      bytes: UPLOAD_QUOTA.bytes - 6 * MB,
    });
  });

  it("one student's quota is theirs alone", async () => {
    const full = await paidStudent(app, database);
    await seedUploads(full.userId, UPLOAD_QUOTA.files, 1);
    const other = await paidStudent(app, database);
    expect((await paste(full.cookie)).status).toBe(429);
    expect((await paste(other.cookie)).status).toBe(201);
  });
});
