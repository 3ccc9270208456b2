import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { expect } from './fixtures';

/**
 * No WCAG 2 A or AA violation that axe can find on the page as it is now. A mail's own HTML (in
 * the mailbox's preview frame) is the mail's business, not the page's.
 */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa'])
    .exclude('iframe')
    .analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

/**
 * The page at desktop (1440 px) and phone (375 px) width: no sideways scrolling, axe clean, and a
 * full-page screenshot of each, attached to the test report for a person to look at.
 */
export async function screenshots(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow, `${name} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    const path = testInfo.outputPath(`${name}-${width}.png`);
    await page.screenshot({ path, fullPage: true });
    await testInfo.attach(`${name}-${width}`, { path, contentType: 'image/png' });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}
