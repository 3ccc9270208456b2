import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../tests/support/test-database';
import { createTestApp } from '../../tests/support/test-app';
import type { Database } from './db/client';
import { API_BODY_LIMIT_BYTES } from './app';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('GET /api/health', () => {
  it('reports the database as reachable', async () => {
    const { app } = createTestApp(database);
    const response = await app.request('/api/health');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers 503 when the database hangs', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const hanging: Database = { ...database, ping: () => new Promise(() => {}) };
      const { app } = createTestApp(hanging);
      const pending = app.request('/api/health');
      await vi.advanceTimersByTimeAsync(2_000);
      expect((await pending).status).toBe(503);
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers 503 when the database does not answer', async () => {
    const broken: Database = { ...database, ping: () => Promise.reject(new Error('down')) };
    const { app } = createTestApp(broken);
    const response = await app.request('/api/health');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'unavailable', database: 'unreachable' });
  });
});

describe('GET /api/config', () => {
  it('tells the browser whether the translate widget is on', async () => {
    const on = createTestApp(database).app;
    expect(await (await on.request('/api/config')).json()).toEqual({ translateWidget: true });
    const off = createTestApp(database, { translateWidget: false }).app;
    expect(await (await off.request('/api/config')).json()).toEqual({ translateWidget: false });
  });
});

describe('error model', () => {
  it.each(['/api', '/api/', '/api/nope', '/api/health/extra', '/api/HEALTH'])(
    'answers %s with a JSON 404',
    async (path) => {
      const { app } = createTestApp(database);
      const response = await app.request(path);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(await response.json()).toEqual({
        error: { code: 'not_found', message: 'Not found.' },
      });
    },
  );

  it('answers an unknown method on an API path with a JSON 404', async () => {
    const { app } = createTestApp(database);
    const response = await app.request('/api/health', { method: 'DELETE' });
    expect(response.status).toBe(404);
    expect((await response.json()).error.code).toBe('not_found');
  });

  it('refuses a body over the limit with a JSON 413 before reading it', async () => {
    const { app } = createTestApp(database);
    const response = await app.request('/api/health', {
      method: 'POST',
      body: 'x'.repeat(API_BODY_LIMIT_BYTES + 10),
      headers: {
        'content-type': 'application/json',
        'content-length': String(API_BODY_LIMIT_BYTES + 10),
      },
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: { code: 'payload_too_large', message: 'The request is too large.' },
    });
  });
});

describe('security headers', () => {
  it('sends a strict Content-Security-Policy and the usual hardening headers', async () => {
    const { app } = createTestApp(database, { translateWidget: false });
    const response = await app.request('/api/health');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("style-src 'self';");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toContain('translate.google.com');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('allows the translator hosts only while the widget is on', async () => {
    const { app } = createTestApp(database, { translateWidget: true });
    const csp = (await app.request('/api/health')).headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self' https:\/\/translate\.google\.com/);
    expect(csp).not.toMatch(/script-src[^;]*gstatic/);
  });

  it('sends HSTS in production', async () => {
    const { app } = createTestApp(database, { production: true });
    const response = await app.request('/api/health');
    expect(response.headers.get('strict-transport-security')).toContain('max-age=31536000');
  });
});

describe('request logs', () => {
  it('log one line per request without cookies, query strings or passwords', async () => {
    const { app, logs } = createTestApp(database);
    await app.request('/api/health?session_id=cs_secret_value', {
      headers: { cookie: 'starprep.session=very-secret-cookie', authorization: 'Bearer abc123' },
    });
    await app.request('/api/nope', {
      method: 'POST',
      body: JSON.stringify({ password: 'hunter2hunter2' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(logs.lines.filter((line) => line.msg === 'request')).toHaveLength(2);
    expect(logs.lines[0]).toMatchObject({ method: 'GET', path: '/api/health', status: 200 });
    const all = logs.raw.join('\n');
    expect(all).not.toMatch(/very-secret-cookie|abc123|hunter2|cs_secret_value/);
  });
});

describe('the single-page app', () => {
  let parentFolder: string;
  let clientFolder: string;
  const secret = 'SECRET-BESIDE-THE-CLIENT-FOLDER';

  beforeAll(() => {
    parentFolder = mkdtempSync(join(tmpdir(), 'starprep-client-'));
    clientFolder = join(parentFolder, 'client');
    mkdirSync(join(clientFolder, 'assets'), { recursive: true });
    writeFileSync(join(parentFolder, 'secret.txt'), secret);
    writeFileSync(join(parentFolder, 'index.html'), '<div id="root"></div>');
    // Over 1 KB, so the compression middleware takes it.
    writeFileSync(
      join(clientFolder, 'index.html'),
      `<!doctype html><div id="root"></div><!--${'x'.repeat(2000)}-->`,
    );
    writeFileSync(join(clientFolder, 'assets', 'main-abc123.js'), 'console.log(1)');
    writeFileSync(join(clientFolder, 'favicon.svg'), '<svg></svg>');
    writeFileSync(
      join(clientFolder, 'assets', 'main-abc123.js.br'),
      brotliCompressSync('console.log(1)'),
    );
    writeFileSync(
      join(clientFolder, 'index.prerendered.html'),
      '<!doctype html><div id="root"><h1>Welcome</h1></div>',
    );
  });
  afterAll(() => rmSync(parentFolder, { recursive: true, force: true }));

  it('serves hashed assets with a year-long immutable cache', async () => {
    const { app } = createTestApp(database, { clientFolder });
    const response = await app.request('/assets/main-abc123.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('sends the precompressed copy to a browser that accepts it', async () => {
    const { app } = createTestApp(database, { clientFolder });
    const response = await app.request('/assets/main-abc123.js', {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('compresses the HTML of the app', async () => {
    const { app } = createTestApp(database, { clientFolder });
    const response = await app.request('/no/such/page', { headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
  });

  it('answers a missing asset with a plain 404, not the app', async () => {
    const { app } = createTestApp(database, { clientFolder });
    const response = await app.request('/assets/missing-123.js');
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('root');
  });

  it('serves other files with a short cache', async () => {
    const { app } = createTestApp(database, { clientFolder });
    const response = await app.request('/favicon.svg');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('serves the prerendered landing page, revalidated, at /', async () => {
    const { app } = createTestApp(database, { clientFolder });
    const response = await app.request('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toContain('<h1>Welcome</h1>');
  });

  it('does not serve the HTML files by their own names', async () => {
    const { app } = createTestApp(database, { clientFolder });
    for (const path of ['/index.html', '/index.prerendered.html']) {
      const response = await app.request(path);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('<h1>Welcome</h1>');
    }
  });

  it('answers unknown paths with the empty app shell and a 404 status', async () => {
    const { app } = createTestApp(database, { clientFolder });
    const response = await app.request('/no/such/page');
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('<div id="root"></div>');
  });

  it('keeps /api paths as JSON even with the app mounted', async () => {
    const { app } = createTestApp(database, { clientFolder });
    const response = await app.request('/api/unknown');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/json/);
  });

  it('does not serve files outside the client folder', async () => {
    const { app } = createTestApp(database, { clientFolder });
    const attempts = [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/..%5csecret.txt',
      '/assets/..%5c..%5csecret.txt',
    ];
    for (const path of attempts) {
      const response = await app.request(path);
      expect(await response.text(), path).not.toContain(secret);
    }
    // The same request without traversal would have found it: the check above can fail.
    const { app: parentApp } = createTestApp(database, { clientFolder: parentFolder });
    expect(await (await parentApp.request('/secret.txt')).text()).toBe(secret);
  });
});
