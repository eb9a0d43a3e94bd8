import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, type OwnSite, setEditMode, startOwnSite, stopOwnSite, toastWith } from './admin-fixtures';

// Case studies are records with pages of their own: a visitor opens one
// from /case-studies, an editor retitles it in place, and a withdrawn one
// answers 410.

const expect = baseExpect.configure({ timeout: 15_000 });

let site: OwnSite['site'];
let api: OwnSite['api'];
let auth: OwnSite['auth'];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright }) => {
  ({ site, api, auth } = await startOwnSite(playwright));
});

test.afterAll(() => stopOwnSite({ site, api, auth }));

async function withoutJS(browser: import('@playwright/test').Browser, fn: (tab: Page) => Promise<void>) {
  const ctx = await browser.newContext({ javaScriptEnabled: false, baseURL: site.baseURL });
  try {
    await fn(await ctx.newPage());
  } finally {
    await ctx.close();
  }
}

test('a visitor opens a study from /case-studies and reads its story; the page passes axe', async ({ browser }) => {
  // Reduced motion: every band shown at once, as axe must see it.
  const ctx = await browser.newContext({ baseURL: site.baseURL, reducedMotion: 'reduce' });
  const page = await ctx.newPage();
  await page.goto('/case-studies');
  await expect(page.getByRole('heading', { level: 2, name: 'Predictive maintenance across 14 plants' })).toBeVisible();
  await expect(page.locator('[data-case-study]')).toHaveCount(5);
  await page.locator('[data-case-study="fraud-detection"]').click();
  await expect(page).toHaveURL(/\/case-studies\/fraud-detection$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Real-time fraud detection');
  await expect(page).toHaveTitle('Real-time fraud detection | Meridian AI');
  for (const name of ['Challenge', 'Solution', 'Results', 'In their words', 'The team', 'More case studies']) {
    await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
  }
  await expect(page.getByText('60% fewer false positives').first()).toBeVisible();
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await ctx.close();

  const sitemap = await (await api.get('/sitemap.xml')).text();
  expect(sitemap).toContain('/case-studies/fraud-detection</loc>');
});

test('an editor retitles a study in place and a visitor reads the new title; a withdrawn study answers 410', async ({ browser }) => {
  const ctx = await browser.newContext({ baseURL: site.baseURL, viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Welcome, admin')).toBeVisible();
  await setEditMode(page);
  await page.goto('/case-studies/radiology-triage');
  const title = page.getByRole('heading', { level: 1 }).locator('[data-record-field="title"]');
  await expect(title).toHaveAttribute('data-editable', 'true');
  await title.click();
  const field = page.getByRole('textbox', { name: 'Edit case study title' });
  await field.fill('Radiology triage in nine hospitals');
  await field.press('Enter');
  await expect(toastWith(page, 'Content Updated')).toBeVisible();
  await expect(title).toHaveText('Radiology triage in nine hospitals');
  await ctx.close();
  await withoutJS(browser, async (tab) => {
    await tab.goto('/case-studies/radiology-triage');
    await expect(tab.getByRole('heading', { level: 1 })).toHaveText('Radiology triage in nine hospitals');
    await tab.goto('/case-studies');
    await expect(tab.locator('[data-case-study="radiology-triage"]')).toContainText('Radiology triage in nine hospitals');
  });

  // Withdrawn: off the list, its address says so with 410.
  const list = ((await (await api.get('/api/admin/case-studies', { headers: auth })).json()) as { data: { slug: string; id: number }[] }).data;
  const study = list.find((s) => s.slug === 'route-optimisation')!;
  const res = await api.put(`/api/admin/case-studies/${study.id}`, { headers: auth, data: { ...study, isActive: false } });
  expect(res.status(), await res.text()).toBe(200);
  const gone = await api.get('/case-studies/route-optimisation');
  expect(gone.status()).toBe(410);
  expect(await gone.text()).toContain('This case study is no longer published');
  expect((await api.get('/case-studies/no-such-study')).status()).toBe(404);
  // Bad input: a clear message, nothing changed.
  const bad = await api.put(`/api/admin/case-studies/${study.id}`, { headers: auth, data: { ...study, results: '' } });
  expect(bad.status()).toBe(400);
  expect(await bad.text()).toContain('Give at least one result');
});
