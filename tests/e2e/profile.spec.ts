import sharp from 'sharp';
import { expect, test } from './support/fixtures';
import { screenshots } from './support/screenshots';
import { signInConfirmedStudent, signInPaidStudent } from './support/students';

/** /profile (spec sections 2, 4, 5 and 8): prefill, avatar, every field, save, reload. */

test.use({ reducedMotion: 'reduce' });

const portrait = () =>
  sharp({
    create: { width: 640, height: 480, channels: 3, background: { r: 236, g: 72, b: 153 } },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg width="640" height="480"><circle cx="320" cy="240" r="180" fill="#7c3aed"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();

test('a paid student edits the profile with an avatar, saves, and sees it after a reload', async ({
  page,
  consoleErrors,
}, testInfo) => {
  test.slow();
  const { email } = await signInPaidStudent(page);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Your Profile' })).toBeVisible();

  // Never saved: prefilled from the account's e-mail and the registration's name.
  await expect(page.getByText(/We filled in your name and e-mail/)).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Ruth');
  await expect(page.getByLabel('Last name')).toHaveValue('Ginsburg');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await expect(page.getByRole('radio', { name: 'General Professional' })).toBeChecked();
  await expect(page.getByText('0/500')).toBeVisible();
  await screenshots(page, testInfo, 'profile-prefilled');

  // A GIF named .png is refused by its bytes, before any upload.
  const avatarInput = page.locator('input#avatar');
  await avatarInput.setInputFiles({
    name: 'sneaky.png',
    mimeType: 'image/png',
    buffer: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'),
  });
  await expect(page.getByText('Please upload a JPEG, PNG, or WebP image')).toBeVisible();

  await avatarInput.setInputFiles({
    name: 'portrait.png',
    mimeType: 'image/png',
    buffer: await portrait(),
  });
  await expect(page.getByText('Avatar uploaded successfully!')).toBeVisible();
  await expect(page.getByText('Please upload a JPEG, PNG, or WebP image')).toBeHidden();
  const avatar = page.getByRole('img', { name: 'Your avatar' });
  await expect(avatar).toBeVisible();
  await expect
    .poll(() => avatar.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBe(512);

  // Names are required: the spec's message, and focus on the field to fix.
  await page.getByLabel('First name').fill('   ');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'First name and last name are required' }),
  ).toBeVisible();
  await expect(page.getByLabel('First name')).toBeFocused();

  await page.getByLabel('First name').fill('Ruth Bader');
  await page.getByLabel('Phone').fill('+1 (555) 010-1933');
  await page.getByLabel('Profession category').fill('Attorney');
  // The symbol grid is a radio group: arrow keys move the choice.
  await page.getByRole('radio', { name: 'General Professional' }).focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('radio', { name: 'Law & Justice' })).toBeChecked();
  const bio = 'Preparing for the New York bar.\nStudying every evening.';
  await page.getByLabel('Bio').fill(bio);
  await expect(page.getByText(`${bio.length}/500`)).toBeVisible();

  // The answer is held back a moment so the busy label can be seen.
  await page.route('**/api/profile', async (route) => {
    if (route.request().method() === 'PUT') await new Promise((done) => setTimeout(done, 400));
    await route.continue();
  });
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByRole('button', { name: 'Saving...' })).toBeDisabled();
  const saved = page.getByText('Profile saved successfully!');
  await expect(saved).toBeVisible();
  await screenshots(page, testInfo, 'profile-saved');
  // The message clears after 3 s.
  await expect(saved).toBeHidden({ timeout: 6_000 });

  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Ruth Bader');
  await expect(page.getByText(/We filled in your name and e-mail/)).toBeHidden();
  await expect(page.getByLabel('Phone')).toHaveValue('+1 (555) 010-1933');
  await expect(page.getByLabel('Profession category')).toHaveValue('Attorney');
  await expect(page.getByRole('radio', { name: 'Law & Justice' })).toBeChecked();
  await expect(page.getByLabel('Bio')).toHaveValue(bio);
  await expect(page.getByRole('img', { name: 'Your avatar' })).toBeVisible();
  await expect(page.getByText('Change avatar')).toBeVisible();

  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(consoleErrors).toEqual([]);
});

test('gating: signed out goes to /login, signed in without payment to /payment-verification', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);

  await signInConfirmedStudent(page);

  await page.goto('/profile');
  await expect(page).toHaveURL(/\/payment-verification$/);
  await expect(page.getByRole('heading', { name: 'Payment Required' })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
