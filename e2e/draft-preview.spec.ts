import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, recordRow, showTab, startOwnSite, stopOwnSite, type OwnSite } from './admin-fixtures';
import { watchConsole } from './fixtures';
import { gotoReady } from './page-ready';

// Previews as WordPress users know them: signed-in staff open a draft at
// its own address and see it, under a banner that says so, while visitors
// (and staff once signed out) get the 404 page there; a preview link shows
// the same banner to a reviewer without an account; an article's preview
// links to the articles around it.

const expect = baseExpect.configure({ timeout: 15_000 });

// Its own server: these tests add articles that the other files' blog does not expect.
let own: OwnSite;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright }) => {
  own = await startOwnSite(playwright);
});

test.afterAll(() => stopOwnSite(own));

/** Creates a page through the API as the site's admin. */
async function createPage(data: Record<string, unknown>) {
  const res = await own.api.post('/api/admin/pages', { headers: own.auth, data: { content: 'A first paragraph.', ...data } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data as { id: number; slug: string };
}

/** A browser of its own on the site. */
function newBrowser(browser: Browser, options: { javaScriptEnabled?: boolean } = {}): Promise<BrowserContext> {
  return browser.newContext({ baseURL: own.site.baseURL, ...options });
}

/** Signs in through the login form, as staff do. */
async function signIn(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Welcome, admin')).toBeVisible();
}

test('signed-in staff see a draft at its address under a preview banner; visitors, and staff once signed out, get the 404 page', async ({
  browser,
}) => {
  const draft = await createPage({ title: 'Pricing for 2027', slug: 'pricing-2027', content: 'Three plans.\n\nOne is free.' });
  const staff = await newBrowser(browser);
  const page = await staff.newPage();
  const problems = watchConsole(page);
  await signIn(page);

  // From its row in the Pages tab, as a preview in a new tab.
  await showTab(page, 'Pages');
  const link = recordRow(page, 'Pricing for 2027').getByRole('link', { name: '/pricing-2027 (opens a preview in a new tab)' });
  const [tab] = await Promise.all([staff.waitForEvent('page'), link.click()]);
  await expect(tab).toHaveURL(/\/pricing-2027$/);
  await expect(tab.getByRole('heading', { level: 1, name: 'Pricing for 2027' })).toBeVisible();
  await expect(tab.getByText('One is free.')).toBeVisible();
  const banner = tab.getByRole('region', { name: 'Preview' });
  await expect(banner).toHaveText(/Preview\s*Draft — visitors cannot see this page yet\.\s*Edit in admin/);
  // Accessible as the rest of the page: a named region, its contrast AA.
  const axe = await new AxeBuilder({ page: tab }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  // At the top of the page, right below the site's header.
  const bannerBox = await banner.boundingBox();
  const headerBox = await tab.getByRole('banner').boundingBox();
  expect(Math.round(bannerBox!.y)).toBe(Math.round(headerBox!.y + headerBox!.height));

  // What the server sent, without JavaScript: the request carries the
  // browser's cookies.
  const res = await tab.request.get('/pricing-2027');
  expect(res.status()).toBe(200);
  expect(res.headers()['cache-control']).toBe('no-store');
  expect(res.headers()['x-robots-tag']).toBe('noindex, nofollow');
  const html = await res.text();
  expect(html).toContain('>Pricing for 2027</h1>');
  expect(html).toMatch(/<section aria-label="Preview"[^>]*>.*Draft<\/strong> — visitors cannot see this page yet\./s);
  expect(html).toContain(`href="/admin?tab=pages&amp;edit=${draft.id}"`);
  expect(html).toContain('<meta name="robots" content="noindex" />');
  expect(html).not.toContain('rel="canonical"');
  const noJS = await newBrowser(browser, { javaScriptEnabled: false });
  await noJS.addCookies(await staff.cookies());
  const still = await noJS.newPage();
  await still.goto('/pricing-2027');
  await expect(still.getByRole('region', { name: 'Preview' })).toContainText('Draft — visitors cannot see this page yet.');
  await noJS.close();

  // A visitor's browser: the 404 page, however often staff looked.
  const visitor = await newBrowser(browser);
  const stranger = await visitor.newPage();
  expect((await stranger.goto('/pricing-2027'))?.status()).toBe(404);
  await expect(stranger.getByRole('heading', { level: 1 })).toContainText('404');
  await expect(stranger.getByText('Pricing for 2027')).toHaveCount(0);
  await expect(stranger.getByRole('region', { name: 'Preview' })).toHaveCount(0);
  await visitor.close();

  // Edit in admin opens the page's form.
  await banner.getByRole('link', { name: 'Edit in admin' }).click();
  const dialog = tab.getByRole('dialog', { name: 'Edit Page' });
  await expect(dialog.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Pricing for 2027');
  await expect(tab).toHaveURL(/\/admin\?tab=pages$/);
  await tab.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  expect(problems).toEqual([]);

  // Signed out: the 404 page again at the same address.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect((await page.goto('/pricing-2027'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('404');
  expect((await page.request.get('/pricing-2027')).status()).toBe(404);
  await staff.close();
});

test('a scheduled page shows when it goes live, and an article its neighbours in the blog', async ({ browser }) => {
  // Two published articles long ago, and a draft dated between them.
  await createPage({ title: 'Older field notes', template: 'article', category: 'AI Strategy', status: 'published', publishedAt: '2001-01-02T09:00:00Z' });
  await createPage({ title: 'Newer field notes', template: 'article', category: 'AI Strategy', status: 'published', publishedAt: '2001-01-04T09:00:00Z' });
  await createPage({ title: 'Field notes draft', template: 'article', category: 'AI Strategy', publishedAt: '2001-01-03T09:00:00Z' });
  // A draft without a time stands as the newest article.
  await createPage({ title: 'Tomorrow notes', template: 'article', category: 'NLP' });
  await createPage({ title: 'Launch day', status: 'published', publishedAt: '2099-05-01T09:30:00Z' });

  const staff = await newBrowser(browser);
  const page = await staff.newPage();
  const problems = watchConsole(page);
  await signIn(page);

  await gotoReady(page, '/blog/field-notes-draft');
  await expect(page.getByRole('heading', { level: 1, name: 'Field notes draft' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Preview' })).toContainText('Draft — visitors cannot see this page yet.');
  const more = page.getByRole('navigation', { name: 'More articles' });
  await expect(more.getByRole('link', { name: /Previous article/ })).toHaveAttribute('href', '/blog/older-field-notes');
  await expect(more.getByRole('link', { name: /Next article/ })).toHaveAttribute('href', '/blog/newer-field-notes');
  const html = await (await page.request.get('/blog/tomorrow-notes')).text();
  expect(html).toContain('>Tomorrow notes</h1>');
  expect(html).toContain('href="/blog/ai-pilots-to-production" rel="prev"');
  expect(html).not.toContain('rel="next"');

  // Scheduled: its time, in UTC from the server, in the reader's zone once the page runs.
  const launch = await page.request.get('/launch-day');
  expect(await launch.text()).toContain('Scheduled for <time dateTime="2099-05-01T09:30:00Z">May 1, 2099, 09:30 UTC</time>');
  await gotoReady(page, '/launch-day');
  const banner = page.getByRole('region', { name: 'Preview' });
  const shown = await page.evaluate(() =>
    new Date('2099-05-01T09:30:00Z').toLocaleString(undefined, { dateStyle: 'long', timeStyle: 'short' }),
  );
  await expect(banner).toContainText(`Scheduled for ${shown} — visitors cannot see this page yet.`);

  // Visitors: the 404 page at each.
  const visitor = await newBrowser(browser);
  for (const path of ['/blog/field-notes-draft', '/blog/tomorrow-notes', '/launch-day']) {
    expect((await visitor.request.get(path)).status()).toBe(404);
  }
  await visitor.close();
  expect(problems).toEqual([]);
  await staff.close();
});

test('a preview link shows the shared preview banner to a reviewer without an account', async ({ browser }) => {
  const draft = await createPage({ title: 'Outlook 2028', content: 'Five bets for the year ahead.' });
  const made = await own.api.post(`/api/admin/pages/${draft.id}/previews`, { headers: own.auth, data: { days: 3 } });
  expect(made.status()).toBe(201);
  const { url, expiresAt } = (await made.json()).data as { url: string; expiresAt: string };

  const reviewer = await newBrowser(browser);
  const page = await reviewer.newPage();
  const problems = watchConsole(page);
  await gotoReady(page, url);
  await expect(page.getByRole('heading', { level: 1, name: 'Outlook 2028' })).toBeVisible();
  const banner = page.getByRole('region', { name: 'Preview' });
  const until = await page.evaluate((at) => new Date(at).toLocaleDateString(undefined, { dateStyle: 'long' }), expiresAt);
  await expect(banner).toContainText('Shared preview');
  await expect(banner).toContainText(`Draft — visitors cannot see this page yet. This link expires ${until}.`);
  await expect(banner.getByRole('link')).toHaveCount(0);
  const html = await (await page.request.get(url)).text();
  expect(html).toMatch(/<section aria-label="Preview"[^>]*>.*Shared preview<\/span>.*This link expires <time dateTime="[^"]+">[A-Z][a-z]+ \d{1,2}, \d{4}<\/time>/s);
  expect(problems).toEqual([]);
  await reviewer.close();
});
