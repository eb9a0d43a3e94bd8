import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, test } from '@playwright/test';
import { watchConsole } from './fixtures';
import { startOwnSite, stopOwnSite, type OwnSite } from './admin-fixtures';
import { gotoReady } from './page-ready';

// The machine running the tests may be busy; wait longer than the default.
const expect = baseExpect.configure({ timeout: 15_000 });

// Its own server: these tests add pages and a footer link that the other
// files' pages do not expect.
let site: OwnSite['site'];
let api: OwnSite['api'];
let auth: OwnSite['auth'];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright }) => {
  ({ site, api, auth } = await startOwnSite(playwright));
});

test.afterAll(() => stopOwnSite({ site, api, auth }));

const page = {
  title: 'How We Deliver AI Programmes',
  slug: 'how-we-deliver',
  content: [
    'Most AI programmes stall between the pilot and production. Ours do not.',
    'Then we build in short cycles:\nWeek 1 to 2: a prototype on your own data.\nWeek 3 to 6: integration.',
    '<img src=x onerror="window.injected=1"> stays text.',
  ].join('\n\n'),
  excerpt: 'From discovery to production in weeks.',
  metaTitle: 'How We Deliver AI | Meridian AI',
  metaDescription: 'Discovery, short build cycles and a measured roll-out: how Meridian AI delivers.',
};

let id = 0;

test.describe('published pages', () => {
  test('a page created through the API answers at its slug once published, not before', async () => {
    const created = await api.post('/api/admin/pages', { headers: auth, data: page });
    expect(created.status()).toBe(201);
    id = (await created.json()).data.id;
    expect((await api.get(`/${page.slug}`)).status()).toBe(404);

    expect((await api.post(`/api/admin/pages/${id}/publish`, { headers: auth })).status()).toBe(200);
    const res = await api.get(`/${page.slug}`);
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>How We Deliver AI | Meridian AI</title>');
    expect(html).toContain(`<meta name="description" content="${page.metaDescription}" />`);
    expect(html).toContain(`<link rel="canonical" href="${site.baseURL}/${page.slug}" />`);
    expect(html).toContain(`<meta property="og:title" content="How We Deliver AI | Meridian AI" />`);
    expect(html).toMatch(/<h1[^>]*>How We Deliver AI Programmes<\/h1>/);
    expect(html).toContain('<p>Then we build in short cycles:<br/>Week 1 to 2: a prototype on your own data.<br/>Week 3 to 6: integration.</p>');
    expect(html).toContain('&lt;img src=x onerror=&quot;window.injected=1&quot;&gt; stays text.');
    expect(html).toMatch(/<section[^>]*aria-labelledby="cta-title"[\s\S]*href="\/ai-journey"/);

    const sitemap = await (await api.get('/sitemap.xml')).text();
    expect(sitemap).toMatch(new RegExp(`<loc>${site.baseURL}/${page.slug}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT[\\d:]+Z</lastmod>`));
  });

  test('without JavaScript the page shows its title, text and call to action', async ({ browser }) => {
    const ctx = await browser.newContext({ javaScriptEnabled: false, baseURL: site.baseURL });
    const tab = await ctx.newPage();
    await tab.goto(`/${page.slug}`);
    await expect(tab.getByRole('heading', { level: 1 })).toHaveText(page.title);
    await expect(tab.getByText('Most AI programmes stall')).toBeVisible();
    await expect(tab.getByRole('banner')).toBeVisible();
    await expect(tab.getByRole('contentinfo')).toBeVisible();
    await expect(tab.locator('section[aria-labelledby="cta-title"] a[href="/ai-journey"]')).toBeVisible();
    await ctx.close();
  });

  test('the page hydrates without console problems and passes axe', async ({ browser }) => {
    const ctx = await browser.newContext({ baseURL: site.baseURL, reducedMotion: 'reduce' });
    const tab = await ctx.newPage();
    const problems = watchConsole(tab);
    await gotoReady(tab, `/${page.slug}`);
    await expect(tab).toHaveTitle('How We Deliver AI | Meridian AI');
    await expect(tab.getByRole('heading', { level: 1 })).toHaveText(page.title);
    await expect(tab.getByText('<img src=x onerror="window.injected=1"> stays text.')).toBeVisible();
    expect(await tab.evaluate(() => 'injected' in window)).toBe(false);
    // Hydrated: the menu toggle responds.
    await tab.setViewportSize({ width: 375, height: 800 });
    await tab.getByRole('button', { name: 'Open menu' }).click();
    await expect(tab.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
    await tab.setViewportSize({ width: 1280, height: 800 });
    const axe = await new AxeBuilder({ page: tab }).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    // To a built-in page without a reload, and back: the page again.
    await tab.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click();
    await expect(tab.getByRole('heading', { level: 1 })).toHaveText('We help enterprises make AI work');
    await tab.goBack();
    await expect(tab.getByRole('heading', { level: 1 })).toHaveText(page.title);
    await expect(tab).toHaveTitle('How We Deliver AI | Meridian AI');
    expect(problems).toEqual([]);
    await ctx.close();
  });

  test('a footer link to the page opens it from another page', async ({ browser }) => {
    const link = await api.post('/api/admin/footer-links', {
      headers: auth,
      data: { category: 'Company', title: 'How We Deliver', url: `/${page.slug}`, order: 9, isActive: true },
    });
    expect(link.status()).toBe(201);
    const ctx = await browser.newContext({ baseURL: site.baseURL });
    const tab = await ctx.newPage();
    const problems = watchConsole(tab);
    await gotoReady(tab, '/careers');
    await tab.getByRole('contentinfo').getByRole('link', { name: 'How We Deliver' }).click();
    await expect(tab).toHaveURL(new RegExp(`/${page.slug}$`));
    await expect(tab.getByRole('heading', { level: 1 })).toHaveText(page.title);
    expect(problems).toEqual([]);
    await ctx.close();
  });

  test('unpublished, the page answers 404 at once', async ({ browser }) => {
    const draft = await api.put(`/api/admin/pages/${id}`, { headers: auth, data: { ...page, status: 'draft' } });
    expect(draft.status()).toBe(200);
    const ctx = await browser.newContext({ baseURL: site.baseURL });
    const tab = await ctx.newPage();
    const res = await tab.goto(`/${page.slug}`);
    expect(res?.status()).toBe(404);
    await expect(tab.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
    await ctx.close();
    expect(await (await api.get('/sitemap.xml')).text()).not.toContain(`/${page.slug}<`);
  });

  test('a slug the site uses itself is refused with the field named', async () => {
    for (const slug of ['about-us', 'admin', 'api', 'assets', 'media']) {
      const res = await api.post('/api/admin/pages', { headers: auth, data: { ...page, slug } });
      expect(res.status()).toBe(400);
      expect((await res.json()).errors).toEqual({ slug: `The address /${slug} belongs to the site itself; choose another slug.` });
    }
  });
});
