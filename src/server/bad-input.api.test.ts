import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../tests/support/test-app';
import { createTestDatabase } from '../../tests/support/test-database';
import type { Database } from './db/client';

let database: Database;
let clientFolder: string;

beforeAll(async () => {
  database = await createTestDatabase();
  clientFolder = mkdtempSync(join(tmpdir(), 'starprep-bad-input-'));
  mkdirSync(join(clientFolder, 'assets'));
  writeFileSync(join(clientFolder, 'index.html'), '<!doctype html><div id="root"></div>');
});
afterAll(async () => {
  await database.close();
  rmSync(clientFolder, { recursive: true, force: true });
});

/** Odd paths a scanner or a broken link might send: each gets a clear answer, never a 500. */
const oddPaths = [
  '/%00',
  '/assets/%00.js',
  '/%E0%A4%A',
  '/%',
  '/assets/%ZZ',
  `/${'a'.repeat(5_000)}`,
  '/\u202Eevil',
  '/😀/🚀',
  '/<script>alert(1)</script>',
  "/' or 1=1 --",
  '//double//slashes//',
  '/api/%00',
  '/api/health%00',
  '/api/%E0%A4%A',
];

describe('odd paths', () => {
  it.each(oddPaths)('%s gets a 4xx, not a 500', async (path) => {
    const { app } = createTestApp(database, { clientFolder });
    const response = await app.request(path);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });

  it('answers every odd /api path with the JSON error shape', async () => {
    const { app } = createTestApp(database, { clientFolder });
    for (const path of oddPaths.filter((p) => p.startsWith('/api'))) {
      const body = await (await app.request(path)).json();
      expect(body).toEqual({ error: { code: 'not_found', message: 'Not found.' } });
    }
  });
});

describe('odd requests', () => {
  it('refuses a body on a GET-only route without reading it as a crash', async () => {
    const { app } = createTestApp(database);
    const response = await app.request('/api/health', {
      method: 'POST',
      body: '{"not": "json"',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(404);
  });

  it('answers HEAD on the health check', async () => {
    const { app } = createTestApp(database);
    const response = await app.request('/api/health', { method: 'HEAD' });
    expect(response.status).toBe(200);
  });
});
