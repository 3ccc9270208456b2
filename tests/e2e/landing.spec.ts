import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support/fixtures';

test.describe('landing page', () => {
  test('renders every section with no console errors', async ({ page, consoleErrors }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Welcome to StarPrep' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'StarPrep home' })).toHaveAttribute('href', '/');

    // Exam types come from the shared catalogue.
    const medical = page.getByRole('list', { name: 'Medical & Healthcare exams' });
    await expect(medical.getByRole('listitem')).toHaveText([
      'USMLE',
      'NBDE',
      'NAPLEX',
      'NCLEX',
      'NAVLE',
      'NPTE',
      'CMA',
    ]);
    await expect(page.getByRole('list', { name: 'Legal exams' })).toContainText('Bar Exam');
    await expect(page.getByRole('list', { name: 'Business & Finance exams' })).toContainText(
      'CPA Exam',
    );

    for (const title of [
      'Real Study Exam Questions',
      'Instant Feedback',
      'Professional Licensing Exam Focus',
    ]) {
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
    }
    await expect(page.getByText('150.00 USD per year, plus tax')).toBeVisible();
    await expect(page.getByRole('heading', { name: /learn from people who passed/ })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Social media' }).getByRole('link'),
    ).toHaveCount(5);

    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    await expect(nav.getByRole('link', { name: 'Register' })).toHaveAttribute(
      'href',
      '/exam-registration',
    );
    expect(consoleErrors).toEqual([]);
  });

  test('is readable before its JavaScript runs (prerendered)', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(baseURL!);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Welcome to StarPrep' }),
    ).toBeVisible();
    await expect(page.getByText('150.00 USD')).toBeVisible();
    await context.close();
  });

  test('draws 100 white and 20 blue stars that twinkle with CSS only', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('[data-star="white"]')).toHaveCount(100);
    await expect(page.locator('[data-star="blue"]')).toHaveCount(20);
    const animation = await page
      .locator('[data-star="blue"]')
      .first()
      .evaluate((star) => getComputedStyle(star).animationName);
    expect(animation).toBe('twinkle');
  });

  test('stops the twinkling for visitors who prefer reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    const iterations = await page
      .locator('[data-star="white"]')
      .first()
      .evaluate((star) => getComputedStyle(star).animationIterationCount);
    expect(iterations).toBe('1');
  });

  test('has no WCAG 2 A or AA violations', async ({ page }) => {
    // Three full-page analyses: on a busy 2-core machine they need more than the default 30 s,
    // and the twinkling (not what this test is about) only slows software rendering further.
    test.slow();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(
      results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`),
    ).toEqual([]);

    // Again with the language panel open, and on a phone with the menu open.
    await page.getByRole('button', { name: 'Language' }).click();
    await expect(page.getByLabel('Translate this page')).toBeVisible();
    const withPanel = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(withPanel.violations.map((v) => v.id)).toEqual([]);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const withMenu = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(withMenu.violations.map((v) => v.id)).toEqual([]);
  });

  for (const width of [1440, 375]) {
    test(`screenshot at ${width} px, with no horizontal scrolling`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      const path = testInfo.outputPath(`landing-${width}.png`);
      await page.screenshot({ path, fullPage: true });
      await testInfo.attach(`landing-${width}`, { path, contentType: 'image/png' });
    });
  }
});

test.describe('explainer video', () => {
  test('plays, pauses, skips 10 s, cycles speed and toggles full screen', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/');
    const video = page.locator('video');
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState))
      .toBeGreaterThan(0);
    const duration = await video.evaluate((v: HTMLVideoElement) => v.duration);
    expect(duration).toBeGreaterThan(20);
    // The length shows next to the elapsed time, even when it loaded before hydration.
    const length = `${Math.floor(duration / 60)}:${String(Math.floor(duration % 60)).padStart(2, '0')}`;
    await expect(page.getByText(`0:00 / ${length}`)).toBeVisible();

    await page.getByRole('button', { name: 'Play video' }).click();
    await expect(page.getByRole('button', { name: 'Pause video' })).toBeVisible();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
    await page.getByRole('button', { name: 'Pause video' }).click();
    await expect(page.getByRole('button', { name: 'Play video' })).toBeVisible();
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);

    const before = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
    await page.getByRole('button', { name: 'Forward 10 seconds' }).click();
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime))
      .toBeCloseTo(before + 10, 0);

    const speed = page.getByRole('button', { name: /Playback speed/ });
    await expect(speed).toHaveText('1x');
    for (const [label, rate] of [
      ['1.5x', 1.5],
      ['2x', 2],
      ['1x', 1],
    ] as const) {
      await speed.click();
      await expect(speed).toHaveText(label);
      expect(await video.evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(rate);
    }

    await page.getByRole('button', { name: 'Enter full screen' }).click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
    await page.getByRole('button', { name: 'Exit full screen' }).click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();
    expect(consoleErrors).toEqual([]);
  });

  test('shows English captions that can be switched off', async ({ page }) => {
    await page.goto('/');
    const captions = page.getByRole('button', { name: 'Captions' });
    await expect(captions).toHaveAttribute('aria-pressed', 'true');
    await expect
      .poll(() => page.locator('video').evaluate((v: HTMLVideoElement) => v.textTracks[0]?.mode))
      .toBe('showing');
    await captions.click();
    await expect(captions).toHaveAttribute('aria-pressed', 'false');
    expect(
      await page.locator('video').evaluate((v: HTMLVideoElement) => v.textTracks[0]?.mode),
    ).toBe('hidden');
  });
});

test.describe('navigation', () => {
  test('the phone menu opens and closes at 375 px', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Login' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.locator('#mobile-menu');
    await expect(menu.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Register' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();

    // Escape closes it too, and gives the focus back to the menu button.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu.getByRole('link', { name: 'Login' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });

  test('an unknown address shows the not-found page with a 404 status', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Welcome to StarPrep' }),
    ).toBeVisible();
  });
});

test.describe('translate widget', () => {
  test('loads the translator only after the picker is opened', async ({ page }) => {
    const translatorRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('translate.google')) translatorRequests.push(request.url());
    });
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Language' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(translatorRequests).toEqual([]);

    const scriptRequest = page.waitForRequest(
      /^https:\/\/translate\.google\.com\/translate_a\/element\.js/,
    );
    await page.getByRole('button', { name: 'Language' }).click();
    await scriptRequest;
    const options = page.getByLabel('Translate this page').locator('option');
    expect(await options.count()).toBeGreaterThanOrEqual(100);
    // This machine is offline, so the load fails: the picker says so instead of hanging.
    await expect(
      page.getByText('Translation is unavailable right now.', { exact: false }),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByLabel('Translate this page')).toBeHidden();
  });
});
