import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/support/test-database';
import { createTestApp } from '../../../tests/support/test-app';
import type { Database } from '../db/client';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const forwarded = { 'X-Forwarded-For': '203.0.113.7' };
const warnings = (lines: Record<string, unknown>[]) =>
  lines.filter((line) => String(line.msg).includes('X-Forwarded-For'));

describe('X-Forwarded-For while TRUST_PROXY is off', () => {
  it('is warned about once, at the first request that carries it, saying what to set', async () => {
    const { app, logs } = createTestApp(database, { trustProxy: false });
    await app.request('/api/health');
    expect(warnings(logs.lines)).toEqual([]);

    await app.request('/api/health', { headers: forwarded });
    await app.request('/api/health', { headers: forwarded });
    expect(warnings(logs.lines)).toHaveLength(1);
    expect(warnings(logs.lines)[0]).toMatchObject({ level: 40 });
    expect(String(warnings(logs.lines)[0]!.msg)).toContain('set TRUST_PROXY=on');
  });

  it('is not warned about when TRUST_PROXY is on', async () => {
    const { app, logs } = createTestApp(database, { trustProxy: true });
    await app.request('/api/health', { headers: forwarded });
    expect(warnings(logs.lines)).toEqual([]);
  });
});
