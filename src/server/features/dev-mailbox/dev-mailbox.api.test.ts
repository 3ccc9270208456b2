import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogs } from '../../../../tests/support/test-app';
import { createTestDatabase } from '../../../../tests/support/test-database';
import type { Database } from '../../db/client';
import { createOutboxMailer } from '../../integrations/mail/outbox-mailer';
import { apiNotFound, errorHandler } from '../../lib/errors';
import { devMailboxRoutes } from './dev-mailbox.routes';

let database: Database;
let app: Hono;

type MailboxBody = {
  mails: {
    id: string;
    to: string;
    subject: string;
    text: string;
    html: string;
    createdAt: string;
  }[];
};

beforeAll(async () => {
  database = await createTestDatabase();
  const { logger } = captureLogs();
  app = new Hono().route('/api/dev/mailbox', devMailboxRoutes(database));
  app.onError(errorHandler(logger));
  app.notFound(apiNotFound);

  const mailer = createOutboxMailer({
    database,
    logger,
    from: 'StarPrep <a@b.c>',
    print: () => {},
  });
  await mailer.send({
    to: 'ada@example.com',
    subject: 'one',
    text: 'text one',
    html: '<p>one</p>',
  });
  await mailer.send({
    to: 'bob@example.com',
    subject: 'two',
    text: 'text two',
    html: '<p>two</p>',
  });
  await mailer.send({
    to: 'Ada@Example.com',
    subject: 'three',
    text: 'text three',
    html: '<p>3</p>',
  });
});
afterAll(async () => {
  await database.close();
});

async function get(query = '') {
  const response = await app.request(`/api/dev/mailbox${query}`);
  return { response, body: (await response.json()) as MailboxBody };
}

describe('GET /api/dev/mailbox', () => {
  it('lists every mail, newest first, with all its parts', async () => {
    const { response, body } = await get();
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(body.mails.map((mail) => mail.subject)).toEqual(['three', 'two', 'one']);
    expect(body.mails[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      to: 'Ada@Example.com',
      subject: 'three',
      text: 'text three',
      html: '<p>3</p>',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
  });

  it('filters by the whole address, ignoring case', async () => {
    const { body } = await get('?to=ADA%40example.com');
    expect(body.mails.map((mail) => mail.subject)).toEqual(['three', 'one']);
  });

  it('filters by part of the address', async () => {
    const { body } = await get('?toContains=BO');
    expect(body.mails.map((mail) => mail.subject)).toEqual(['two']);
  });

  it('treats an empty filter as no filter and honours limit', async () => {
    const { body } = await get('?to=&toContains=%20&limit=2');
    expect(body.mails.map((mail) => mail.subject)).toEqual(['three', 'two']);
  });

  it('answers a filter that is too long with a 400 in the error shape', async () => {
    const response = await app.request(`/api/dev/mailbox?to=${'a'.repeat(1_000)}`);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(await response.json()).toEqual({
      error: {
        code: 'invalid_input',
        message: 'Check the mailbox filter.',
        fields: { to: 'Enter at most 100 characters.' },
      },
    });
  });

  it.each(['0', '201', 'ten', '1.5'])('refuses limit=%s', async (limit) => {
    const response = await app.request(`/api/dev/mailbox?limit=${limit}`);
    expect(response.status).toBe(400);
    expect((await response.json()).error.fields).toEqual({
      limit: 'Enter a whole number from 1 to 200.',
    });
  });
});
