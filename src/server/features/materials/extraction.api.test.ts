import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudyMaterial } from '#shared/contracts/materials';
import type { StartedSession } from '#shared/contracts/study';
import { postJson } from '../../../../tests/support/accounts';
import {
  materialFixtures,
  readFixture,
  settledMaterial,
  uploadFile,
} from '../../../../tests/support/materials';
import { paidStudent } from '../../../../tests/support/paid-student';
import { createTestApp } from '../../../../tests/support/test-app';
import { createTestDatabase } from '../../../../tests/support/test-database';
import type { Database } from '../../db/client';
import { studyMaterials } from '../../db/schema';

/**
 * Issue 6 section 4, extraction: a real PDF, a real .docx and a text file become text (read in
 * the worker thread after the upload's answer), and the student's next session has a question
 * whose source sentence is from that material.
 */
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

const plain = (text: string) => text.replace(/\s+/g, ' ').trim();
/** The sentences of a text fixture, whitespace normalized. */
function sentencesOf(name: string): string[] {
  const text = readFileSync(join(materialFixtures, name), 'utf8');
  return text
    .split(/\n|(?<=\.)\s+/)
    .map(plain)
    .filter((sentence) => sentence.length > 20);
}

const cases = [
  { file: 'contracts.pdf', source: 'contracts.txt', mode: 'flashcards' },
  { file: 'pharmacology.docx', source: 'pharmacology.txt', mode: 'multiple_choice' },
  { file: 'electrical.txt', source: 'electrical.txt', mode: 'flashcards' },
] as const;

describe.each(cases)('$file', ({ file, source, mode }) => {
  it('becomes text, and the next session asks from it', async () => {
    const { cookie, registrationId } = await paidStudent(app, database);
    const uploaded = await uploadFile(app, cookie, file, readFixture(file));
    expect(uploaded.status).toBe(201);
    const { id } = (await uploaded.json()) as StudyMaterial;
    const settled = await settledMaterial(app, cookie, id);
    expect(settled.extractionStatus).toBe('done');

    const [row] = await database.db
      .select({ text: studyMaterials.extractedText })
      .from(studyMaterials)
      .where(eq(studyMaterials.id, id));
    const extracted = row!.text!.split('\n').map(plain);
    // Every sentence of the source, whole: lines a PDF wrapped are joined back.
    const expected = sentencesOf(source);
    for (const sentence of expected) {
      expect(
        extracted.some((line) => line.includes(sentence)),
        sentence,
      ).toBe(true);
    }

    const started = await postJson(
      app,
      '/api/study/sessions',
      { registrationId, mode, difficulty: 'easy' },
      cookie,
    );
    expect(started.status).toBe(201);
    const session = (await started.json()) as StartedSession;
    const items: { sourceSentence?: string }[] =
      session.mode === 'multiple_choice' ? session.questions : session.cards;
    const fromMaterial = items.filter(
      (item) => item.sourceSentence && expected.includes(plain(item.sourceSentence)),
    );
    expect(fromMaterial.length).toBeGreaterThan(0);
  });
});

describe('materials that give no text', () => {
  it('a PDF with no text layer is marked empty; .doc and .pages are not extractable', async () => {
    const { pdfDocument, wordDocument, pagesDocument } =
      await import('../../../../tests/support/documents');
    const { cookie } = await paidStudent(app, database);
    const scanned = await uploadFile(app, cookie, 'scan.pdf', pdfDocument([]));
    const { id } = (await scanned.json()) as StudyMaterial;
    expect((await settledMaterial(app, cookie, id)).extractionStatus).toBe('empty');
    for (const [name, bytes] of [
      ['old.doc', wordDocument()],
      ['essay.pages', pagesDocument()],
    ] as const) {
      const response = await uploadFile(app, cookie, name, bytes);
      expect(await response.json()).toMatchObject({ extractionStatus: 'not_extractable' });
    }
  });

  it('a damaged PDF fails its own extraction only', async () => {
    const { cookie } = await paidStudent(app, database);
    const damaged = Buffer.concat([
      Buffer.from('%PDF-1.7\n'),
      readFixture('contracts.pdf').subarray(200, 900),
    ]);
    const response = await uploadFile(app, cookie, 'damaged.pdf', damaged);
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as StudyMaterial;
    expect((await settledMaterial(app, cookie, id)).extractionStatus).toBe('failed');
    // The next upload is read as usual.
    const good = await uploadFile(app, cookie, 'contracts.pdf', readFixture('contracts.pdf'));
    const next = (await good.json()) as StudyMaterial;
    expect((await settledMaterial(app, cookie, next.id)).extractionStatus).toBe('done');
  });
});
