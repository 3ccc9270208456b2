import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures';

let counter = 0;
export const uniqueEmail = (prefix = 'student') =>
  `${prefix}.${Date.now().toString(36)}.${(counter += 1)}@example.com`;
export const PASSWORD = 'Analytical1843';

/** The confirmation code the outbox holds for `email` (the development mailbox API). */
export async function codeFor(request: APIRequestContext, email: string) {
  const response = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
  const { mails } = (await response.json()) as { mails: { text: string }[] };
  return mails[0]!.text.match(/\b(\d{6})\b/)![1]!;
}

/**
 * A student who registered and confirmed the e-mail, through the API with the page's cookies: the
 * page is signed in, with a registration waiting for payment. Returns the e-mail.
 */
export async function signInConfirmedStudent(
  page: Page,
  exam: { examCategory: string; examType: string } = {
    examCategory: 'legal',
    examType: 'Bar Exam',
  },
) {
  const email = uniqueEmail();
  const registered = await page.request.post('/api/registration', {
    data: {
      ...exam,
      country: 'United States',
      examState: 'New York',
      examDate: `${new Date().getFullYear() + 1}-07-28`,
      firstName: 'Ruth',
      lastName: 'Ginsburg',
      email,
      password: PASSWORD,
      phone: '555 010 1933',
      zipCode: '10001',
      educationLevel: 'Professional Degree',
    },
  });
  expect(registered.status()).toBe(201);
  const confirmed = await page.request.post('/api/registration/confirm', {
    data: { email, otp: await codeFor(page.request, email) },
  });
  expect(confirmed.status()).toBe(200);
  return email;
}

/**
 * A student who registered, confirmed and paid with 4242… on the test checkout, all through the
 * API with the page's cookies: the page is signed in. Returns the e-mail and the registration id.
 */
export async function signInPaidStudent(
  page: Page,
  exam?: { examCategory: string; examType: string },
) {
  const email = await signInConfirmedStudent(page, exam);
  const checkout = await page.request.post('/api/billing/checkout', { data: {} });
  const { url } = (await checkout.json()) as { url: string };
  const sessionId = url.split('/checkout/test/')[1]!;
  const paid = await page.request.post(`/api/billing/test-checkout/${sessionId}/pay`, {
    data: { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' },
  });
  expect(paid.status()).toBe(200);
  const latest = await page.request.get('/api/registration/latest');
  const { registration } = (await latest.json()) as { registration: { id: string } };
  return { email, registrationId: registration.id };
}
