import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect } from './fixtures';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './admin';
import { codeFor, PASSWORD, uniqueEmail } from './students';

/** Signs in on /admin/login and waits for the dashboard. */
export async function signInAdmin(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(ADMIN_EMAIL);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
}

let contexts = 0;

/**
 * A browser context of its own (its own cookies), as another person on another machine: its own
 * client address too, so the per-address sign-up limits count it apart from the test's page.
 */
export async function otherPerson(browser: Browser, workerIndex: number) {
  contexts += 1;
  return browser.newContext({
    extraHTTPHeaders: {
      'x-forwarded-for': `172.${16 + (workerIndex % 16)}.${(contexts >> 8) & 255}.${contexts & 255}`,
    },
  });
}

export type StudentSpec = {
  examCategory: string;
  examType: string;
  examState: string;
  city: string;
  firstName: string;
  lastName: string;
  result?: 'pass' | 'fail';
};

/**
 * A student who registered, confirmed, paid with 4242… on the test checkout and, when asked,
 * reported a result: all through the API, with the cookies of `request`. Returns the e-mail and
 * the registration id.
 */
export async function createPaidStudent(request: APIRequestContext, student: StudentSpec) {
  const email = uniqueEmail('admin-view');
  const registered = await request.post('/api/registration', {
    data: {
      examCategory: student.examCategory,
      examType: student.examType,
      country: 'United States',
      examState: student.examState,
      examDate: `${new Date().getFullYear() + 1}-06-15`,
      firstName: student.firstName,
      lastName: student.lastName,
      email,
      password: PASSWORD,
      phone: '555 010 2026',
      city: student.city,
      zipCode: '05401',
      educationLevel: "Bachelor's Degree",
    },
  });
  expect(registered.status()).toBe(201);
  const confirmed = await request.post('/api/registration/confirm', {
    data: { email, otp: await codeFor(request, email) },
  });
  expect(confirmed.status()).toBe(200);
  const checkout = await request.post('/api/billing/checkout', { data: {} });
  const { url } = (await checkout.json()) as { url: string };
  const sessionId = url.split('/checkout/test/')[1]!;
  const paid = await request.post(`/api/billing/test-checkout/${sessionId}/pay`, {
    data: { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' },
  });
  expect(paid.status()).toBe(200);
  const latest = await request.get('/api/registration/latest');
  const { registration } = (await latest.json()) as { registration: { id: string } };
  if (student.result) {
    const reported = await request.post('/api/dashboard/exam-results', {
      data: { registrationId: registration.id, result: student.result, agreedToShare: true },
    });
    expect(reported.status()).toBe(201);
  }
  return { email, registrationId: registration.id };
}
