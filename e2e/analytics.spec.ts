import type { Page } from '@playwright/test';
import { expect as baseExpect, sectionLink, showTab, signIn, test } from './admin-fixtures';
import { gotoReady } from './page-ready';

// The machine running the tests may be busy; wait longer than the default.
const expect = baseExpect.configure({ timeout: 15_000 });

// A person's browser: the analytics leave out headless browsers as robots,
// and the other tests' visits with them.
test.use({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36' });

/** The row of a table of the Analytics tab whose first cell holds text. */
function tableRow(page: Page, table: string, text: string) {
  return page.getByRole('main').locator('section', { hasText: table }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: text, exact: true }) });
}

test('a visit from a campaign reads three pages, sends a lead, and the Analytics tab shows it all, with the speed of its pages', async ({ browser, page, baseURL }) => {
  // The visitor: lands from a newsletter, reads two more pages, asks for a consultation.
  await page.clock.install();
  await gotoReady(page, '/?utm_source=newsletter&utm_medium=email&utm_campaign=spring');
  await gotoReady(page, '/about-us');
  await gotoReady(page, '/ai-journey');
  await page.getByLabel('First Name').fill('Ada');
  await page.getByLabel('Last Name').fill('Byron');
  await page.getByLabel('Business Email').fill('ada.analytics@example.com');
  await page.getByLabel('Company Name').fill('Engines Ltd');
  await page.getByLabel('Job Title').selectOption('cto');
  await page.getByLabel('Project Details').fill('Forecast demand for our warehouses.');
  await page.getByRole('checkbox', { name: /^I agree/ }).check();
  // A person takes more than a few seconds to fill a form.
  await page.clock.fastForward(5_000);
  await page.getByRole('button', { name: 'Book a free consultation' }).click();
  await expect(page.getByText(/Thank you/).first()).toBeVisible();
  // Leaving the page hides it: its speed is sent then.
  await page.goto('about:blank');
  expect(await page.context().cookies(baseURL)).toEqual([]);

  // Staff, in a browser of their own.
  const staff = await browser.newPage();
  await signIn(staff);
  await showTab(staff, 'Analytics');
  const panel = staff.getByRole('main');
  const campaign = tableRow(staff, 'Campaigns', 'newsletter / email / spring');
  // The speed arrives when the visitor's page was hidden: read again until it is there.
  await expect(async () => {
    await staff.reload();
    await expect(panel.getByRole('heading', { name: 'Campaigns' })).toBeVisible();
    await expect(campaign).toContainText(/1\s*3\s*1\s*100\.0%/, { timeout: 2_000 });
    await expect(tableRow(staff, 'Real-user speed', '/ai-journey')).toContainText(/\d+ ms/, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(tableRow(staff, 'Landing pages', '/')).toContainText(/1\s*1\s*1\s*100\.0%/);
  await expect(tableRow(staff, 'Pages', '/about-us')).toContainText(/1\s*1\s*1/);
  await expect(tableRow(staff, 'Sources', 'Direct')).toBeVisible();
  await expect(panel.getByText('Visitors', { exact: true }).first()).toBeVisible();
  await expect(panel.getByRole('list', { name: 'Funnel from visit to meeting' })).toContainText('Sent a lead');
  await expect(panel.getByRole('list', { name: 'Funnel from visit to meeting' })).toContainText('Booked a consultation');

  // A custom period is in the address: a reload shows the same days.
  await panel.getByRole('combobox', { name: 'Period' }).click();
  await staff.getByRole('option', { name: 'Custom', exact: true }).click();
  const from = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
  await staff.locator('#analytics-from').fill(from);
  await expect(staff).toHaveURL(new RegExp(`period=custom&from=${from}`));
  await staff.reload();
  await expect(panel.getByRole('combobox', { name: 'Period' })).toHaveText(/Custom/);
  await expect(staff.locator('#analytics-from')).toHaveValue(from);
  await expect(campaign).toContainText(/1\s*3\s*1\s*100\.0%/);
  await staff.close();
});

test('the dashboard opens with the last 7 days and the site checks, and a check opens the tab that mends it', async ({ page }) => {
  await signIn(page);
  const panel = page.getByRole('main');
  await expect(panel.getByRole('heading', { name: 'Last 7 days' })).toBeVisible();
  const checks = panel.getByRole('list', { name: 'Site checks' });
  const alerts = checks.getByRole('listitem').filter({ hasText: 'No one is told of new leads' });
  await expect(alerts).toBeVisible();
  await alerts.getByRole('button', { name: 'Fix this' }).click();
  await expect(sectionLink(page, 'Contacts')).toHaveAttribute('aria-current', 'page');
  await showTab(page, 'Dashboard');
  await panel.getByRole('button', { name: 'Open Analytics' }).click();
  await expect(sectionLink(page, 'Analytics')).toHaveAttribute('aria-current', 'page');
});
