import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminRegistrationRow } from '#shared/contracts/admin';
import { errorHandler } from '../../lib/errors';
import { createLogger } from '../../lib/logger';
import { EXPORT_INTERRUPTED, exportCsvStream } from './admin-export';

/**
 * The export's failures through the real Node server (@hono/node-server), which writes an
 * unhandled stream error's message to the client: before the first byte a failure is the app's
 * JSON error; after it, the download is cut off and says nothing of the query.
 */
const row: AdminRegistrationRow = {
  registrationId: 'r1',
  userId: 'u1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  examCategory: 'legal',
  examType: 'Bar Exam',
  state: 'New York',
  city: 'Albany',
  country: 'United States',
  examDate: '2027-02-01',
  paymentStatus: 'completed',
  registeredAt: '2026-01-01T00:00:00.000Z',
  result: null,
  subscription: null,
};

/** What Drizzle throws: the query and, worse, its values in the message. */
const databaseError = () =>
  new Error('Failed query: select name from users where email = $1\nparams: secret@example.com');

async function* failingAfter(batches: number) {
  for (let sent = 0; sent < batches; sent += 1) yield [row];
  throw databaseError();
}

let server: ServerType | undefined;
afterEach(() => {
  server?.close();
});

async function download(batches: AsyncGenerator<AdminRegistrationRow[]>) {
  const logged: string[] = [];
  const logger = createLogger(
    'info',
    new Writable({
      write(chunk, _encoding, done) {
        logged.push(String(chunk));
        done();
      },
    }),
  );
  const app = new Hono().get('/export.csv', async (c) => {
    const csv = await exportCsvStream(batches, logger);
    c.header('Content-Type', 'text/csv; charset=utf-8');
    return c.body(csv);
  });
  app.onError(errorHandler(logger));
  // node-server prints a failed stream's error on the console: it must hold nothing secret.
  // (Replaces the spy of tests/support/fail-on-console-error.ts, which restores it afterwards.)
  const printed: unknown[] = [];
  vi.spyOn(console, 'error').mockImplementation((error: unknown) => printed.push(error));
  server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server!.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  const response = await fetch(`http://127.0.0.1:${port}/export.csv`);
  const body = await response.text().catch((error: unknown) => `(cut off: ${String(error)})`);
  return { response, body, logged: logged.join(''), printed: printed.map(String).join('\n') };
}

describe('the CSV export fails without showing the query', () => {
  it('before the first byte: the JSON error of every route', async () => {
    const { response, body, logged } = await download(failingAfter(0));
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(JSON.parse(body)).toEqual({
      error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' },
    });
    expect(logged).toMatch(/select name from users/);
    expect(logged).not.toContain('secret@example.com');
  });

  it('after the first rows: a cut-off download, logged without the values', async () => {
    const { body, logged, printed } = await download(failingAfter(3));
    expect(body).not.toMatch(/select|secret|params/i);
    expect(printed).not.toMatch(/select|secret|params/i);
    expect(printed).toContain(EXPORT_INTERRUPTED);
    expect(logged).toMatch(/admin CSV export failed/);
    expect(logged).not.toContain('secret@example.com');
  });

  it('a whole export ends with every row', async () => {
    async function* two() {
      yield [row];
      yield [{ ...row, email: 'grace@example.com' }];
    }
    const { response, body } = await download(two());
    expect(response.status).toBe(200);
    expect(body.split('\r\n').filter(Boolean)).toHaveLength(3);
  });
});
