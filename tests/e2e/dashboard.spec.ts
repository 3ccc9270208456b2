import { expect, test } from './support/fixtures';
import { screenshots } from './support/screenshots';
import { signInConfirmedStudent, signInPaidStudent } from './support/students';

/** The dashboard (spec section 2) and its gating (spec section 4). */

test.use({ reducedMotion: 'reduce' });

test('a paid student sees every panel; a finished session shows in Recent Sessions', async ({
  page,
  consoleErrors,
}, testInfo) => {
  test.slow();
  const { registrationId } = await signInPaidStudent(page);
  // One graded session through the API, as the exam page saves it: 15 of 20.
  const started = await page.request.post('/api/study/sessions', {
    data: { registrationId, mode: 'multiple_choice', difficulty: 'medium' },
  });
  const { id } = (await started.json()) as { id: string };
  await page.request.post(`/api/study/sessions/${id}/complete`, {
    data: { score: 15, answered: 20 },
  });

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome, Ruth' })).toBeVisible();
  await expect(page.getByText('You are preparing for the Bar Exam in New York.')).toBeVisible();
  const figures = page.getByRole('region', { name: 'Your figures' });
  for (const label of ['Exam date', 'Study sessions', 'Average score', 'Days until exam']) {
    await expect(figures.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(figures.getByText('75%')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'AI Study Modes' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start Session: Flash Cards' })).toHaveAttribute(
    'href',
    `/exam?mode=flashcards&registration=${registrationId}`,
  );
  for (const heading of [
    'Recent Sessions',
    'Exam Information',
    'Upload Study Materials',
    'Pay for a New Exam',
  ]) {
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  }
  const recent = page.getByRole('region', { name: 'Recent Sessions' });
  await expect(recent.getByText('Multiple Choice', { exact: true })).toBeVisible();
  await expect(recent.getByText('75%')).toBeVisible();
  await screenshots(page, testInfo, 'dashboard');

  await page.getByRole('link', { name: 'Start Session: Multiple Choice' }).click();
  await expect(page).toHaveURL(/\/exam\?mode=multiple_choice/);
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'AI Study Modes' })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('after the exam date: Study Tools Inactive, a result, and the tools come back', async ({
  page,
  consoleErrors,
}, testInfo) => {
  test.slow();
  const { registrationId } = await signInPaidStudent(page);
  const moved = await page.request.post('/api/dev/tools/exam-date', {
    data: { registrationId, examDate: '2024-03-01' },
  });
  expect(moved.status()).toBe(200);

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Study Tools Inactive' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'AI Study Modes' })).toBeHidden();
  await expect(page.getByText('Days until exam', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Submit Exam Result' }).click();
  await page.getByRole('button', { name: 'Submit Result' }).click();
  await expect(page.getByText('Please choose whether you passed or failed.')).toBeVisible();
  await page.getByRole('radio', { name: 'I passed' }).check();
  await page.getByRole('checkbox', { name: /share my result/ }).check();
  await screenshots(page, testInfo, 'dashboard-inactive');
  await page.getByRole('button', { name: 'Submit Result' }).click();
  await expect(
    page.getByText('Exam result submitted successfully! Study tools are now reactivated.'),
  ).toBeVisible();
  // The data reloads 2 s later: the study modes are back.
  await expect(page.getByRole('heading', { name: 'AI Study Modes' })).toBeVisible({
    timeout: 6_000,
  });
  expect(consoleErrors).toEqual([]);
});

test('Pay for a New Exam opens the checkout of a new registration', async ({ page }) => {
  await signInPaidStudent(page);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Pay for a New Exam' }).click();
  await page.getByLabel('Exam category').selectOption({ label: 'Business & Finance' });
  await page.getByLabel('Exam type').selectOption('CPA Exam');
  await page.getByLabel('US state').selectOption('Texas');
  await page.getByLabel('Exam date').fill(`${new Date().getFullYear() + 1}-10-01`);
  await page.getByRole('button', { name: /Continue to Payment/ }).click();
  await expect(page).toHaveURL(/\/checkout\/test\/cs_test_/);
  await expect(page.getByText('CPA Exam', { exact: false })).toBeVisible();
});

test('gating: signed out goes to /login, signed in without payment to /payment-verification', async ({
  page,
}) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);

  await signInConfirmedStudent(page, { examCategory: 'medical', examType: 'NCLEX' });
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/payment-verification$/);
  await expect(page.getByRole('heading', { name: 'Payment Required' })).toBeVisible();
});
