import { readFile } from 'node:fs/promises';
import type { Locator, Page, Response } from '@playwright/test';
import {
  type AdminCards,
  type AdminRegistrationPage,
  adminExportFileName,
  formatCents,
  type ResultCounts,
  type RevenueBreakdown,
  type TopExamTypes,
} from '../../src/shared/contracts/admin';
import { LOGIN_MESSAGES } from '../../src/shared/contracts/auth';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/admin';
import {
  createPaidStudent,
  otherPerson,
  signInAdmin,
  type StudentSpec,
} from './support/admin-students';
import { expect, test } from './support/fixtures';
import { expectAccessible, screenshots } from './support/screenshots';
import { PASSWORD, signInPaidStudent } from './support/students';

/**
 * The admin portal (spec section 2, Admin login and Admin dashboard; decisions.md section 1).
 * Workers share one server, so the figures are compared with what the server answered the page,
 * and only this test's own students (unique e-mails) are looked for in the table.
 */

test.use({ reducedMotion: 'reduce' });

const count = (value: number) => new Intl.NumberFormat('en-US').format(value);

/** The value next to a label in a <dl> (a figure in a panel). */
const definition = (scope: Locator, term: string) =>
  scope.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd');

const answerOf = (page: Page, path: string) =>
  page.waitForResponse(
    (response: Response) =>
      new URL(response.url()).pathname === path && response.request().method() === 'GET',
  );

test('signed out, with a wrong password or as a student: no way into the admin dashboard', async ({
  page,
  browser,
  consoleErrors,
}, testInfo) => {
  test.slow();
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  // decisions.md section 1: nothing like credentials on the page.
  const shown = await page.locator('body').innerText();
  expect(shown).not.toContain(ADMIN_EMAIL);
  expect(shown).not.toContain(ADMIN_PASSWORD);
  await expect(page.getByLabel('Email')).toHaveValue('');
  await expect(page.getByLabel('Password')).toHaveValue('');
  await screenshots(page, testInfo, 'admin-login');

  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(LOGIN_MESSAGES.emailRequired)).toBeVisible();
  await expect(page.getByText(LOGIN_MESSAGES.passwordRequired)).toBeVisible();

  await page.getByLabel('Email').fill(ADMIN_EMAIL);
  await page.getByLabel('Password').fill('Not-The-Admin-Password-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid admin credentials');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expectAccessible(page);

  // A paid student, in a browser of their own: signed in as a student, still no admin.
  const studentContext = await otherPerson(browser, testInfo.workerIndex);
  const student = await studentContext.newPage();
  const { email } = await signInPaidStudent(student);
  await student.goto('/admin/dashboard');
  await expect(student).toHaveURL(/\/admin\/login$/);
  await student.getByLabel('Email').fill(email);
  await student.getByLabel('Password').fill(PASSWORD);
  await student.getByRole('button', { name: 'Sign in' }).click();
  await expect(student.getByRole('alert')).toHaveText('Invalid admin credentials');
  expect((await student.request.get('/api/admin/session')).status()).toBe(403);
  expect((await student.request.get('/api/admin/stats/cards')).status()).toBe(403);
  await studentContext.close();

  expect((await page.request.get('/api/admin/registrations')).status()).toBe(401);
  expect(consoleErrors).toEqual([]);
});

const STUDENTS: StudentSpec[] = [
  {
    examCategory: 'medical',
    examType: 'NAVLE',
    examState: 'Vermont',
    city: 'Burlington',
    firstName: 'Ada',
    lastName: 'Quill',
    result: 'pass',
  },
  {
    examCategory: 'trades',
    examType: 'Barber License',
    examState: 'Wyoming',
    city: 'Cheyenne',
    firstName: 'Bram',
    lastName: 'Holt',
    result: 'fail',
  },
  {
    examCategory: 'education',
    examType: 'School Administrator',
    examState: 'Vermont',
    city: 'Montpelier',
    firstName: 'Cora',
    lastName: 'Vance',
  },
];

test('an admin sees the figures, filters, sorts, searches, exports and logs out', async ({
  page,
  browser,
  consoleErrors,
}, testInfo) => {
  test.setTimeout(180_000);
  const created: { email: string }[] = [];
  for (const spec of STUDENTS) {
    const context = await otherPerson(browser, testInfo.workerIndex);
    created.push(await createPaidStudent(context.request, spec));
    await context.close();
  }
  const [ada, bram, cora] = created.map((student) => student.email) as [string, string, string];

  // The four panels load side by side; keep what the server answered the page.
  const answers = Promise.all([
    answerOf(page, '/api/admin/stats/cards'),
    answerOf(page, '/api/admin/stats/revenue'),
    answerOf(page, '/api/admin/stats/results'),
    answerOf(page, '/api/admin/stats/exam-types'),
  ]);
  await signInAdmin(page);
  await expect(page.getByText(`Signed in as ${ADMIN_EMAIL}`)).toBeVisible();
  const [cardsAnswer, revenueAnswer, resultsAnswer, examTypesAnswer] = await answers;
  const cards = (await cardsAnswer.json()) as AdminCards;
  const revenue = (await revenueAnswer.json()) as RevenueBreakdown;
  const results = (await resultsAnswer.json()) as ResultCounts;
  const { examTypes } = (await examTypesAnswer.json()) as TopExamTypes;

  // What this test's own students imply (other workers only ever add to it).
  const mine = [];
  for (const { email } of created) {
    const answer = await page.request.get(
      `/api/admin/registrations?${new URLSearchParams({ search: email })}`,
    );
    expect(answer.status()).toBe(200);
    const { rows, total } = (await answer.json()) as AdminRegistrationPage;
    expect(total).toBe(1);
    expect(rows[0]?.email).toBe(email);
    expect(rows[0]?.paymentStatus).toBe('completed');
    expect(rows[0]?.subscription?.status).toBe('active');
    mine.push(rows[0]!);
  }
  const paidCents = mine.reduce((sum, row) => sum + (row.subscription?.amountCents ?? 0), 0);
  expect(paidCents).toBeGreaterThan(0);
  expect(cards.totalUsers).toBeGreaterThanOrEqual(STUDENTS.length);
  expect(cards.activeSubscriptions).toBeGreaterThanOrEqual(STUDENTS.length);
  expect(cards.monthlyRevenueCents).toBeGreaterThanOrEqual(paidCents);
  expect(cards.totalRevenueCents).toBeGreaterThanOrEqual(paidCents);
  expect(revenue.monthlyCents).toBeGreaterThanOrEqual(paidCents);
  expect(revenue.quarterlyCents).toBeGreaterThanOrEqual(revenue.monthlyCents);
  expect(revenue.annualCents).toBeGreaterThanOrEqual(revenue.quarterlyCents);
  expect(revenue.totalCents).toBeGreaterThanOrEqual(revenue.annualCents);
  expect(results.pass).toBeGreaterThanOrEqual(1);
  expect(results.fail).toBeGreaterThanOrEqual(1);
  expect(examTypes.length).toBeGreaterThan(0);
  expect(examTypes.length).toBeLessThanOrEqual(5);

  // The cards show exactly what the server answered.
  const summary = page.getByRole('region', { name: 'Summary figures' });
  const card = (label: string) =>
    summary.getByText(label, { exact: true }).locator('xpath=following-sibling::p');
  await expect(card('Total Users')).toHaveText(count(cards.totalUsers));
  await expect(card('Active Subscriptions')).toHaveText(count(cards.activeSubscriptions));
  await expect(card('Monthly Revenue')).toHaveText(formatCents(cards.monthlyRevenueCents));
  await expect(card('Total Revenue')).toHaveText(formatCents(cards.totalRevenueCents));

  // Revenue: the figures and a chart that says them too.
  const revenuePanel = page.getByRole('region', { name: 'Revenue Breakdown' });
  const periods = [
    ['Monthly', revenue.monthlyCents],
    ['Quarterly', revenue.quarterlyCents],
    ['Annual', revenue.annualCents],
    ['Total', revenue.totalCents],
  ] as const;
  for (const [label, cents] of periods) {
    await expect(definition(revenuePanel, label)).toHaveText(formatCents(cents));
  }
  await expect(
    revenuePanel.getByRole('img', {
      name: `Revenue chart: ${periods.map(([label, cents]) => `${label} ${formatCents(cents)}`).join(', ')}.`,
    }),
  ).toBeVisible();

  // Pass / fail: the counts, the rate, and the ring's text equivalent.
  const resultsPanel = page.getByRole('region', { name: 'Pass / Fail' });
  const rate = (results.pass / (results.pass + results.fail)) * 100;
  const percent = (value: number) =>
    `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }).format(value)}%`;
  await expect(definition(resultsPanel, 'Pass')).toHaveText(count(results.pass));
  await expect(definition(resultsPanel, 'Fail')).toHaveText(count(results.fail));
  await expect(definition(resultsPanel, 'Pass rate')).toHaveText(percent(rate));
  await expect(
    resultsPanel.getByRole('img', {
      name: `Pass / fail chart: ${count(results.pass)} passed (${percent(rate)}), ${count(results.fail)} failed (${percent(100 - rate)}).`,
    }),
  ).toBeVisible();

  // Top 5 exam types, in the server's order, with their counts.
  const topList = page.getByRole('region', { name: 'Top 5 Exam Types' }).getByRole('listitem');
  await expect(topList).toHaveCount(examTypes.length);
  for (const [index, entry] of examTypes.entries()) {
    await expect(topList.nth(index)).toContainText(entry.examType);
    await expect(topList.nth(index)).toContainText(`${count(entry.registrations)} registration`);
  }

  await expect(page.getByRole('table')).toBeVisible();
  await screenshots(page, testInfo, 'admin-dashboard');

  // Filter by state: this test's two Vermont students, not its Wyoming one.
  const table = page.getByRole('table');
  await page.getByLabel('State', { exact: true }).selectOption('Vermont');
  await expect(page).toHaveURL(/[?&]state=Vermont/);
  await expect(table.getByText(ada)).toBeVisible();
  await expect(table.getByText(cora)).toBeVisible();
  await expect(table.getByText(bram)).toBeHidden();

  // Sort by name both ways (the column header's button, with aria-sort).
  const userHeader = page.getByRole('columnheader', { name: 'User' });
  await userHeader.getByRole('button').click();
  await expect(userHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/sort=name&order=asc/);
  const ownOrder = async () =>
    (await table.locator('tbody tr').allInnerTexts())
      .map((text) => (text.includes(ada) ? 'ada' : text.includes(cora) ? 'cora' : ''))
      .filter(Boolean);
  await expect.poll(ownOrder).toEqual(['ada', 'cora']);
  await userHeader.getByRole('button').click();
  await expect(userHeader).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(ownOrder).toEqual(['cora', 'ada']);

  // And by exam type: only the NAVLE student is left. Back undoes that filter alone.
  await page.getByLabel('Exam type', { exact: true }).selectOption('NAVLE');
  await expect(page).toHaveURL(/examType=NAVLE/);
  await expect(table.getByText(ada)).toBeVisible();
  await expect(table.getByText(cora)).toBeHidden();
  await page.goBack();
  await expect(page.getByLabel('Exam type', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('State', { exact: true })).toHaveValue('Vermont');
  await expect(table.getByText(cora)).toBeVisible();

  // Pages: ten rows a page, and the summary line.
  await page.getByLabel('Rows per page').selectOption('10');
  await expect(page).toHaveURL(/pageSize=10/);
  await expect(page.getByText(/^Showing 1–\d+ of \d+$/)).toBeVisible();
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();

  await page.getByLabel('State', { exact: true }).selectOption('');
  await expect(page).not.toHaveURL(/state=/);

  // Search by e-mail: exactly that student's row, with every column filled in.
  await page.getByLabel('Search').fill(bram);
  await expect(page).toHaveURL(
    new RegExp(`search=${encodeURIComponent(bram).replace(/\./g, '\\.')}`),
  );
  await expect(table.locator('tbody tr')).toHaveCount(1);
  const row = table.locator('tbody tr').first();
  await expect(row).toContainText('Bram Holt');
  await expect(row).toContainText(bram);
  await expect(row).toContainText('Barber License');
  await expect(row).toContainText('Skilled Trades');
  await expect(row).toContainText('Cheyenne, Wyoming');
  await expect(row).toContainText('United States');
  await expect(row).toContainText('Fail');
  await expect(row).toContainText('Active');
  await expect(row).toContainText('until');
  const bramRow = mine[1]!;
  await expect(row).toContainText(formatCents(bramRow.subscription!.amountCents));
  await expect(page.getByText('Showing 1–1 of 1')).toBeVisible();

  // A reload keeps the search (it lives in the address).
  await page.reload();
  await expect(page.getByLabel('Search')).toHaveValue(bram);
  await expect(table.locator('tbody tr')).toHaveCount(1);

  // Export CSV: a real download of the server's file, with the same filter.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^starprep-users-\d{4}-\d{2}-\d{2}\.csv$/);
  const today = new Date();
  expect([
    adminExportFileName(today),
    adminExportFileName(new Date(today.getTime() - 86_400_000)),
  ]).toContain(download.suggestedFilename());
  const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
  const [header, ...lines] = csv.trim().split(/\r?\n/);
  expect(header).toBe(
    'Name,Email,Exam Category,Exam Type,City,State,Country,Exam Date,Payment Status,Registered At,Result,Result Reported At,Subscription Status,Subscription Ends,Amount (USD)',
  );
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain(bram);
  expect(csv).not.toContain(ada);

  // Nothing matches: a clear empty state, and a way out of it.
  await page.getByLabel('Search').fill('nobody-at-all-here@nowhere.example');
  await expect(page.getByText('No users match these filters.')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByLabel('Search')).toHaveValue('');
  await expect(table).toBeVisible();

  // Logout ends the session on the server; the dashboard sends to the login again.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  expect((await page.request.get('/api/admin/session')).status()).toBe(401);
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect(consoleErrors).toEqual([]);
});

test('the navigation bar treats an admin as an admin, and its Sign Out forgets the figures', async ({
  page,
  consoleErrors,
}, testInfo) => {
  // Two sign-ins, five page loads, an axe scan and a screenshot: more than 30 s on a busy machine.
  test.slow();
  await signInAdmin(page);
  const summary = page.getByRole('region', { name: 'Summary figures' });
  await expect(summary).toHaveAttribute('aria-busy', 'false');

  // The admin portal and Sign Out; no student profile or dashboard.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Admin Dashboard' })).toHaveAttribute(
    'href',
    '/admin/dashboard',
  );
  await expect(nav.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Profile' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0);

  // The same on a phone, in the folded menu.
  await page.setViewportSize({ width: 375, height: 812 });
  await nav.getByRole('button', { name: 'Open menu' }).click();
  const menu = nav.locator('#mobile-menu');
  await expect(menu.getByRole('link')).toHaveText(['Admin Dashboard']);
  await expect(menu.getByRole('button')).toHaveText(['Sign Out']);
  await expectAccessible(page);
  const menuShot = testInfo.outputPath('admin-nav-menu-375.png');
  await page.screenshot({ path: menuShot });
  await testInfo.attach('admin-nav-menu-375', { path: menuShot, contentType: 'image/png' });
  await nav.getByRole('button', { name: 'Close menu' }).click();
  await page.setViewportSize({ width: 1440, height: 900 });

  // The student sign-in and registration pages send a signed-in admin to the admin dashboard.
  for (const path of ['/login', '/exam-registration']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  }
  await expect(summary).toHaveAttribute('aria-busy', 'false');

  // Sign Out in the bar ends the session and leaves the admin page.
  await nav.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Admin Dashboard' })).toHaveCount(0);
  expect((await page.request.get('/api/admin/session')).status()).toBe(401);

  // Back to the dashboard: nothing cached is shown; the gate asks the server and sends to log in.
  await page.evaluate(() => {
    const seen = () =>
      document.querySelector('[aria-label="Summary figures"]') !== null ||
      document.querySelector('table') !== null;
    const observer = new MutationObserver(() => {
      if (seen()) document.documentElement.dataset.sawAdminData = 'yes';
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
  await page.goBack();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.dataset.sawAdminData)).toBeUndefined();

  // Signing in on the student page as an admin leads to the admin dashboard too.
  await page.goto('/login');
  await page.getByLabel('Email').fill(ADMIN_EMAIL);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Admin Dashboard' })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
