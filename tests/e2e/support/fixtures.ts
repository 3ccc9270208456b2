import { test as base, expect } from '@playwright/test';

/**
 * Every page gets: no requests beyond this machine (the machine is offline and tests must not depend
 * on the internet), and a list of console errors that the test checks at the end.
 */
const EXPECTED_REFUSAL =
  /^Failed to load resource: the server responded with a status of (400|401|403|409|413|429) /;

let clients = 0;

export const test = base.extend<{ consoleErrors: string[] }>({
  // Each test is its own client address (the server under test runs with TRUST_PROXY=on): the
  // per-address sign-up and code limits hold for one person, not for a whole test run that
  // registers dozens of students from 127.0.0.1.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    clients += 1;
    const address = `10.${testInfo.workerIndex % 250}.${(clients >> 8) & 255}.${clients & 255}`;
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': address });
  },
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      // Chromium logs every 4xx answer to fetch; the API's expected refusals (a wrong password,
      // an unconfirmed e-mail, a rate limit...) are shown by the page and are not errors.
      // 404 and every 5xx still count.
      if (EXPECTED_REFUSAL.test(message.text())) return;
      errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
  page: async ({ page }, use) => {
    // Servers on this machine (the app under test, and any a test starts) stay reachable.
    const loopback = new Set(['localhost', '127.0.0.1', '[::1]']);
    await page.route(
      (url) => !loopback.has(url.hostname),
      (route) => route.abort('blockedbyclient'),
    );
    await use(page);
  },
});

export { expect };
