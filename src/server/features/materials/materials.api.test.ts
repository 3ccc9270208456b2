import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MATERIALS_MESSAGES,
  PASTED_FILE_NAME,
  type StudyMaterial,
} from '#shared/contracts/materials';
import { UPLOAD } from '#shared/limits';
import { confirmedStudent, postJson } from '../../../../tests/support/accounts';
import {
  docxDocument,
  docxEntries,
  pagesDocument,
  wordDocument,
  zipArchive,
} from '../../../../tests/support/documents';
import { readFixture, settledMaterial, uploadFile } from '../../../../tests/support/materials';
import { paidStudent } from '../../../../tests/support/paid-student';
import { createTestApp, TEST_ORIGIN } from '../../../../tests/support/test-app';
import { createTestDatabase } from '../../../../tests/support/test-database';
import type { Database } from '../../db/client';
import { studyMaterials } from '../../db/schema';
import { PAYMENT_REQUIRED_MESSAGE } from '../../lib/auth-guards';
import { createLocalStorage } from '../../integrations/storage/local-storage';
import { ZIP_LIMITS } from './file-kind';

/** The upload page's API (spec sections 3, 5, 7 and 8; issue 6 section 4). */
let database: Database;
let app: ReturnType<typeof createTestApp>['app'];
let services: ReturnType<typeof createTestApp>['services'];
let uploadsRoot: string;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app, services } = createTestApp(database));
  uploadsRoot = join(services.storage.spoolDir, '..');
});
afterAll(async () => {
  await services.close();
  await database.close();
});

const storedFiles = (userId: string) => {
  const folder = join(uploadsRoot, userId);
  return existsSync(folder) ? readdirSync(folder) : [];
};
const spooledFiles = () =>
  existsSync(services.storage.spoolDir) ? readdirSync(services.storage.spoolDir) : [];
const rowsOf = (userId: string) =>
  database.db.select().from(studyMaterials).where(eq(studyMaterials.userId, userId));

async function expectRefused(response: Response, status: number, message: string) {
  expect(response.status).toBe(status);
  expect(await response.json()).toMatchObject({ error: { message } });
}

describe('access', () => {
  it('refuses anonymous callers (401) and students without a payment (402)', async () => {
    const text = Buffer.from('Some notes about torts.');
    expect((await uploadFile(app, '', 'notes.txt', text)).status).toBe(401);
    expect((await postJson(app, '/api/materials/text', { text: 'Notes' })).status).toBe(401);
    expect((await app.request('/api/materials')).status).toBe(401);

    const { cookie } = await confirmedStudent(app, database);
    await expectRefused(
      await uploadFile(app, cookie, 'notes.txt', text),
      402,
      PAYMENT_REQUIRED_MESSAGE,
    );
    const pasted = await postJson(app, '/api/materials/text', { text: 'Notes' }, cookie);
    expect(pasted.status).toBe(402);
  });

  it('refuses an upload from another site (CSRF)', async () => {
    const { cookie } = await paidStudent(app, database);
    const response = await uploadFile(app, cookie, 'notes.txt', Buffer.from('Some notes.'), {
      Origin: 'https://evil.example',
    });
    expect(response.status).toBe(403);
  });
});

describe('accepted files', () => {
  it('stores each allowed kind with the type its bytes showed, one row per file', async () => {
    const { cookie, userId } = await paidStudent(app, database);
    const cases: [string, Buffer, string, string][] = [
      ['Contracts outline.pdf', readFixture('contracts.pdf'), 'application/pdf', 'pending'],
      [
        'pharmacology.docx',
        readFixture('pharmacology.docx'),
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        'pending',
      ],
      ['Old notes.doc', wordDocument(), 'application/msword', 'not_extractable'],
      ['Essay.pages', pagesDocument(), 'application/vnd.apple.pages', 'not_extractable'],
      ['electrical.txt', readFixture('electrical.txt'), 'text/plain; charset=utf-8', 'done'],
    ];
    for (const [name, bytes, contentType, status] of cases) {
      const response = await uploadFile(app, cookie, name, bytes);
      expect(response.status, name).toBe(201);
      const material = (await response.json()) as StudyMaterial;
      expect(material).toMatchObject({
        fileName: name,
        contentType,
        sizeBytes: bytes.length,
        extractionStatus: status,
      });
    }
    const rows = await rowsOf(userId);
    expect(rows).toHaveLength(cases.length);
    for (const row of rows) {
      // Spec section 3: <user id>/<timestamp>_<sanitized name>.
      expect(row.fileUrl).toMatch(new RegExp(`^${userId}/\\d{13}_[\\p{L}\\p{N}._-]+$`, 'u'));
    }
    expect(rows.find((row) => row.fileName === 'Essay.pages')!.fileUrl).toMatch(/_Essay\.pages$/);
    expect(storedFiles(userId)).toHaveLength(cases.length);
    expect(rows.find((row) => row.fileName === 'electrical.txt')!.extractedText).toContain(
      'Voltage is the electrical potential difference',
    );
    // The list shows them newest first.
    const list = (await (
      await app.request('/api/materials', { headers: { Cookie: cookie } })
    ).json()) as { materials: StudyMaterial[] };
    expect(list.materials.map((material) => material.fileName)).toEqual(
      cases.map(([name]) => name).reverse(),
    );
    expect(spooledFiles()).toEqual([]);
  });

  it('accepts a file of exactly 10 MB', async () => {
    const { cookie } = await paidStudent(app, database);
    const response = await uploadFile(
      app,
      cookie,
      'long.txt',
      Buffer.alloc(UPLOAD.maxFileBytes, 'a'),
    );
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ sizeBytes: UPLOAD.maxFileBytes });
  });
});

describe('refused files', () => {
  it('names not ending in an allowed type, before reading the body', async () => {
    const { cookie, userId } = await paidStudent(app, database);
    for (const name of ['photo.png', 'setup.exe', 'notes', 'archive.zip', 'report.pdf.exe']) {
      await expectRefused(
        await uploadFile(app, cookie, name, Buffer.from('whatever')),
        400,
        MATERIALS_MESSAGES.notSupported(name),
      );
    }
    expect(await rowsOf(userId)).toEqual([]);
  });

  it('wrong bytes under an allowed name', async () => {
    const { cookie, userId } = await paidStudent(app, database);
    const plainZip = zipArchive([{ name: 'notes.txt', data: 'Just a zipped note.' }]);
    const cases: [string, Buffer][] = [
      ['fake.pdf', Buffer.from('This is text pretending to be a PDF.')],
      ['fake.docx', readFixture('contracts.pdf')],
      ['zipped.docx', plainZip],
      ['document.pages', docxDocument(['A Word document, not Pages.'])],
      ['spreadsheet.doc', Buffer.concat([wordDocument().subarray(0, 8), Buffer.alloc(2048)])],
      ['binary.txt', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe])],
      ['nul.txt', Buffer.from('text with a \u0000 NUL byte')],
      ['latin1.txt', Buffer.from('caf\xe9 cr\xe8me', 'latin1')],
      ['word.txt', readFixture('pharmacology.docx')],
    ];
    for (const [name, bytes] of cases) {
      await expectRefused(
        await uploadFile(app, cookie, name, bytes),
        400,
        MATERIALS_MESSAGES.notSupported(name),
      );
    }
    await expectRefused(
      await uploadFile(app, cookie, 'empty.pdf', Buffer.alloc(0)),
      400,
      MATERIALS_MESSAGES.empty('empty.pdf'),
    );
    expect(await rowsOf(userId)).toEqual([]);
    expect(storedFiles(userId)).toEqual([]);
    expect(spooledFiles()).toEqual([]);
  });

  it('a file 1 byte over 10 MB', async () => {
    const { cookie, userId } = await paidStudent(app, database);
    await expectRefused(
      await uploadFile(app, cookie, 'big.pdf', Buffer.alloc(UPLOAD.maxFileBytes + 1, 0x25)),
      413,
      MATERIALS_MESSAGES.tooLarge('big.pdf'),
    );
    expect(await rowsOf(userId)).toEqual([]);
    expect(spooledFiles()).toEqual([]);
  });

  it('a body over 10 MB without a length: reading stops at the limit', async () => {
    const { cookie } = await paidStudent(app, database);
    let pulled = 0;
    const chunk = new Uint8Array(64 * 1024).fill(0x61);
    // An endless body: only stopping at the limit ends this request.
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const response = await uploadFile(app, cookie, 'endless.txt', endless);
    await expectRefused(response, 413, MATERIALS_MESSAGES.tooLarge('endless.txt'));
    expect(response.headers.get('Connection')).toBe('close');
    // The limit, plus at most the chunks the stream had queued ahead.
    expect(pulled).toBeLessThanOrEqual(UPLOAD.maxFileBytes + 4 * chunk.length);
    expect(spooledFiles()).toEqual([]);
  });

  it('a declared length over 10 MB: refused before any byte is read', async () => {
    const { cookie } = await paidStudent(app, database);
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const response = await uploadFile(app, cookie, 'huge.pdf', body, {
      'Content-Length': String(UPLOAD.maxFileBytes + 1),
    });
    await expectRefused(response, 413, MATERIALS_MESSAGES.tooLarge('huge.pdf'));
    expect(pulled).toBeLessThanOrEqual(1);
  });

  it('ZIP bombs named .docx, judged on the central directory before inflating', async () => {
    const { cookie, userId } = await paidStudent(app, database);
    // 42 entries that each declare 4 GB minus a byte: a classic bomb's directory.
    const declaredBomb = zipArchive([
      ...docxEntries(['Looks like a document.']),
      ...Array.from({ length: 40 }, (_, index) => ({
        name: `word/media/layer${index}.xml`,
        data: Buffer.alloc(1024),
        declaredSize: 0xfffffffe,
      })),
    ]);
    // More entries than any document has.
    const manyEntries = zipArchive([
      ...docxEntries(['Many entries.']),
      ...Array.from({ length: ZIP_LIMITS.entries + 1 }, (_, index) => ({
        name: `customXml/item${index}.xml`,
        data: '',
        store: true,
      })),
    ]);
    for (const [name, bytes] of [
      ['bomb.docx', declaredBomb],
      ['many.docx', manyEntries],
    ] as const) {
      await expectRefused(
        await uploadFile(app, cookie, name, bytes),
        400,
        MATERIALS_MESSAGES.notSupported(name),
      );
    }
    expect(await rowsOf(userId)).toEqual([]);
  });

  it('a ZIP bomb that lies about its sizes is stored, and only its extraction fails', async () => {
    const { cookie } = await paidStudent(app, database);
    // 200 MB of zeros deflate to about 200 KB; the directory claims 1 KB.
    const liar = zipArchive([
      ...docxEntries(['Hello.']),
      { name: 'word/media/zeros.bin', data: Buffer.alloc(200 * 1024 * 1024), declaredSize: 1024 },
    ]);
    const response = await uploadFile(app, cookie, 'liar.docx', liar);
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as StudyMaterial;
    expect((await settledMaterial(app, cookie, id)).extractionStatus).toBe('failed');
    // The server is fine.
    expect((await app.request('/api/health')).status).toBe(200);
  });
});

describe('file names', () => {
  it('sanitizes names: no folders, no < > " \' &, and keys stay in the student’s folder', async () => {
    const { cookie, userId } = await paidStudent(app, database);
    const cases: [string, string][] = [
      ['../../../etc/passwd.txt', 'passwd.txt'],
      ['..\\..\\windows\\win.ini.txt', 'win.ini.txt'],
      ['<img src=x onerror=alert(1)>.txt', 'img src=x onerror=alert(1).txt'],
      ['Tom & Jerry\'s "notes".txt', 'Tom Jerrys notes.txt'],
      ['Übersicht Vertragsrecht.txt', 'Übersicht Vertragsrecht.txt'],
      ['..hidden.txt', 'hidden.txt'],
    ];
    for (const [raw, shown] of cases) {
      const response = await uploadFile(app, cookie, raw, Buffer.from('Some notes on contracts.'));
      expect(response.status, raw).toBe(201);
      expect(((await response.json()) as StudyMaterial).fileName).toBe(shown);
    }
    for (const row of await rowsOf(userId)) {
      expect(row.fileUrl.startsWith(`${userId}/`)).toBe(true);
      expect(row.fileUrl.split('/')).toHaveLength(2);
      expect(row.fileUrl).not.toMatch(/[<>"'&\\ ]|\.\./);
    }
    expect(storedFiles(userId)).toHaveLength(cases.length);
  });

  it('refuses an upload without a name', async () => {
    const { cookie } = await paidStudent(app, database);
    await expectRefused(
      await uploadFile(app, cookie, undefined, Buffer.from('notes')),
      400,
      MATERIALS_MESSAGES.missingFileName,
    );
  });
});

describe('pasted text', () => {
  it('is stored as pasted_content.txt with its text', async () => {
    const { cookie, userId } = await paidStudent(app, database);
    const text = 'Negligence is the failure to use reasonable care.\n\nA tort is a civil wrong.';
    const response = await postJson(app, '/api/materials/text', { text }, cookie);
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      fileName: PASTED_FILE_NAME,
      contentType: 'text/plain; charset=utf-8',
      extractionStatus: 'done',
      sizeBytes: Buffer.byteLength(text),
    });
    const [row] = await rowsOf(userId);
    expect(row!.extractedText).toBe(text);
    expect(row!.fileUrl).toMatch(new RegExp(`^${userId}/\\d{13}_pasted_content\\.txt$`));
  });

  it('allows 50,000 characters, not one more, and refuses empty text', async () => {
    const { cookie } = await paidStudent(app, database);
    const max = 'a'.repeat(UPLOAD.maxPastedChars);
    expect((await postJson(app, '/api/materials/text', { text: max }, cookie)).status).toBe(201);
    await expectRefused(
      await postJson(app, '/api/materials/text', { text: `${max}a` }, cookie),
      400,
      MATERIALS_MESSAGES.pastedTooLong,
    );
    for (const text of ['', '   \n  ']) {
      await expectRefused(
        await postJson(app, '/api/materials/text', { text }, cookie),
        400,
        MATERIALS_MESSAGES.nothingToUpload,
      );
    }
  });
});

describe('ownership', () => {
  it('another student’s materials are 404: reading, removing; the list has only one’s own', async () => {
    const owner = await paidStudent(app, database);
    const stranger = await paidStudent(app, database);
    const uploaded = await uploadFile(app, owner.cookie, 'mine.txt', Buffer.from('My notes.'));
    const { id } = (await uploaded.json()) as StudyMaterial;
    const as = (cookie: string, method = 'GET') =>
      app.request(`/api/materials/${id}`, {
        method,
        headers: { Cookie: cookie, Origin: TEST_ORIGIN },
      });

    await expectRefused(await as(stranger.cookie), 404, MATERIALS_MESSAGES.notFound);
    await expectRefused(await as(stranger.cookie, 'DELETE'), 404, MATERIALS_MESSAGES.notFound);
    const strangerList = await app.request('/api/materials', {
      headers: { Cookie: stranger.cookie },
    });
    expect(await strangerList.json()).toEqual({ materials: [] });
    expect((await as(owner.cookie)).status).toBe(200);
    await expectRefused(
      await app.request('/api/materials/not-a-uuid', { headers: { Cookie: owner.cookie } }),
      404,
      MATERIALS_MESSAGES.notFound,
    );

    // The owner removes it: the row and the stored file go.
    expect(storedFiles(owner.userId)).toHaveLength(1);
    expect((await as(owner.cookie, 'DELETE')).status).toBe(204);
    expect(await rowsOf(owner.userId)).toEqual([]);
    expect(storedFiles(owner.userId)).toEqual([]);
    expect((await as(owner.cookie)).status).toBe(404);
  });
});

describe('nothing half-stored', () => {
  it('a row that cannot be written takes its stored file with it', async () => {
    const { cookie, userId } = await paidStudent(app, database);
    await database.db.execute(
      sql`alter table study_materials add constraint test_refuse_name check (file_name <> 'refused.txt')`,
    );
    try {
      const response = await uploadFile(app, cookie, 'refused.txt', Buffer.from('Some notes.'));
      expect(response.status).toBe(500);
      expect(await rowsOf(userId)).toEqual([]);
      expect(storedFiles(userId)).toEqual([]);
      expect(spooledFiles()).toEqual([]);
    } finally {
      await database.db.execute(sql`alter table study_materials drop constraint test_refuse_name`);
    }
  });

  it('a storage that fails leaves no row', async () => {
    const local = createLocalStorage(join(uploadsRoot, '..', 'failing-storage'), {
      ownsRoot: true,
    });
    const failing = {
      ...local,
      putFile: async () => {
        throw new Error('storage is down');
      },
    };
    const { app: failingApp, services: failingServices } = createTestApp(
      database,
      {},
      { storage: failing },
    );
    try {
      const { cookie, userId } = await paidStudent(failingApp, database);
      const response = await uploadFile(failingApp, cookie, 'notes.txt', Buffer.from('Notes.'));
      expect(response.status).toBe(500);
      expect(await response.json()).toMatchObject({ error: { code: 'internal' } });
      expect(await rowsOf(userId)).toEqual([]);
    } finally {
      await failingServices.close();
    }
  });
});
