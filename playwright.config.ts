import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { OFFLINE_CHROMIUM_FLAGS } from './scripts/chromium-flags.mjs';
import { E2E_ADMIN } from './tests/e2e/support/admin';
import { resolveChromium } from './tests/e2e/support/chromium';

const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://localhost:${port}`;
// One folder per port, emptied when the web server starts: each run begins on an empty
// database. (This file is loaded again by every worker, so it must not create folders itself.)
const dataDir = join(tmpdir(), `starprep-e2e-${port}`);

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: resolveChromium(),
      args: [...OFFLINE_CHROMIUM_FLAGS, '--autoplay-policy=no-user-gesture-required'],
    },
  },
  projects: [{ name: 'chromium' }],
  // The production build, started exactly as `npm start` does (it builds when needed).
  webServer: {
    // The admin the admin-portal test signs in with, made the way an operator makes one.
    command: [
      `node -e "fs.rmSync(process.env.DATA_DIR, { recursive: true, force: true })"`,
      `npm run --silent admin:create -- --email ${E2E_ADMIN.email} --password '${E2E_ADMIN.password}'`,
      'node scripts/start.mjs',
    ].join(' && '),
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    // NODE_ENV as a fresh `npm start` has it: the mail outbox and its development mailbox are on.
    // TRUST_PROXY: each test sends its own X-Forwarded-For (tests/e2e/support/fixtures.ts).
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      TRUST_PROXY: 'on',
    },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
