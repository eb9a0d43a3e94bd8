import type { Page } from '@playwright/test';
import { expect as baseExpect, showTab, signIn, test, toastWith } from './admin-fixtures';
import { queryRows } from './seeded-site';

// The machine running the tests may be busy; wait longer than the default.
const expect = baseExpect.configure({ timeout: 15_000 });

// What the public lead forms send without asking, what they keep while the
// visitor types, and how they behave when the network fails.

/** Opens a page with a clock the test can move on: a form sent within 3 s of showing is taken for a script. */
async function openForm(page: Page, path: string, submit: string) {
  await page.clock.install();
  await page.goto(path);
  await formReady(page, submit);
}

/** Waits for the form to take input: the home page's form is fetched as a visitor nears it. */
async function formReady(page: Page, submit: string) {
  const button = page.getByRole('button', { name: submit });
  await button.scrollIntoViewIfNeeded();
  await expect(button).toBeEnabled();
}

async function fillLead(page: Page, email: string, company = 'Compiler Works') {
  await page.getByLabel('First Name').fill('Grace');
  await page.getByLabel('Last Name').fill('Hopper');
  await page.getByLabel('Business Email').fill(email);
  await page.getByLabel('Company Name').fill(company);
  await page.getByLabel('Job Title').selectOption('cto');
  await page.getByLabel('Project Details').fill('Forecast demand for 2,000 products.');
  await page.getByRole('checkbox', { name: /^I agree/ }).check();
  // A person takes more than a few seconds to fill a form.
  await page.clock.fastForward(5_000);
}

type Row = { page: string; referrer: string; utm_source: string; utm_medium: string; utm_campaign: string; spam: number };

function leadRows(dataDir: string, email: string) {
  return queryRows<Row>(
    dataDir,
    `SELECT page, referrer, utm_source, utm_medium, utm_campaign, spam FROM contact_submissions WHERE email = '${email}'`,
  );
}

test('a lead sent from /ai-journey with UTM parameters shows its page and UTM in the admin', async ({ page, site, consoleProblems }) => {
  await openForm(page, '/ai-journey?utm_source=linkedin&utm_medium=social&utm_campaign=q4-launch', 'Book a free consultation');
  // The visitor looks around first: the landing page's parameters stay with the visit.
  await page.getByRole('link', { name: 'Book a free consultation' }).click();
  await fillLead(page, 'utm.lead@example.com', 'Tracked Ltd');
  await page.getByRole('button', { name: 'Book a free consultation' }).click();
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  expect(leadRows(site.dataDir, 'utm.lead@example.com')).toEqual([
    { page: '/ai-journey', referrer: '', utm_source: 'linkedin', utm_medium: 'social', utm_campaign: 'q4-launch', spam: 0 },
  ]);
  // Only the visit's own storage holds it, and nothing stays in localStorage.
  expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);
  expect(consoleProblems).toEqual([]);

  await signIn(page);
  await showTab(page, 'Contacts');
  const searched = page.waitForResponse((r) => new URL(r.url()).searchParams.get('q') === 'Tracked Ltd');
  await page.getByRole('searchbox', { name: 'Search leads' }).fill('Tracked Ltd');
  await searched;
  await expect(page.getByText('Showing 1–1 of 1')).toBeVisible();
  await page.getByRole('button', { name: 'Grace Hopper' }).click();
  const dialog = page.getByRole('dialog', { name: 'Grace Hopper' });
  const source = dialog.getByRole('region', { name: 'Source' });
  await expect(source.getByRole('definition').nth(0)).toHaveText('/ai-journey');
  await expect(source).toContainText('UTM sourcelinkedin');
  await expect(source).toContainText('UTM mediumsocial');
  await expect(source).toContainText('UTM campaignq4-launch');
});

test('a network failure keeps what was typed, and Retry sends it', async ({ page, site }) => {
  let attempts = 0;
  await page.route('**/api/contact', (route) => (++attempts === 1 ? route.abort('internetdisconnected') : route.continue()));
  await openForm(page, '/', 'Book a free consultation');
  await fillLead(page, 'retry.lead@example.com');
  await page.getByRole('button', { name: 'Book a free consultation' }).click();

  const alert = page.locator('#contact').getByRole('alert');
  await expect(alert).toContainText('Not sent: we could not reach our server. What you typed is still here.');
  await expect(toastWith(page, 'Failed to submit form. Please try again.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeFocused();
  await expect(page.getByLabel('Business Email')).toHaveValue('retry.lead@example.com');
  await expect(page.getByLabel('Project Details')).toHaveValue('Forecast demand for 2,000 products.');
  expect(leadRows(site.dataDir, 'retry.lead@example.com')).toEqual([]);

  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(toastWith(page, 'Success!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Submit Another Request' }).click();
  await expect(page.getByLabel('First Name')).toHaveValue('');
  expect(attempts).toBe(2);
  expect(leadRows(site.dataDir, 'retry.lead@example.com')).toHaveLength(1);
});

test('a server failure (5xx) offers Retry too, and 429 shows the server message', async ({ page }) => {
  const answers = [
    { status: 503, json: { message: 'Internal error.' } },
    { status: 429, json: { message: 'Too many requests from you in a short time. Please wait a few minutes and try again, or e-mail us directly.' } },
  ];
  await page.route('**/api/contact', (route) => route.fulfill(answers.shift()!));
  await openForm(page, '/', 'Book a free consultation');
  await fillLead(page, 'limited@example.com');
  await page.getByRole('button', { name: 'Book a free consultation' }).click();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(toastWith(page, 'Failed to submit form. Please try again.')).toBeVisible();
  await page.getByRole('button', { name: 'Retry' }).click();
  const alert = page.locator('#contact').getByRole('alert');
  await expect(alert).toHaveText('Too many requests from you in a short time. Please wait a few minutes and try again, or e-mail us directly.');
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await expect(page.getByLabel('Company Name')).toHaveValue('Compiler Works');
});

test('a reload restores what was typed, until the lead is sent', async ({ page, consoleProblems }) => {
  await openForm(page, '/', 'Book a free consultation');
  await page.getByLabel('First Name').fill('Ada');
  await page.getByLabel('Company Name').fill('Analytical Engines');
  await page.getByLabel('AI Solution Interest').selectOption('nlp');
  await page.getByLabel('Project Details').fill('Read our contracts.');
  await page.reload();
  await formReady(page, 'Book a free consultation');
  await expect(page.getByLabel('First Name')).toHaveValue('Ada');
  await expect(page.getByLabel('Company Name')).toHaveValue('Analytical Engines');
  await expect(page.getByLabel('AI Solution Interest')).toHaveValue('nlp');
  await expect(page.getByLabel('Project Details')).toHaveValue('Read our contracts.');

  await page.getByLabel('Last Name').fill('Lovelace');
  await page.getByLabel('Business Email').fill('ada.draft@example.com');
  // Consent is given anew: it is not kept with the draft.
  await expect(page.getByRole('checkbox', { name: /^I agree/ })).not.toBeChecked();
  await page.getByRole('checkbox', { name: /^I agree/ }).check();
  await page.clock.fastForward(5_000);
  await page.getByRole('button', { name: 'Book a free consultation' }).click();
  await expect(toastWith(page, 'Success!')).toBeVisible();
  await page.reload();
  await formReady(page, 'Book a free consultation');
  await expect(page.getByLabel('First Name')).toHaveValue('');
  await expect(page.getByLabel('Project Details')).toHaveValue('');
  // Restoring after hydration leaves React nothing to complain about.
  expect(consoleProblems).toEqual([]);
});

test('the server renders the form empty, whatever the browser keeps', async ({ browser, baseURL }) => {
  const ctx = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await ctx.newPage();
  await page.goto('/');
  await expect(page.getByLabel('First Name')).toHaveValue('');
  await ctx.close();
});

test('the hidden trap field is out of sight and out of the tab order, and a filled one marks spam', async ({ page, site }) => {
  await openForm(page, '/', 'Book a free consultation');
  const trap = page.locator('#contact input[name="website"]');
  await expect(trap).toHaveAttribute('tabindex', '-1');
  await expect(trap).toHaveAttribute('autocomplete', 'off');
  await expect(trap).not.toBeInViewport();
  await expect(page.locator('#contact label[for="contact-website"]')).toHaveText('Leave this field empty');
  await page.getByLabel('Company Name').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Job Title')).toBeFocused();

  await fillLead(page, 'bot.lead@example.com');
  await trap.fill('https://spam.example');
  await page.getByRole('button', { name: 'Book a free consultation' }).click();
  // A script is answered as a person would be, and its lead goes to Spam.
  await expect(toastWith(page, 'Success!')).toBeVisible();
  expect(leadRows(site.dataDir, 'bot.lead@example.com').map((r) => r.spam)).toEqual([1]);
});
