import { Writable } from 'node:stream';
import { createApp, type AppOptions } from '../../src/server/app';
import type { Database } from '../../src/server/db/client';
import { createLogger } from '../../src/server/lib/logger';

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
export function createTestApp(database: Database, overrides: Partial<AppOptions> = {}) {
  const logs = captureLogs();
  const app = createApp({
    database,
    logger: logs.logger,
    translateWidget: true,
    production: false,
    ...overrides,
  });
  return { app, logs };
}
