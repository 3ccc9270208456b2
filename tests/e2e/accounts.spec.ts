import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { screenshots } from './support/screenshots';

/** Accounts journeys of spec section 4: register, confirm the e-mail, sign out and in again. */

// These pages are not about the twinkling sky; without it, software rendering of the glass
// panels stays cheap enough for two workers on two cores (the landing tests cover the motion).
test.use({ reducedMotion: 'reduce' });

let counter = 0;
const uniqueEmail = () => `e2e.${Date.now().toString(36)}.${(counter += 1)}@example.com`;
const password = 'Analytical1843';
const nextYear = new Date().getFullYear() + 1;

/** The newest code in the development outbox for `email`, as a developer would read it. */
async function codeFor(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
  expect(response.ok()).toBe(true);
  const { mails } = (await response.json()) as { mails: { text: string }[] };
  const code = mails[0]?.text.match(/\b(\d{6})\b/)?.[1];
  expect(code, `a code mailed to ${email}`).toBeTruthy();
  return code!;
}

/** A sign-up straight through the API (for tests about what comes after the form). */
async function signUpThroughApi(request: APIRequestContext, email: string) {
  const response = await request.post('/api/registration', {
    data: {
      examCategory: 'medical',
      examType: 'USMLE',
      country: 'United States',
      examState: 'Texas',
      examDate: `${nextYear}-03-10`,
      firstName: 'Grace',
      lastName: 'Hopper',
      email,
      password,
      phone: '555 010 9999',
      zipCode: '73301',
      educationLevel: 'Doctorate',
    },
  });
  expect(response.status()).toBe(201);
}

/** Confirms a sign-up through the API with the code from the outbox. */
async function confirmThroughApi(request: APIRequestContext, email: string) {
  const response = await request.post('/api/registration/confirm', {
    data: { email, otp: await codeFor(request, email) },
  });
  expect(response.status()).toBe(200);
}

async function fillRegistration(page: Page, email: string) {
  await page.getByLabel('Exam category').selectOption('legal');
  await page.getByLabel('Exam type').selectOption('Bar Exam');
  await page.getByLabel('Country').selectOption('United States');
  await page.getByLabel('US state').selectOption('New York');
  await page.getByLabel('Exam date').fill(`${nextYear}-06-15`);
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('+1 (555) 010-2030');
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('Address').fill('12 Engine Street');
  await page.getByLabel('City').fill('Albany');
  await page.getByLabel('ZIP / postal code').fill('12207');
  await page.getByLabel('Education level').selectOption("Bachelor's Degree");
}

test.describe('registration journey', () => {
  test('register, read the code from the outbox, confirm, land on the payment step; sign out and back in', async ({
    page,
    consoleErrors,
  }) => {
    // The longest journey: sign-up, checkout, sign-out, sign-in and three redirects.
    test.slow();
    const email = uniqueEmail();
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Register' })
      .click();
    await expect(page).toHaveURL(/\/exam-registration$/);
    await expect(page.getByRole('heading', { name: 'Exam Information' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Student Information' })).toBeVisible();

    await fillRegistration(page, email);
    await expect(page.getByText('Password meets requirements')).toBeVisible();
    await page.getByRole('button', { name: 'Continue to Payment ($150/Year)' }).click();

    await expect(page).toHaveURL(/\/confirm-email\?email=/);
    await expect(page.getByText(`We sent a 6-digit code to ${email}`)).toBeVisible();
    await expect(page.getByRole('button', { name: /Resend OTP/ })).toBeDisabled();

    await page.getByLabel('Confirmation code').fill(await codeFor(page.request, email));
    await page.getByRole('button', { name: 'Verify OTP' }).click();

    // Straight on to the hosted checkout (here the built-in test checkout); leave it unpaid.
    await expect(page).toHaveURL(/\/checkout\/test\/cs_test_/);
    await expect(page.getByText('Bar Exam', { exact: false })).toBeVisible();
    await page.goto('/payment-verification');
    await expect(page.getByRole('heading', { name: 'Payment Required' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Profile' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();

    // The session cookie is out of the page's reach.
    expect(await page.evaluate(() => document.cookie)).not.toContain('session');

    await nav.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
    await page.goto('/payment-verification');
    await expect(page).toHaveURL(/\/login$/);

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/payment-verification$/);
    await expect(page.getByRole('heading', { name: 'Payment Required' })).toBeVisible();

    // A signed-in visitor of the login, registration and confirmation pages is sent on.
    for (const path of ['/login', '/exam-registration', '/confirm-email']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/payment-verification$/);
    }
    expect(consoleErrors).toEqual([]);
  });

  test('shows each rule next to its field and keeps what was typed', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/exam-registration');
    await page.getByRole('button', { name: 'Continue to Payment ($150/Year)' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please enter a valid email address.');
    await expect(page.getByLabel('Email')).toBeFocused();
    await expect(page.getByText('Please specify both exam category and type.')).toBeVisible();
    await expect(page.getByText('Please enter a valid phone number.')).toBeVisible();

    await fillRegistration(page, uniqueEmail());
    // Fixed fields lose their messages as the student types, the summary line too.
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByText('Please enter a valid phone number.')).toHaveCount(0);
    await page.getByLabel('First name').fill('Ada 2');
    await page.getByLabel('ZIP / postal code').fill('1220');
    await expect(page.locator('#firstName-error')).toHaveText('Only letters and spaces allowed');
    await expect(page.locator('#zipCode-error')).toHaveText(
      'Please enter a valid ZIP/postal code.',
    );
    // The summary names the first broken rule in the spec's order (ZIP is rule 5, names later).
    await expect(page.getByRole('alert')).toHaveText('Please enter a valid ZIP/postal code.');
    await page.getByLabel('Exam date').fill('2020-01-01');
    await expect(page.locator('#examDate-error')).toHaveText('Exam date must be in the future.');
    await expect(page.getByLabel('Exam date')).toHaveAttribute('aria-invalid', 'true');

    // The live checklist.
    const password = page.getByLabel('Password');
    await password.fill('abc');
    await expect(page.getByText('Password meets requirements')).toHaveCount(0);
    await password.fill('abcdefg1');
    await expect(page.getByText('Password meets requirements')).toBeVisible();
    await expect(page.getByLabel('Address')).toHaveValue('12 Engine Street');
    expect(consoleErrors).toEqual([]);
  });

  test('an e-mail that is taken gets the spec message, and nothing typed is lost', async ({
    page,
  }) => {
    const email = uniqueEmail();
    await signUpThroughApi(page.request, email);
    await confirmThroughApi(page.request, email);
    // The API calls signed this browser in; a visitor who is signed out registers.
    await page.context().clearCookies();
    await page.goto('/exam-registration');
    await fillRegistration(page, email);
    await page.getByRole('button', { name: 'Continue to Payment ($150/Year)' }).click();
    const message = 'This email is already registered. Please log in or use a different email.';
    await expect(page.getByRole('alert')).toHaveText(message);
    await expect(page.getByText(message)).toHaveCount(2);
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await expect(page.getByLabel('Password')).toHaveValue(password);
    await expect(page.getByLabel('City')).toHaveValue('Albany');
  });
});

test.describe('sign-in', () => {
  test('an unconfirmed e-mail gets a new code and goes to confirm it', async ({
    page,
    consoleErrors,
  }) => {
    const email = uniqueEmail();
    await signUpThroughApi(page.request, email);
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in to StarPrep' })).toBeVisible();

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/confirm-email/);
    await expect(
      page.getByText('Please check your email to confirm your account with the new OTP.'),
    ).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(email);

    await page.getByLabel('Confirmation code').fill(await codeFor(page.request, email));
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await expect(page).toHaveURL(/\/checkout\/test\/cs_test_/);
    await expect(page.getByText('USMLE', { exact: false })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('wrong credentials and a wrong code get the spec messages', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByLabel('Password').fill('Nothing123');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Invalid email or password. Please try again.',
    );
    await expect(page.getByLabel('Password')).toHaveValue('Nothing123');

    const email = uniqueEmail();
    await signUpThroughApi(page.request, email);
    const code = await codeFor(page.request, email);
    await page.goto(`/confirm-email?email=${encodeURIComponent(email)}`);
    await page.getByLabel('Confirmation code').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid or expired OTP. Please try again.');
  });

  test('the link in the mail opens the confirmation page with the address filled in', async ({
    page,
  }) => {
    const email = uniqueEmail();
    await signUpThroughApi(page.request, email);
    await page.goto('/dev/mailbox');
    await expect(page.getByRole('heading', { name: 'Development mailbox' })).toBeVisible();
    await page.getByLabel('Recipient').fill(email);
    // Other tests mail other students meanwhile: open this student's mail from the list.
    await page.getByRole('button', { name: new RegExp(email.replaceAll('.', '\\.')) }).click();
    await expect(page.getByRole('article')).toContainText(email);
    const link = page
      .getByRole('article')
      .getByRole('link', { name: new RegExp(encodeURIComponent(email).replaceAll('.', '\\.')) })
      .first();
    const href = await link.getAttribute('href');
    expect(href).toContain(encodeURIComponent(email));
    await page.goto(new URL(href!).pathname + new URL(href!).search);
    await expect(page.getByLabel('Email')).toHaveValue(email);
  });
});

test.describe('accounts pages at 1440 and 375 px: accessible, no sideways scrolling', () => {
  // Two full-page screenshots and two axe scans each: on a busy 2-core machine with two
  // workers that alone can pass 30 s, as it does for the other specs' screenshot tests.
  test.describe.configure({ timeout: 90_000 });

  test('exam registration, with its messages showing', async ({ page }, testInfo) => {
    await page.goto('/exam-registration');
    await page.getByRole('button', { name: 'Continue to Payment ($150/Year)' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await screenshots(page, testInfo, 'exam-registration');
  });

  test('login', async ({ page }, testInfo) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in to StarPrep' })).toBeVisible();
    await screenshots(page, testInfo, 'login');
  });

  test('confirm e-mail and the payment step', async ({ page }, testInfo) => {
    const email = uniqueEmail();
    await signUpThroughApi(page.request, email);
    await page.goto(`/confirm-email?email=${encodeURIComponent(email)}`);
    await expect(page.getByRole('button', { name: 'Verify OTP' })).toBeVisible();
    await screenshots(page, testInfo, 'confirm-email');
    await page.getByLabel('Confirmation code').fill(await codeFor(page.request, email));
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await expect(page).toHaveURL(/\/checkout\/test\/cs_test_/);
    await page.goto('/payment-verification');
    await expect(page.getByRole('heading', { name: 'Payment Required' })).toBeVisible();
    await screenshots(page, testInfo, 'payment-verification');
  });

  test('development mailbox', async ({ page }, testInfo) => {
    await signUpThroughApi(page.request, uniqueEmail());
    await page.goto('/dev/mailbox');
    await expect(page.getByRole('heading', { name: 'Development mailbox' })).toBeVisible();
    await expect(page.getByText('Your StarPrep confirmation code').first()).toBeVisible();
    await screenshots(page, testInfo, 'dev-mailbox');
  });
});
