import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/**
 * The Chromium the end-to-end tests drive: CHROMIUM_PATH, else the system's /usr/bin/chromium,
 * else Playwright's own browser, installed on first use when it is missing.
 */
export function resolveChromium(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH points to a missing file: ${fromEnv}`);
    return fromEnv;
  }
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  const bundled = chromium.executablePath();
  if (!existsSync(bundled)) {
    console.log(
      'No Chromium found; installing Playwright’s own (npx playwright install chromium)...',
    );
    execFileSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'inherit' });
  }
  return bundled;
}
