import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { UNAVAILABLE_MESSAGE } from '#shared/contracts/errors';
import { captureLogs } from '../../../tests/support/test-app';
import { openPostgres } from '../db/client';
import { healthRoutes } from '../features/health/health.routes';
import { isDatabaseUnavailable } from './database-unavailable';
import { errorHandler } from './errors';

const testDatabaseUrl = process.env.TEST_DATABASE_URL;
/** Nothing listens on port 1, so every connect is refused at once. */
const DOWN_URL = 'postgres://starprep@127.0.0.1:1/starprep';

/** The rows of a pg query result (the shared Db type leaves a result's shape open). */
const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

/** An app whose only route runs `query`, with the real error handler. */
function appRunning(query: () => Promise<unknown>) {
  const logs = captureLogs();
  const app = new Hono().get('/query', async (c) => c.json(await query()));
  app.onError(errorHandler(logs.logger));
  return { app, logs };
}

describe('a database that cannot be reached', () => {
  it('is answered 503 with a clear message and Retry-After, quickly, and logged as a warning', async () => {
    const database = await openPostgres(DOWN_URL);
    try {
      const { app, logs } = appRunning(() => database.db.execute(sql`select 1`));
      const started = performance.now();
      const response = await app.request('/query');
      expect(performance.now() - started).toBeLessThan(2_000);
      expect(response.status).toBe(503);
      expect(response.headers.get('Retry-After')).toBe('5');
      expect(await response.json()).toEqual({
        error: { code: 'unavailable', message: UNAVAILABLE_MESSAGE },
      });
      expect(logs.lines).toEqual([
        expect.objectContaining({ level: 40, msg: 'database unreachable', path: '/query' }),
      ]);
    } finally {
      await database.close();
    }
  });

  it('makes /api/health answer 503 with the database unreachable', async () => {
    const database = await openPostgres(DOWN_URL);
    try {
      const response = await new Hono().route('/health', healthRoutes(database)).request('/health');
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: 'unavailable', database: 'unreachable' });
    } finally {
      await database.close();
    }
  });

  it.skipIf(!testDatabaseUrl)(
    testDatabaseUrl
      ? 'includes a connection the server ended (57P01 admin_shutdown)'
      : 'includes a connection the server ended (skipped: TEST_DATABASE_URL is not set)',
    async () => {
      const database = await openPostgres(testDatabaseUrl!);
      try {
        const error = await database.db
          .execute(sql`select pg_terminate_backend(pg_backend_pid())`)
          .then(
            () => undefined,
            (reason: unknown) => reason,
          );
        expect(isDatabaseUnavailable(error)).toBe(true);
      } finally {
        await database.close();
      }
    },
  );

  it.skipIf(!testDatabaseUrl)(
    testDatabaseUrl
      ? 'includes a connection ended between the queries of a transaction, which crashes nothing'
      : 'includes a connection ended inside a transaction (skipped: TEST_DATABASE_URL is not set)',
    async () => {
      const database = await openPostgres(testDatabaseUrl!);
      const administrator = await openPostgres(testDatabaseUrl!);
      try {
        const error = await database.db
          .transaction(async (tx) => {
            const [backend] = rowsOf<{ pid: number }>(
              await tx.execute(sql`select pg_backend_pid() as pid`),
            );
            await administrator.db.execute(sql`select pg_terminate_backend(${backend!.pid})`);
            // The server's FATAL message arrives while no query runs on the connection.
            await new Promise((resolve) => setTimeout(resolve, 200));
            await tx.execute(sql`select 1`);
          })
          .then(
            () => undefined,
            (reason: unknown) => reason,
          );
        expect(isDatabaseUnavailable(error)).toBe(true);
        expect(rowsOf(await database.db.execute(sql`select 1 as one`))).toEqual([{ one: 1 }]);
      } finally {
        await database.close();
        await administrator.close();
      }
    },
  );
});

describe('isDatabaseUnavailable', () => {
  it.each([
    [
      'a refused connect',
      Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
    ],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    ['a pool timeout', new Error('timeout exceeded when trying to connect')],
    ['the server starting up', Object.assign(new Error('starting up'), { code: '57P03' })],
    [
      'a wrapped driver error',
      new Error('Failed query: select 1', {
        cause: Object.assign(new Error('terminating connection'), { code: '57P01' }),
      }),
    ],
  ])('is true for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a missing table', Object.assign(new Error('relation does not exist'), { code: '42P01' })],
    ['a unique violation', Object.assign(new Error('duplicate key'), { code: '23505' })],
    ['a plain bug', new TypeError('undefined is not a function')],
    ['something thrown that is not an Error', 'ECONNREFUSED'],
  ])('is false for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
