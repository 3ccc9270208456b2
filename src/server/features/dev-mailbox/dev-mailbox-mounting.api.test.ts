import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../tests/support/test-app';
import { createTestDatabase } from '../../../../tests/support/test-database';
import type { Database } from '../../db/client';

/** The development mailbox exists only with the outbox, and never in production. */
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('GET /api/dev/mailbox', () => {
  it('answers in development with the outbox', async () => {
    const { app } = createTestApp(database);
    expect((await app.request('/api/dev/mailbox')).status).toBe(200);
  });

  it('does not exist in production', async () => {
    const { app } = createTestApp(database, { production: true });
    const response = await app.request('/api/dev/mailbox');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('does not exist when the public address is not this machine (NODE_ENV forgotten)', async () => {
    const { app } = createTestApp(database, { publicUrl: 'https://starprep.example' });
    expect((await app.request('/api/dev/mailbox')).status).toBe(404);
  });

  it('does not exist when mail goes out over SMTP', async () => {
    const { app, services } = createTestApp(database, {}, { smtpUrl: 'smtp://127.0.0.1:1' });
    expect(services.mailer.kind).toBe('smtp');
    expect((await app.request('/api/dev/mailbox')).status).toBe(404);
  });
});
