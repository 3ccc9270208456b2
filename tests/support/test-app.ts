import { Writable } from 'node:stream';
import { createApp, type AppOptions } from '../../src/server/app';
import type { Database } from '../../src/server/db/client';
import { createLogger } from '../../src/server/lib/logger';
import { createServices, type ServicesConfig } from '../../src/server/services';
import { fakeSigningSecret, fakeWebhookSecret } from './fake-secrets';

/** The origin app.request() uses: requests to '/api/...' arrive as http://localhost/api/... */
export const TEST_ORIGIN = 'http://localhost';
/** The secret the test app checks payment events against. */
export const TEST_WEBHOOK_SECRET = fakeWebhookSecret();
/** One per test process, as every instance of a deployment shares AUTH_SECRET. */
const TEST_AUTH_SECRET = fakeSigningSecret();

/** Everything the app logged during a test, one parsed JSON object per line. */
export function captureLogs() {
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) {
        raw.push(line);
        lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  return { logger: createLogger('info', stream), lines, raw };
}

/** The real app on a test database, with its logs captured instead of printed. */
export function createTestApp(
  database: Database,
  overrides: Partial<AppOptions> = {},
  serviceOverrides: Partial<ServicesConfig> = {},
) {
  const logs = captureLogs();
  const services = createServices({
    database,
    logger: logs.logger,
    publicUrl: TEST_ORIGIN,
    authSecret: TEST_AUTH_SECRET,
    production: false,
    mailFrom: 'StarPrep <no-reply@starprep.test>',
    // The outbox still stores every mail (tests read codes from it); the console stays quiet.
    printMail: () => {},
    ...serviceOverrides,
  });
  const app = createApp({
    database,
    logger: logs.logger,
    services,
    translateWidget: true,
    production: false,
    publicUrl: TEST_ORIGIN,
    trustProxy: false,
    webhookSecret: TEST_WEBHOOK_SECRET,
    ...overrides,
  });
  return { app, logs, services };
}
