import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REGISTRATION_FIELDS,
  REGISTRATION_MAX_LENGTH,
  REGISTRATION_MESSAGES,
} from '#shared/contracts/registration';
import { PAYLOAD_TOO_LARGE_MESSAGE } from '#shared/contracts/errors';
import { postJson, validRegistration } from '../../../../tests/support/accounts';
import { createTestApp, TEST_ORIGIN } from '../../../../tests/support/test-app';
import { createTestDatabase } from '../../../../tests/support/test-database';
import type { Database } from '../../db/client';
import { outboxMails, pendingRegistrations, users } from '../../db/schema';

/**
 * The worst inputs we could think of, sent straight to the API as a script would: each gets a
 * clear 400 with the form's message, and nothing is stored.
 */
let database: Database;
let app: ReturnType<typeof createTestApp>['app'];
let logs: ReturnType<typeof createTestApp>['logs'];

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app, logs } = createTestApp(database));
});
afterAll(() => database.close());

async function nothingStored() {
  expect(await database.db.select().from(users)).toEqual([]);
  expect(await database.db.select().from(pendingRegistrations)).toEqual([]);
  expect(await database.db.select().from(outboxMails)).toEqual([]);
}

async function expectRefused(body: unknown, message?: string) {
  const response = await postJson(app, '/api/registration', body);
  expect(response.status).toBe(400);
  const { error } = (await response.json()) as { error: { code: string; message: string } };
  expect(error.code).toBe('invalid_input');
  if (message) expect(error.message).toBe(message);
  return error;
}

describe('registration refuses bad input cleanly', () => {
  it('every field one character over its maximum', async () => {
    for (const field of REGISTRATION_FIELDS) {
      const max = REGISTRATION_MAX_LENGTH[field];
      const error = await expectRefused(validRegistration({ [field]: 'a'.repeat(max + 1) }));
      expect(error.message, field).toMatch(/must be at most \d+ characters|Please/);
    }
    await nothingStored();
  });

  it.each([
    ['NUL', 'Ada\u0000Lovelace'],
    ['right-to-left override', 'Ada\u202eecalevoL'],
    ['zero-width space', 'Ada\u200bLovelace'],
    ['bell', 'Ada\u0007'],
  ])('a name with a %s', async (_label, firstName) => {
    await expectRefused(
      validRegistration({ firstName }),
      'First name contains characters that are not allowed.',
    );
    await nothingStored();
  });

  it('emoji, HTML and SQL in names get the names message', async () => {
    for (const firstName of [
      'Ada 🚀',
      '<img src=x onerror=alert(1)>',
      "Robert'); DROP TABLE users;--",
    ]) {
      await expectRefused(validRegistration({ firstName }), REGISTRATION_MESSAGES.name);
    }
    await nothingStored();
  });

  it('HTML in the address is refused; SQL-looking text is only text', async () => {
    await expectRefused(
      validRegistration({ address: '<script>alert(1)</script>' }),
      'Address contains characters that are not allowed.',
    );
    await nothingStored();
    const response = await postJson(
      app,
      '/api/registration',
      validRegistration({ address: "1'; DROP TABLE users; --", city: 'Zürich 🏔' }),
    );
    expect(response.status).toBe(201);
    expect((await database.db.select().from(pendingRegistrations))[0]?.studentInfo).toMatchObject({
      address: "1'; DROP TABLE users; --",
      city: 'Zürich 🏔',
    });
    await database.db.delete(users);
    await database.db.delete(outboxMails);
  });

  it('wrong types, arrays, null and nested objects', async () => {
    for (const body of [
      { ...validRegistration(), email: ['a@b.co'] },
      { ...validRegistration(), password: null },
      { ...validRegistration(), phone: { $gt: '' } },
      { ...validRegistration(), examDate: 20270615 },
    ]) {
      await expectRefused(body);
    }
    for (const body of [null, [], 'text', 42]) await expectRefused(body);
    await nothingStored();
  });

  it('a body that is not JSON, or not declared as JSON', async () => {
    const broken = await app.request('/api/registration', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: TEST_ORIGIN },
      body: '{"email": "a@b.co",',
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ error: { code: 'invalid_input' } });
    const form = await app.request('/api/registration', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', Origin: TEST_ORIGIN },
      body: JSON.stringify(validRegistration()),
    });
    expect(form.status).toBe(400);
    await nothingStored();
  });

  it('a 1 MB body is refused before it is read', async () => {
    const response = await postJson(app, '/api/registration', {
      ...validRegistration(),
      address: 'x'.repeat(1024 * 1024),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: { message: PAYLOAD_TOO_LARGE_MESSAGE } });
    await nothingStored();
  });

  it('any string in any field: never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...REGISTRATION_FIELDS.filter((field) => field !== 'email')),
        fc.string({ unit: 'binary', maxLength: 300 }),
        async (field, value) => {
          const response = await postJson(
            app,
            '/api/registration',
            validRegistration({ [field]: value }),
          );
          expect([201, 400]).toContain(response.status);
        },
      ),
      { numRuns: 60 },
    );
    expect(logs.lines.filter((line) => line.level === 50)).toEqual([]);
  });
});
