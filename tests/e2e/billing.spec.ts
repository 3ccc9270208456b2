import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { screenshots } from './support/screenshots';
import { codeFor, PASSWORD, uniqueEmail } from './support/students';

/** Payment journeys through the built-in test checkout (spec sections 2 and 4). */

test.use({ reducedMotion: 'reduce' });

/** Signs up through the API, then confirms in the page: the page goes on to the checkout. */
async function reachCheckout(page: Page) {
  const email = uniqueEmail('pay');
  const response = await page.request.post('/api/registration', {
    data: {
      examCategory: 'business',
      examType: 'CPA Exam',
      country: 'United States',
      examState: 'Ohio',
      examDate: `${new Date().getFullYear() + 1}-09-01`,
      firstName: 'Luca',
      lastName: 'Pacioli',
      email,
      password: PASSWORD,
      phone: '555 010 7777',
      zipCode: '43004',
      educationLevel: "Master's Degree",
    },
  });
  expect(response.status()).toBe(201);
  await page.goto(`/confirm-email?email=${encodeURIComponent(email)}`);
  await page.getByLabel('Confirmation code').fill(await codeFor(page.request, email));
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(page).toHaveURL(/\/checkout\/test\/cs_test_/);
  await expect(page.getByText('Test mode, no real charge.')).toBeVisible();
  return email;
}

async function payWith(page: Page, cardNumber: string) {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM/YY)').fill('12/40');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay \$150\.00$/ }).click();
}

test('pay with 4242: Payment Successful, then the dashboard', async ({
  page,
  consoleErrors,
}, testInfo) => {
  test.slow();
  await reachCheckout(page);
  await expect(page.getByText('CPA Exam', { exact: false })).toBeVisible();
  await screenshots(page, testInfo, 'test-checkout');

  await payWith(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/payment-success\?session_id=cs_test_/);
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  await expect(page.getByText('Your account is active for one year from today.')).toBeVisible();
  await expect(page.getByRole('heading', { name: "What's Next" })).toBeVisible();
  await screenshots(page, testInfo, 'payment-success');

  await page.getByRole('link', { name: 'Go to the dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // A paid student is sent on from the payment page as well.
  await page.goto('/payment-verification');
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(consoleErrors).toEqual([]);
});

test('4000…0002 is declined: Payment Failed, then a retry pays', async ({ page }, testInfo) => {
  test.slow();
  await reachCheckout(page);
  await payWith(page, '4000 0000 0000 0002');
  await expect(page).toHaveURL(/\/payment-verification$/);
  await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();
  await screenshots(page, testInfo, 'payment-failed');

  await page.getByRole('button', { name: 'Continue with Stripe Payment' }).click();
  await expect(page).toHaveURL(/\/checkout\/test\/cs_test_/);
  await payWith(page, '4242424242424242');
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
});

test('another card number gets a field error; a made-up session activates nothing', async ({
  page,
}) => {
  await reachCheckout(page);
  await payWith(page, '4111 1111 1111 1111');
  await expect(page.locator('#cardNumber-error')).toHaveText(
    'Use a test card: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined.',
  );
  await page.goto('/payment-success?session_id=cs_test_made_up');
  await expect(page.getByRole('heading', { name: 'Payment not found' })).toBeVisible();
  await page.goto('/payment-verification');
  await expect(page.getByRole('heading', { name: 'Payment Required' })).toBeVisible();
});
