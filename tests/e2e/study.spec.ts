import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { screenshots } from './support/screenshots';
import { signInPaidStudent } from './support/students';

/** The exam page's three modes, run to the end on medium with the keyboard (spec section 4). */

test.use({ reducedMotion: 'reduce' });

async function openSetup(page: Page, mode: string, registrationId: string) {
  await page.goto(`/exam?mode=${mode}&registration=${registrationId}`);
  await expect(page.getByRole('radio', { name: /Medium/ })).toBeChecked();
}

async function expectSaved(page: Page) {
  await expect(page.getByRole('heading', { name: 'Session Complete' })).toBeVisible();
  await expect(page.getByText(/Saved to your dashboard · time spent \d+:\d\d\./)).toBeVisible();
}

test('multiple choice: 20 questions graded instantly, keyboard only, then Retest', async ({
  page,
  consoleErrors,
}, testInfo) => {
  test.slow();
  // Time stands still in the page (its timers still run): the 2 s feedback stays on screen for
  // the screenshots, and Space moves on.
  await page.clock.setFixedTime(Date.now());
  const { registrationId } = await signInPaidStudent(page);
  await openSetup(page, 'multiple_choice', registrationId);
  await expect(page.getByText('20 questions · 30 s each')).toBeVisible();
  await screenshots(page, testInfo, 'exam-setup');

  await page.getByRole('button', { name: 'Start Session' }).click();
  await expect(page.getByText('Question 1 of 20')).toBeVisible();
  await expect(page.getByRole('timer')).toHaveAccessibleName('Time left: 0:30');
  await screenshots(page, testInfo, 'exam-multiple-choice');

  let correct = 0;
  for (let question = 1; question <= 20; question += 1) {
    await expect(page.getByText(`Question ${question} of 20`)).toBeVisible();
    await page.keyboard.press(question % 2 === 0 ? 'b' : '3');
    const feedback = page.getByText(/^(Correct!|Incorrect)$/);
    await expect(feedback).toBeVisible();
    if ((await feedback.textContent()) === 'Correct!') correct += 1;
    // The options are locked once one is picked.
    await expect(page.getByRole('button', { name: /^A\) / })).toBeDisabled();
    if (question === 1) await screenshots(page, testInfo, 'exam-multiple-choice-feedback');
    await page.keyboard.press('Space');
  }
  await expectSaved(page);
  await expect(
    page.getByText(`You scored ${correct} of 20 (${Math.round((correct / 20) * 100)}%).`),
  ).toBeVisible();
  await screenshots(page, testInfo, 'exam-complete');

  await page.getByRole('button', { name: 'Retest' }).click();
  await expect(page.getByText('Question 1 of 20')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('multiple choice advances by itself 2 s after a pick', async ({ page, consoleErrors }) => {
  const { registrationId } = await signInPaidStudent(page);
  await openSetup(page, 'multiple_choice', registrationId);
  await page.getByRole('button', { name: 'Start Session' }).click();
  await page.getByRole('button', { name: /^C\) / }).click();
  await expect(page.getByText(/^(Correct!|Incorrect)$/)).toBeVisible();
  await expect(page.getByText('Question 2 of 20')).toBeVisible({ timeout: 4_000 });
  expect(consoleErrors).toEqual([]);
});

test('flash cards: 20 cards, Space shows the answer and moves on', async ({
  page,
  consoleErrors,
}, testInfo) => {
  test.slow();
  // The page's time stands still unless the test moves it (its timers still run): 10 s cards
  // cannot run out while the screenshots are taken.
  const start = Date.now();
  await page.clock.setFixedTime(start);
  const { registrationId } = await signInPaidStudent(page);
  await openSetup(page, 'flashcards', registrationId);
  await page.getByRole('button', { name: 'Start Session' }).click();
  await expect(page.getByText('Card 1 of 20')).toBeVisible();
  await page.keyboard.press('Space');
  await expect(page.getByText('Answer', { exact: true })).toBeVisible();
  await screenshots(page, testInfo, 'exam-flashcards');
  // Shown with 10 s left: the next card comes by itself when 5 s remain.
  await page.clock.setFixedTime(start + 5_000);
  await expect(page.getByText('Card 2 of 20')).toBeVisible();
  // Not shown: the timer at zero moves on.
  await page.clock.setFixedTime(start + 15_000);
  await expect(page.getByText('Card 3 of 20')).toBeVisible();
  for (let card = 3; card <= 20; card += 1) {
    await expect(page.getByText(`Card ${card} of 20`)).toBeVisible();
    await page.keyboard.press('Space');
    await expect(page.getByText('Answer', { exact: true })).toBeVisible();
    await page.keyboard.press('Space');
  }
  await expectSaved(page);
  // Cards 1 and 3-20 had their answer shown; card 2 ran out unseen.
  await expect(page.getByText('You reviewed 19 of 20 cards.')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('typing: 15 questions, Enter submits and shows the model answer', async ({
  page,
  consoleErrors,
}, testInfo) => {
  test.slow();
  const { registrationId } = await signInPaidStudent(page);
  await openSetup(page, 'typing', registrationId);
  await page.getByRole('button', { name: 'Start Session' }).click();
  await expect(page.getByText('Question 1 of 15')).toBeVisible();
  await expect(page.getByRole('timer')).toHaveAccessibleName(/2:(30|29)/);
  for (let question = 1; question <= 15; question += 1) {
    await expect(page.getByText(`Question ${question} of 15`)).toBeVisible();
    const answer = page.getByLabel('Your answer');
    await expect(answer).toBeFocused();
    await answer.fill(`My answer number ${question}`);
    if (question === 1) await screenshots(page, testInfo, 'exam-typing');
    await page.keyboard.press('Enter');
    await expect(page.getByText('Model answer')).toBeVisible();
    if (question === 1) await screenshots(page, testInfo, 'exam-typing-review');
    const next = page.getByRole('button', { name: question === 15 ? 'Finish' : 'Next Question' });
    await expect(next).toBeFocused();
    await page.keyboard.press('Enter');
  }
  await expectSaved(page);
  await expect(page.getByText('You answered 15 of 15 questions.')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('hard typing asks for a detailed answer in sentence format', async ({ page }) => {
  const { registrationId } = await signInPaidStudent(page);
  await openSetup(page, 'typing', registrationId);
  await page.getByRole('radio', { name: /Hard/ }).check();
  await expect(page.getByText('20 questions · 1 min in all')).toBeVisible();
  await page.getByRole('button', { name: 'Start Session' }).click();
  await expect(page.getByText('Please give a detailed answer in sentence format.')).toBeVisible();
});

test('the exam page needs a sign-in, and a registration of one’s own', async ({ page }) => {
  await page.goto('/exam?mode=flashcards&registration=00000000-0000-4000-8000-000000000000');
  await expect(page).toHaveURL(/\/login$/);
  await signInPaidStudent(page);
  await page.goto('/exam?mode=flashcards&registration=00000000-0000-4000-8000-000000000000');
  await expect(page).toHaveURL(/\/dashboard$/);
});
