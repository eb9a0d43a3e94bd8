import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, recordRow, showTab, startOwnSite, stopOwnSite, toastWith, typeBody, type OwnSite } from './admin-fixtures';
import { watchConsole } from './fixtures';

// Scheduling, redirects and the not-found list, through the admin in
// Chromium against the real binary; what visitors get is checked with
// plain requests (the server's HTML and status, no JavaScript).

const expect = baseExpect.configure({ timeout: 15_000 });

let own: OwnSite;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright }) => {
  own = await startOwnSite(playwright);
});

test.afterAll(() => stopOwnSite(own));

/** A signed-in admin's dashboard on the file's own site, at the tab named. */
async function adminAt(browser: Browser, tab: string, options: { timezoneId?: string } = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL: own.site.baseURL, ...options });
  const page = await context.newPage();
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Welcome, admin')).toBeVisible();
  await showTab(page, tab);
  return page;
}

/** Status and Location of a plain GET that follows no redirect. */
async function fetchNoFollow(path: string) {
  const res = await own.api.get(path, { maxRedirects: 0 });
  return { status: res.status(), location: res.headers()['location'] ?? '', html: await res.text() };
}

test('a draft is scheduled from its row, at a time of the zone the dialog names', async ({ browser }) => {
  const made = await own.api.post('/api/admin/pages', { headers: own.auth, data: { title: 'Pricing Update', slug: 'pricing-update', content: 'New plans from January.' } });
  expect(made.status()).toBe(201);
  const page = await adminAt(browser, 'Pages', { timezoneId: 'America/New_York' });
  const row = recordRow(page, 'Pricing Update');
  await expect(row.getByText('Draft', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: 'Schedule Pricing Update' }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule Pricing Update' });
  await expect(dialog.getByText(/^In your time zone: America\/New_York \(GMT-[45]\)\.$/)).toBeVisible();

  // A time gone is refused, and nothing is written.
  const field = dialog.getByLabel('Publish on');
  await field.fill('2020-01-01T09:00');
  await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(dialog.getByText('Choose a time to come, or use Publish to publish the page now.')).toBeVisible();
  const stored = async () => {
    const list = (await (await own.api.get('/api/admin/pages', { headers: own.auth })).json()) as { data: { slug: string; status: string; publishedAt: string | null }[] };
    return list.data.find((p) => p.slug === 'pricing-update');
  };
  expect((await stored())?.status).toBe('draft');

  await field.fill('2031-03-04T09:30');
  await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(toastWith(page, 'Page scheduled')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByText(/^Scheduled/)).toBeVisible();
  // Kept as that instant: 9:30 in New York on 4 March 2031 (standard time) is 14:30 UTC.
  const after = await stored();
  expect(after?.status).toBe('published');
  expect(new Date(after?.publishedAt ?? '').toISOString()).toBe('2031-03-04T14:30:00.000Z');

  // Opened again, the dialog starts from the time set.
  await row.getByRole('button', { name: 'Schedule Pricing Update' }).click();
  await expect(dialog.getByLabel('Publish on')).toHaveValue('2031-03-04T09:30');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.context().close();
});

test('a page scheduled a few seconds ahead is 404 until its time, then live without a write', async ({ browser }) => {
  // Fifteen seconds of waiting for the time, on a machine that may be busy.
  test.setTimeout(90_000);
  const page = await adminAt(browser, 'Pages');
  const problems = watchConsole(page);
  await page.getByRole('button', { name: 'Add Page' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Page' });
  await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill('Launch Briefing');
  await typeBody(dialog, 'Our new service opens today.');
  await dialog.getByLabel('Status').click();
  await page.getByRole('option', { name: 'Published' }).click();
  // Fifteen seconds from now, in the browser's own time zone, as the input takes it.
  const due = await page.evaluate(() => {
    const d = new Date(Date.now() + 15_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return { local: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`, at: d.getTime() };
  });
  await dialog.getByLabel('Publish At').fill(due.local);
  await dialog.getByRole('button', { name: 'Create Page' }).click();
  await page.getByRole('alertdialog', { name: /^Publish with / }).getByRole('button', { name: 'Publish anyway' }).click();
  await expect(toastWith(page, 'Page created successfully')).toBeVisible();
  const row = recordRow(page, 'Launch Briefing');
  await expect(row.getByText(/^Scheduled/)).toBeVisible();
  // Its address opens as a preview for staff until then.
  await expect(row.getByRole('link')).toHaveAccessibleName('/launch-briefing (opens a preview in a new tab)');

  // Before its time: the 404 page, and in no sitemap.
  expect((await fetchNoFollow('/launch-briefing')).status).toBe(404);
  expect(await (await own.api.get('/sitemap.xml')).text()).not.toContain('/launch-briefing');

  // At its time it is live, though nothing was written.
  await expect
    .poll(async () => (await fetchNoFollow('/launch-briefing')).status, { timeout: 45_000, intervals: [500] })
    .toBe(200);
  expect(Date.now()).toBeGreaterThanOrEqual(due.at - 1000);
  const live = await fetchNoFollow('/launch-briefing');
  expect(live.html).toMatch(/<h1[^>]*>Launch Briefing<\/h1>/);
  expect(live.html).toContain('Our new service opens today.');
  expect(await (await own.api.get('/sitemap.xml')).text()).toContain('/launch-briefing');
  await page.reload();
  await expect(recordRow(page, 'Launch Briefing').getByText('Published', { exact: true })).toBeVisible();
  expect(problems).toEqual([]);
  await page.context().close();
});

test('changing a published page’s slug sends its old address on with 301', async ({ browser }) => {
  const page = await adminAt(browser, 'Pages');
  await page.getByRole('button', { name: 'Edit Launch Briefing' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Page' });
  await edit.getByLabel('Slug').fill('launch-notes');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toastWith(page, 'Page updated successfully')).toBeVisible();

  const old = await fetchNoFollow('/launch-briefing?utm_source=newsletter');
  expect(old.status).toBe(301);
  expect(old.location).toBe('/launch-notes?utm_source=newsletter');
  // A browser follows it to the page.
  await page.goto('/launch-briefing');
  await expect(page).toHaveURL(/\/launch-notes$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Launch Briefing' })).toBeVisible();

  // The Redirects tab lists it as automatic.
  await page.goto('/admin?tab=redirects');
  await expect(recordRow(page, '/launch-briefing')).toContainText('/launch-notes');
  await expect(recordRow(page, '/launch-briefing')).toContainText('Automatic');
  await page.context().close();
});

test('a path from the Not found list gets a redirect in two clicks, and an entry can be cleared', async ({ browser }) => {
  for (const path of ['/old-pricing', '/old-pricing', '/old-pricing?ref=ad', '/typo-page']) {
    expect((await fetchNoFollow(path)).status).toBe(404);
  }
  const page = await adminAt(browser, 'Redirects');
  const problems = watchConsole(page);
  const notFoundList = page.getByRole('region', { name: 'Addresses not found' });
  const notFound = notFoundList.getByRole('listitem', { name: '/old-pricing', exact: true });
  await expect(notFound).toContainText('3 visits');

  await notFound.getByRole('button', { name: 'Create redirect from /old-pricing' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Redirect' });
  await expect(dialog.getByLabel('Source')).toHaveValue('/old-pricing');
  // A target the server refuses is told beside its field.
  await dialog.getByLabel('Target').fill('/launch-briefing');
  await dialog.getByRole('button', { name: 'Create Redirect' }).click();
  await expect(dialog.getByText('/launch-briefing redirects to /launch-notes already')).toBeVisible();
  await dialog.getByLabel('Target').fill('/ai-consulting');
  await dialog.getByRole('button', { name: 'Create Redirect' }).click();
  await expect(toastWith(page, 'Redirect created successfully')).toBeVisible();
  // The path leaves the Not found list, and its redirect's row says it was made by hand.
  await expect(notFound).toHaveCount(0);
  await expect(recordRow(page, '/old-pricing').filter({ hasText: '/ai-consulting' })).toContainText('Manual');

  const res = await fetchNoFollow('/old-pricing?ref=ad');
  expect(res.status).toBe(301);
  expect(res.location).toBe('/ai-consulting?ref=ad');

  // Each redirect's row says how often it was followed and when last; the list counts what this site counted.
  expect((await fetchNoFollow('/old-pricing')).status).toBe(301);
  expect((await fetchNoFollow('/old-pricing/')).status).toBe(301);
  await page.reload();
  await expect(recordRow(page, '/old-pricing')).toContainText(/Followed 3 times · last \w/);
  await expect(recordRow(page, '/old-pricing').locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
  // The previous test's two: a plain request and a browser's.
  await expect(recordRow(page, '/launch-briefing')).toContainText('Followed 2 times ·');
  const spare = await own.api.post('/api/admin/redirects', { headers: own.auth, data: { source: '/spare-address', target: '/careers' } });
  expect(spare.status()).toBe(201);
  await page.reload();
  await expect(recordRow(page, '/spare-address')).toContainText('Not followed yet');

  const typo = notFoundList.getByRole('listitem', { name: '/typo-page', exact: true });
  await typo.getByRole('button', { name: 'Clear /typo-page' }).click();
  await expect(toastWith(page, '/typo-page cleared from the list')).toBeVisible();
  await expect(typo).toHaveCount(0);
  await expect(page.getByText('No visitor has met a missing page yet.')).toBeVisible();
  // The one refusal above, and nothing else.
  expect(problems).toEqual(['error: Failed to load resource: the server responded with a status of 400 (Bad Request)']);
  await page.context().close();
});
