import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogs } from '../../../tests/support/test-app';
import { createTestDatabase } from '../../../tests/support/test-database';
import { UNSTORABLE_TEXT_MESSAGE } from '#shared/contracts/text';
import type { Database } from '../db/client';
import { AppError } from './app-error';
import { errorHandler } from './errors';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

function appWith(route: () => Promise<Response>) {
  const logs = captureLogs();
  const app = new Hono().get('/explode', route);
  app.onError(errorHandler(logs.logger));
  return { app, logs };
}

describe('errorHandler', () => {
  it('hides a real SQL error from the client and logs it', async () => {
    const { app, logs } = appWith(async () => {
      await database.db.execute('select * from table_that_does_not_exist');
      return new Response('unreachable');
    });
    const response = await app.request('/explode');
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' },
    });
    expect(text).not.toMatch(/table_that_does_not_exist|select|stack/i);
    expect(logs.raw.join('\n')).toMatch(/table_that_does_not_exist/);
  });

  it('logs a failed query without its parameter values', async () => {
    const { app, logs } = appWith(async () => {
      await database.db.execute(
        sql`select * from table_that_does_not_exist where email = ${'ada.secret@example.com'}`,
      );
      return new Response('unreachable');
    });
    expect((await app.request('/explode')).status).toBe(500);
    const logged = logs.raw.join('\n');
    expect(logged).toMatch(/table_that_does_not_exist/);
    expect(logged).not.toContain('ada.secret@example.com');
  });

  it.each([
    ['NUL in text', sql`select ${'ada\u0000secret'}::text`],
    ['\\u0000 in JSON', sql`select ${'{"note":"ada\\u0000secret"}'}::jsonb`],
  ])('answers text the database refused (%s) as a 400, without the query', async (_, query) => {
    const { app, logs } = appWith(async () => {
      await database.db.execute(query);
      return new Response('unreachable');
    });
    const response = await app.request('/explode');
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      error: { code: 'invalid_input', message: UNSTORABLE_TEXT_MESSAGE },
    });
    expect(text).not.toMatch(/select|secret|0x00/i);
    expect(logs.raw.join('\n')).toMatch(/select \$1/);
    expect(logs.raw.join('\n')).not.toContain('secret');
  });

  it('passes an AppError through with its code, message and fields', async () => {
    const { app } = appWith(async () => {
      throw new AppError('invalid_input', 'Please enter a valid email address.', {
        email: 'Please enter a valid email address.',
      });
    });
    const response = await app.request('/explode');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        code: 'invalid_input',
        message: 'Please enter a valid email address.',
        fields: { email: 'Please enter a valid email address.' },
      },
    });
  });
});
