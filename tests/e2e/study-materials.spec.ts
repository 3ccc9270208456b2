import type { Page } from '@playwright/test';
import { docxDocument, pdfDocument } from '../support/documents';
import { readFixture } from '../support/materials';
import { expect, test } from './support/fixtures';
import { screenshots } from './support/screenshots';
import { signInConfirmedStudent, signInPaidStudent } from './support/students';

/** The upload page (spec sections 2 to 5 and 8; issue 6 sections 3 and 4). */

test.use({ reducedMotion: 'reduce' });

/** About `pages` pages of study text: big enough that its upload takes a while when throttled. */
function longPdf(pages: number) {
  const sentences = readFixture('contracts.txt').toString('utf8').split('\n').filter(Boolean);
  const lines = Array.from(
    { length: pages * 45 },
    (_, n) => `${n}. ${sentences[n % sentences.length]}`,
  );
  return pdfDocument(lines, { compress: false });
}

/** Uploads leave the browser at about `bytesPerSecond` (Chromium's network throttling). */
async function throttleUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
  return () =>
    cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
}

test('a signed-out visitor goes to /login; a student who has not paid to /exam-registration', async ({
  page,
}) => {
  await page.goto('/study-materials');
  await expect(page).toHaveURL(/\/login$/);

  await signInConfirmedStudent(page);
  // The upload page sends an unpaid student to /exam-registration (spec section 4), which in
  // turn sends a signed-in student on to their payment page: wait for the first stop itself.
  const sentToRegistration = page.waitForURL(/\/exam-registration$/);
  await page.goto('/study-materials');
  await sentToRegistration;
  await expect(page).toHaveURL(/\/payment-verification$/);
});

test('a paid student uploads two files and pasted text, with real progress bars', async ({
  page,
  consoleErrors,
}, testInfo) => {
  test.slow();
  await signInPaidStudent(page);
  await page.goto('/study-materials');
  await expect(page.getByRole('heading', { name: 'Upload Study Materials' })).toBeVisible();
  await screenshots(page, testInfo, 'study-materials-empty');

  // Nothing chosen yet.
  await page.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await expect(page.getByText('Please add study materials before continuing.')).toBeVisible();

  // Refused in the browser with the spec's messages, before anything is sent.
  const picker = page.getByLabel('Choose files');
  await picker.setInputFiles([
    { name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('not really a picture') },
    {
      name: 'huge.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 0x25),
    },
  ]);
  await expect(page.getByText('photo.png is not a supported file type')).toBeVisible();
  await expect(page.getByText('huge.pdf is too large. Maximum size is 10MB')).toBeVisible();

  // Two files to keep and one to remove.
  await picker.setInputFiles([
    { name: 'Contracts outline.pdf', mimeType: 'application/pdf', buffer: longPdf(500) },
    {
      name: 'pharmacology.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: readFixture('pharmacology.docx'),
    },
    { name: 'draft.docx', mimeType: 'application/octet-stream', buffer: docxDocument(['Draft.']) },
  ]);
  const files = page.getByRole('list', { name: 'Files to upload' }).getByRole('listitem');
  await expect(files).toHaveCount(3);
  await page.getByRole('button', { name: 'Remove draft.docx' }).click();
  await expect(files).toHaveCount(2);

  const text = 'Negligence is the failure to use the care a reasonable person would use.';
  await page.getByLabel('Paste text').fill(text);
  await expect(page.getByText(`${text.length} / 50,000 characters`)).toBeVisible();
  await screenshots(page, testInfo, 'study-materials-chosen');

  // About 2 MB at 400 KB/s: the bar of the PDF moves for a few seconds.
  const unthrottle = await throttleUploads(page, 400 * 1024);
  await page.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await expect(page.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
  const pdfBar = page.getByRole('progressbar', { name: 'Upload of Contracts outline.pdf' });
  const max = Number(await pdfBar.getAttribute('aria-valuemax'));
  // Real progress: part of the file sent, not yet all of it.
  await expect
    .poll(async () => Number(await pdfBar.getAttribute('aria-valuenow')), { timeout: 10_000 })
    .toBeGreaterThan(max * 0.1);
  expect(Number(await pdfBar.getAttribute('aria-valuenow'))).toBeLessThan(max);
  await page.screenshot({ path: testInfo.outputPath('study-materials-uploading-1440.png') });
  await unthrottle();

  await expect(page.getByText('Study materials uploaded successfully!')).toBeVisible();
  await expect(pdfBar).toHaveAttribute('aria-valuenow', String(max));
  await screenshots(page, testInfo, 'study-materials-uploaded');
  // The dashboard after 2 s.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5_000 });

  // Back on the page: the three materials, their text read and used for questions.
  await page.goto('/study-materials');
  const uploaded = page.getByRole('heading', { name: 'Your uploaded materials' });
  await expect(uploaded).toBeVisible();
  for (const name of ['Contracts outline.pdf', 'pharmacology.docx', 'pasted_content.txt']) {
    await expect(page.getByRole('button', { name: `Delete ${name}` })).toBeVisible();
  }
  await expect(page.getByText('Text read: used for your questions')).toHaveCount(3, {
    timeout: 15_000,
  });
  await screenshots(page, testInfo, 'study-materials-list');
  expect(consoleErrors).toEqual([]);
});

test('a file the server refuses: the spec’s failure message, and nothing of the attempt kept', async ({
  page,
  consoleErrors,
}) => {
  await signInPaidStudent(page);
  await page.goto('/study-materials');
  await page.getByLabel('Choose files').setInputFiles([
    { name: 'good.pdf', mimeType: 'application/pdf', buffer: readFixture('contracts.pdf') },
    // An allowed name, but the bytes are not a PDF.
    { name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('Just some text.') },
  ]);
  await page.getByLabel('Paste text').fill('Some pasted notes.');
  await page.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await expect(page.getByText('Failed to upload study materials. Please try again.')).toBeVisible();
  await expect(page.getByText('fake.pdf is not a supported file type')).toBeVisible();
  // good.pdf had been stored: it was removed again, so nothing of the attempt is kept.
  await expect
    .poll(async () => {
      const response = await page.request.get('/api/materials');
      return ((await response.json()) as { materials: unknown[] }).materials.length;
    })
    .toBe(0);
  await expect(page.getByRole('heading', { name: 'Your uploaded materials' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Continue to Dashboard' })).toBeEnabled();
  expect(consoleErrors).toEqual([]);
});

test('.doc and .pages files are stored, and the page says their text is not read', async ({
  page,
}) => {
  const { wordDocument, pagesDocument } = await import('../support/documents');
  await signInPaidStudent(page);
  await page.goto('/study-materials');
  await page.getByLabel('Choose files').setInputFiles([
    { name: 'Old notes.doc', mimeType: 'application/msword', buffer: wordDocument() },
    { name: 'Essay.pages', mimeType: 'application/octet-stream', buffer: pagesDocument() },
  ]);
  const note = /cannot read the text of \.doc or \.pages files yet/;
  await expect(page.getByText(note)).toHaveCount(2);
  await page.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5_000 });
  await page.goto('/study-materials');
  await expect(page.getByText(note)).toHaveCount(2);
});

test('the page says the daily quota, and a selection over it is refused before any byte is sent', async ({
  page,
  consoleErrors,
}, testInfo) => {
  test.slow(); // 49 uploads come first
  const { UPLOAD_QUOTA } = await import('../../src/shared/limits');
  await signInPaidStudent(page);
  // A day of uploads but one, made through the API as the page would, then removed again:
  // removed uploads still count (and the page stays short).
  for (let upload = 1; upload < UPLOAD_QUOTA.files; upload += 1) {
    const saved = await page.request.post('/api/materials/text', {
      data: { text: `Note ${upload}: consideration is a bargained-for exchange.` },
    });
    expect(saved.status()).toBe(201);
    const { id } = (await saved.json()) as { id: string };
    expect((await page.request.delete(`/api/materials/${id}`)).status()).toBe(204);
  }
  await page.goto('/study-materials');
  await expect(page.locator('#file-rules')).toContainText(
    'You can upload up to 50 files and 100MB in 24 hours.',
  );

  let uploads = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/materials/files')) uploads += 1;
  });
  await page.getByLabel('Choose files').setInputFiles([
    { name: 'one.txt', mimeType: 'text/plain', buffer: Buffer.from('Offer and acceptance.') },
    { name: 'two.txt', mimeType: 'text/plain', buffer: Buffer.from('The mailbox rule.') },
  ]);
  await page.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await expect(
    page.getByText(/Right now you can upload 1 more file and 99\.\d+MB\. Please choose fewer/),
  ).toBeVisible();
  expect(uploads).toBe(0);
  await screenshots(page, testInfo, 'study-materials-quota');
  expect(consoleErrors).toEqual([]);
});
