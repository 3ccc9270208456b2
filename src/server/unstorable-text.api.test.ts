import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, postJson, validRegistration } from '../../tests/support/accounts';
import { paidStudent } from '../../tests/support/paid-student';
import { uploadFile } from '../../tests/support/materials';
import { createTestApp, TEST_ORIGIN } from '../../tests/support/test-app';
import { createTestDatabase } from '../../tests/support/test-database';
import type { Database } from './db/client';
import { studyMaterials } from './db/schema';
import { ensureAdmin } from './features/admin/admin-accounts.service';

/**
 * Issue 13: text PostgreSQL cannot store (NUL, and lone UTF-16 surrogates, which have no UTF-8
 * form) sent to every route that takes text. Each answers a 4xx with a message, never a 500 and
 * never SQL; the few places that strip instead (an uploaded file's name and text) store clean text.
 */
let database: Database;
let app: ReturnType<typeof createTestApp>['app'];
let student: Awaited<ReturnType<typeof paidStudent>>;
let adminCookie: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const testApp = createTestApp(database);
  app = testApp.app;
  student = await paidStudent(app, database);
  const admin = { email: 'unstorable.admin@example.com', password: 'Unstorable-Admin-99' };
  await ensureAdmin({ auth: testApp.services.auth, database }, admin);
  adminCookie = cookieFrom(await postJson(app, '/api/admin/login', admin));
});
afterAll(() => database.close());

/** NUL alone and inside text; lone high and low surrogates (JSON can carry them, a URL cannot). */
const UNSTORABLE = ['\u0000', 'a\u0000b', '\ud800', 'x\udfffy'] as const;
const NUL_ONLY = ['\u0000', 'a\u0000b'] as const;

const send = (method: string, path: string, body: unknown, cookie?: string) =>
  app.request(path, {
    method,
    headers: {
      'Content-Type': 'application/json',
      Origin: TEST_ORIGIN,
      ...(cookie && { Cookie: cookie }),
    },
    body: JSON.stringify(body),
  });
const get = (path: string, cookie: string) => app.request(path, { headers: { Cookie: cookie } });

/** A 4xx JSON error with a message a person can read, and nothing of the database in it. */
async function expectClearRefusal(response: Response, label: string, statuses = [400]) {
  const text = await response.text();
  expect(statuses, `${label}: ${response.status} ${text}`).toContain(response.status);
  const body = JSON.parse(text) as { error: { code: string; message: string } };
  expect(body.error.message.length, label).toBeGreaterThan(0);
  expect(text, label).not.toMatch(/select |insert |update |params|query|0x00|byte sequence/i);
}

type JsonRoute = {
  method: 'POST' | 'PUT';
  path: () => string;
  /** A body the route accepts; each of its text fields in turn gets the bad text. */
  body: () => Record<string, unknown>;
  cookie?: () => string;
};

const studentCookie = () => student.cookie;
const jsonRoutes: Record<string, JsonRoute> = {
  'sign-up': { method: 'POST', path: () => '/api/registration', body: () => validRegistration() },
  'confirm code': {
    method: 'POST',
    path: () => '/api/registration/confirm',
    body: () => ({ email: 'someone@example.com', otp: '123456' }),
  },
  'resend code': {
    method: 'POST',
    path: () => '/api/registration/resend-code',
    body: () => ({ email: 'someone@example.com' }),
  },
  'sign-in': {
    method: 'POST',
    path: () => '/api/auth/login',
    body: () => ({ email: 'someone@example.com', password: 'Analytical1843' }),
  },
  'admin sign-in': {
    method: 'POST',
    path: () => '/api/admin/login',
    body: () => ({ email: 'someone@example.com', password: 'Analytical1843' }),
  },
  checkout: {
    method: 'POST',
    path: () => '/api/billing/checkout',
    body: () => ({ registrationId: student.registrationId }),
    cookie: studentCookie,
  },
  'new exam': {
    method: 'POST',
    path: () => '/api/billing/new-exam',
    body: () => ({
      examCategory: 'legal',
      customExamCategory: '',
      examType: 'Bar Exam',
      customExamType: '',
      examState: 'Texas',
      examDate: `${new Date().getUTCFullYear() + 1}-03-01`,
    }),
    cookie: studentCookie,
  },
  'test card': {
    method: 'POST',
    path: () => '/api/billing/test-checkout/cs_test_unknown/pay',
    body: () => ({ cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' }),
    cookie: studentCookie,
  },
  'exam result': {
    method: 'POST',
    path: () => '/api/dashboard/exam-results',
    body: () => ({ registrationId: student.registrationId, result: 'pass' }),
    cookie: studentCookie,
  },
  'pasted text': {
    method: 'POST',
    path: () => '/api/materials/text',
    body: () => ({ text: 'Torts are civil wrongs.' }),
    cookie: studentCookie,
  },
  profile: {
    method: 'PUT',
    path: () => '/api/profile',
    body: () => ({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '+15550102030',
      professionCategory: 'Law',
      professionSymbol: 'scale',
      bio: 'Studying for the bar.',
    }),
    cookie: studentCookie,
  },
  'AI questions': {
    method: 'POST',
    path: () => '/api/study/questions',
    body: () => ({ difficulty: 'easy', category: 'legal', examType: 'Bar Exam', count: 1 }),
    cookie: studentCookie,
  },
  'AI flashcards': {
    method: 'POST',
    path: () => '/api/study/flashcards',
    body: () => ({ difficulty: 'easy', category: 'legal', examType: 'Bar Exam', count: 1 }),
    cookie: studentCookie,
  },
  'start session': {
    method: 'POST',
    path: () => '/api/study/sessions',
    body: () => ({
      registrationId: student.registrationId,
      mode: 'flashcards',
      difficulty: 'easy',
    }),
    cookie: studentCookie,
  },
  'move exam date (development)': {
    method: 'POST',
    path: () => '/api/dev/tools/exam-date',
    body: () => ({ registrationId: student.registrationId, examDate: '2030-01-01' }),
    cookie: studentCookie,
  },
};

describe('JSON bodies', () => {
  for (const [name, route] of Object.entries(jsonRoutes)) {
    it(`${name}: every text field refuses NUL and lone surrogates`, async () => {
      const fields = Object.entries(route.body()).filter(([, value]) => typeof value === 'string');
      expect(fields.length).toBeGreaterThan(0);
      for (const [field] of fields) {
        for (const bad of UNSTORABLE) {
          const body = { ...route.body(), [field]: `${bad}` };
          const response = await send(route.method, route.path(), body, route.cookie?.());
          await expectClearRefusal(response, `${name}.${field}=${JSON.stringify(bad)}`);
        }
      }
    });
  }

  it('the pasted text names the problem, wherever in the text it is (fast-check)', async () => {
    const badChar = fc.constantFrom('\u0000', '\ud800', '\udbff', '\udc00', '\udfff');
    await fc.assert(
      fc.asyncProperty(fc.string(), badChar, fc.string(), async (before, bad, after) => {
        // A surrogate next to its partner would make a valid pair: keep the bad one alone.
        const text = `x${before.replace(/[\ud800-\udfff]/g, '')} ${bad} ${after.replace(/[\ud800-\udfff]/g, '')}`;
        const response = await send('POST', '/api/materials/text', { text }, student.cookie);
        expect(response.status).toBe(400);
        const body = (await response.json()) as { error: { message: string } };
        expect(body.error.message).toMatch(/cannot be saved/);
      }),
      { numRuns: 25 },
    );
  });

  it('a valid surrogate pair (an emoji) is text like any other', async () => {
    const response = await send(
      'POST',
      '/api/materials/text',
      { text: 'Torts 📚' },
      student.cookie,
    );
    expect(response.status).toBe(201);
  });
});

/** Query strings: a URL carries NUL as %00; a lone surrogate cannot be percent-encoded at all. */
const queryRoutes: Record<string, { path: (value: string) => string; cookie: () => string }> = {
  'checkout status': {
    path: (value) => `/api/billing/checkout-status?session_id=${value}`,
    cookie: studentCookie,
  },
  'admin search': {
    path: (value) => `/api/admin/registrations?search=${value}`,
    cookie: () => adminCookie,
  },
  'admin state filter': {
    path: (value) => `/api/admin/registrations?state=${value}`,
    cookie: () => adminCookie,
  },
  'admin exam type filter': {
    path: (value) => `/api/admin/registrations?examType=${value}`,
    cookie: () => adminCookie,
  },
  'admin CSV export': {
    path: (value) => `/api/admin/registrations.csv?search=${value}`,
    cookie: () => adminCookie,
  },
  'development mailbox (whole address)': {
    path: (value) => `/api/dev/mailbox?to=${value}`,
    cookie: () => '',
  },
  'development mailbox (filter box)': {
    path: (value) => `/api/dev/mailbox?toContains=${value}`,
    cookie: () => '',
  },
};

describe('query strings', () => {
  for (const [name, route] of Object.entries(queryRoutes)) {
    it(`${name} refuses NUL with a JSON 400`, async () => {
      for (const bad of NUL_ONLY) {
        const response = await get(route.path(encodeURIComponent(bad)), route.cookie());
        expect(response.headers.get('content-type')).toMatch(/application\/json/);
        await expectClearRefusal(response, `${name} ${JSON.stringify(bad)}`);
      }
    });
  }

  it('a parameter name with NUL is refused too', async () => {
    const response = await get('/api/admin/registrations?se%00arch=ada', adminCookie);
    await expectClearRefusal(response, 'parameter name');
  });
});

/** Ids in the path: text with NUL is no id of anything, so it is simply not found. */
const pathRoutes: Record<string, { method: string; path: (id: string) => string; body?: unknown }> =
  {
    'a material': { method: 'GET', path: (id) => `/api/materials/${id}` },
    'removing a material': { method: 'DELETE', path: (id) => `/api/materials/${id}` },
    'a test checkout': { method: 'GET', path: (id) => `/api/billing/test-checkout/${id}` },
    'paying a test checkout': {
      method: 'POST',
      path: (id) => `/api/billing/test-checkout/${id}/pay`,
      body: { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' },
    },
    'a registration to study': { method: 'GET', path: (id) => `/api/study/registrations/${id}` },
    'completing a session': {
      method: 'POST',
      path: (id) => `/api/study/sessions/${id}/complete`,
      body: { score: 1, answered: 1 },
    },
    'an avatar': { method: 'GET', path: (id) => `/api/profile/avatar/${id}` },
  };

describe('ids in the path', () => {
  for (const [name, route] of Object.entries(pathRoutes)) {
    it(`${name} with NUL in its id is not found`, async () => {
      for (const bad of NUL_ONLY) {
        const response = await send(
          route.method,
          route.path(encodeURIComponent(`cs_${bad}`)),
          route.body,
          student.cookie,
        );
        await expectClearRefusal(response, `${name} ${JSON.stringify(bad)}`, [404]);
      }
    });
  }
});

describe('headers and uploaded files', () => {
  it('a session cookie with NUL is no session, not an error', async () => {
    const cookie = `better-auth.session_token=abc%00def.c2lnbmF0dXJl`;
    const session = await get('/api/auth/session', cookie);
    expect(await session.json()).toEqual({ user: null });
    for (const path of ['/api/dashboard', '/api/materials']) {
      await expectClearRefusal(await get(path, cookie), path, [401]);
    }
  });

  it('an uploaded file name loses its NUL; the file is kept', async () => {
    const response = await uploadFile(
      app,
      student.cookie,
      undefined,
      new TextEncoder().encode('Torts are civil wrongs.'),
      // Percent-encoded as the page sends it (a header cannot carry NUL itself).
      { 'X-File-Name': 'no%00tes.txt' },
    );
    expect(response.status).toBe(201);
    const { fileName } = (await response.json()) as { fileName: string };
    expect(fileName).toBe('notes.txt');
  });

  it('a text file with NUL bytes is refused as not text, with its name', async () => {
    const response = await uploadFile(app, student.cookie, 'binary.txt', Buffer.from('a\0b'));
    await expectClearRefusal(response, 'NUL in a .txt file');
  });

  it('nothing stored holds NUL', async () => {
    const rows = await database.db
      .select({ name: studyMaterials.fileName, text: studyMaterials.extractedText })
      .from(studyMaterials)
      .where(eq(studyMaterials.userId, student.userId));
    for (const row of rows) expect(`${row.name}${row.text ?? ''}`).not.toContain('\u0000');
  });
});
