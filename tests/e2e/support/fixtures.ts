import { test as base, expect } from '@playwright/test';

/**
 * Every page gets: no requests to other sites (the machine is offline and tests must not depend
 * on the internet), and a list of console errors that the test checks at the end.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
  page: async ({ page, baseURL }, use) => {
    const ownOrigin = new URL(baseURL!).origin;
    await page.route(
      (url) => url.origin !== ownOrigin,
      (route) => route.abort('blockedbyclient'),
    );
    await use(page);
  },
});

export { expect };
