import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, type OwnSite, setEditMode, showTab, startOwnSite, stopOwnSite, toastWith, typeBody } from './admin-fixtures';
import { png } from './media-files';

// The blog: articles are pages of the admin with the template article,
// served at /blog/{slug} and listed on /blog by the server, a category and
// a page at a time; the feed and the sitemap list them. Every visitor's
// view is checked in the server's HTML, without JavaScript.

const expect = baseExpect.configure({ timeout: 15_000 });

// Its own server: these tests add articles that the other files' blog does not expect.
let site: OwnSite['site'];
let api: OwnSite['api'];
let auth: OwnSite['auth'];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright }) => {
  ({ site, api, auth } = await startOwnSite(playwright));
});

test.afterAll(() => stopOwnSite({ site, api, auth }));

/** A tab of a browser without JavaScript: what the server's HTML shows. */
async function withoutJS(browser: import('@playwright/test').Browser, fn: (tab: Page) => Promise<void>) {
  const ctx = await browser.newContext({ javaScriptEnabled: false, baseURL: site.baseURL });
  try {
    await fn(await ctx.newPage());
  } finally {
    await ctx.close();
  }
}

async function createArticle(data: Record<string, unknown>) {
  const res = await api.post('/api/admin/pages', {
    headers: auth,
    data: { content: 'First paragraph.\n\nSecond paragraph.', template: 'article', status: 'published', isActive: true, ...data },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data as { id: number; slug: string };
}

const article = {
  title: 'Governing generative AI without slowing it down',
  author: 'Dr. Amelia Hart',
  tags: 'Responsible AI, Governance, LLMs',
  content: 'Most governance programmes start with a policy.\n\nOurs start with an inventory:\nwhat runs, who owns it, what it touches.',
  excerpt: 'A lightweight operating model for generative AI that risk teams and builders can both live with.',
};
const slug = 'governing-generative-ai-without-slowing-it-down';

test.describe('blog', () => {
  test('a fresh site lists the six seeded articles, each linking to its page', async ({ browser }) => {
    await withoutJS(browser, async (tab) => {
      expect((await tab.goto('/blog'))?.status()).toBe(200);
      const cards = tab.getByRole('article');
      await expect(cards).toHaveCount(6);
      await expect(tab.getByRole('navigation', { name: 'Categories' }).getByRole('link')).toHaveCount(7);
      await expect(tab.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
      await expect(tab.getByRole('region', { name: 'Popular tags' }).getByRole('listitem')).toHaveCount(8);
      await cards.first().getByRole('link').click();
      await expect(tab).toHaveURL(/\/blog\/ai-pilots-to-production$/);
      await expect(tab.getByRole('heading', { level: 1 })).toHaveText('Why most AI pilots never reach production, and how to fix it');
      expect(await tab.locator('[data-article="text"] > p').count()).toBeGreaterThanOrEqual(4);
    });
  });

  test('an article created in the admin answers at /blog/{slug} with its neighbours', async ({ browser }) => {
    const ctx = await browser.newContext({ baseURL: site.baseURL });
    const page = await ctx.newPage();
    await page.goto('/admin/login');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Welcome, admin')).toBeVisible();
    await showTab(page, 'Pages');
    await page.getByRole('button', { name: 'Add Page' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Page' });
    await expect(dialog.getByLabel('Author')).toHaveCount(0);
    await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill(article.title);
    await typeBody(dialog, article.content);
    await dialog.getByLabel('Excerpt').fill(article.excerpt);
    await dialog.getByLabel('Template').click();
    await page.getByRole('option', { name: 'Blog article' }).click();
    await dialog.getByLabel('Author').fill(article.author);
    await dialog.getByLabel('Tags').fill(article.tags);
    await dialog.getByRole('button', { name: 'Create Page' }).click();
    await expect(dialog.getByText('Choose a category')).toBeVisible();
    await dialog.getByLabel('Category').click();
    await page.getByRole('option', { name: 'AI Strategy' }).click();
    await dialog.getByLabel('Status').click();
    await page.getByRole('option', { name: 'Published' }).click();
    // The checks name what it still lacks; publishing asks first.
    await expect(dialog.getByRole('region', { name: 'Checks' })).toContainText('No meta description');
    await dialog.getByRole('button', { name: 'Create Page' }).click();
    await page.getByRole('alertdialog', { name: /^Publish with / }).getByRole('button', { name: 'Publish anyway' }).click();
    await expect(dialog).toHaveCount(0);
    const row = page.getByRole('main').getByRole('listitem', { name: article.title, exact: true });
    await expect(row.getByRole('link', { name: new RegExp(`/blog/${slug}`) })).toHaveAttribute('href', `/blog/${slug}`);
    await ctx.close();

    await withoutJS(browser, async (tab) => {
      expect((await tab.goto(`/blog/${slug}`))?.status()).toBe(200);
      await expect(tab).toHaveTitle(`${article.title} | Meridian AI`);
      await expect(tab.getByRole('heading', { level: 1 })).toHaveText(article.title);
      await expect(tab.getByText(article.author)).toBeVisible();
      await expect(tab.getByText('1 min read')).toBeVisible();
      await expect(tab.locator('[data-article="text"] > p')).toHaveText(['Most governance programmes start with a policy.', /^Ours start with an inventory:\s*what runs/]);
      await expect(tab.getByRole('list').filter({ hasText: 'Governance' }).getByRole('listitem')).toHaveText(['Responsible AI', 'Governance', 'LLMs']);
      // The newest article: the one before it is the newest seeded one, and none after it.
      const more = tab.getByRole('navigation', { name: 'More articles' });
      await expect(more.getByRole('link')).toHaveCount(1);
      await expect(more.getByRole('link', { name: /Previous article/ })).toHaveAttribute('href', '/blog/ai-pilots-to-production');
      // Its neighbour now has one on each side.
      await tab.goto('/blog/ai-pilots-to-production');
      await expect(more.getByRole('link', { name: /Next article/ })).toHaveAttribute('href', `/blog/${slug}`);
      await expect(more.getByRole('link', { name: /Previous article/ })).toHaveAttribute('href', '/blog/retrieval-augmented-generation');
    });
    // The article is not a page at /{slug}.
    expect((await api.get(`/${slug}`)).status()).toBe(404);
    const html = await (await api.get(`/blog/${slug}`)).text();
    const ld = JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/)?.[1] ?? '{}') as { '@graph': Record<string, unknown>[] };
    const posting = ld['@graph'].find((t) => t['@type'] === 'BlogPosting');
    expect(posting).toMatchObject({ headline: article.title, author: { '@type': 'Person', name: article.author }, mainEntityOfPage: { '@id': `${site.baseURL}/blog/${slug}` } });
    expect(posting?.datePublished).toMatch(/^\d{4}-\d\d-\d\dT/);
    const crumbs = ld['@graph'].find((t) => t['@type'] === 'BreadcrumbList') as { itemListElement: { name: string }[] };
    expect(crumbs.itemListElement.map((i) => i.name)).toEqual(['Home', 'Blog', article.title]);
  });

  test('the blog filters by category and pages on the server', async ({ browser }) => {
    // With the seeded one, nine Computer Vision articles: two pages of six.
    for (let i = 1; i <= 8; i++) {
      await createArticle({ title: `Vision note ${i}`, slug: `vision-note-${i}`, category: 'Computer Vision', author: 'Dr. Lena Fischer', tags: ['Edge AI'] });
    }
    const res = await api.get('/blog?category=computer-vision&page=2');
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<link rel="canonical" href="${site.baseURL}/blog?category=computer-vision&amp;page=2" />`);
    expect(html.match(/<article data-article/g)).toHaveLength(3);
    for (const s of ['vision-note-2', 'vision-note-1', 'edge-vision-hardware']) expect(html).toContain(`href="/blog/${s}"`);
    expect(html).not.toContain('href="/blog/vision-note-3"');

    await withoutJS(browser, async (tab) => {
      await tab.goto('/blog');
      await tab.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Computer Vision' }).click();
      await expect(tab).toHaveURL(/\/blog\?category=computer-vision$/);
      await expect(tab.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Computer Vision' })).toHaveAttribute('aria-current', 'page');
      await expect(tab.getByRole('article')).toHaveCount(6);
      const pagination = tab.getByRole('navigation', { name: 'Pagination' });
      await pagination.getByRole('link', { name: 'Next' }).click();
      await expect(tab).toHaveURL(/\/blog\?category=computer-vision&page=2$/);
      await expect(pagination.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
      await expect(tab.getByRole('article')).toHaveCount(3);
      await expect(tab.getByRole('article').last()).toContainText('Vision models at the edge');
    });

    // Only the pages the articles fill: anything else is the 404 page, or the canonical address.
    for (const q of ['category=computer-vision&page=3', 'category=robotics', 'category=NLP', 'page=0', 'page=two', 'page=4']) {
      expect((await api.get(`/blog?${q}`)).status(), q).toBe(404);
    }
    const first = await (await api.get('/blog?page=1&category=all&utm_source=newsletter')).text();
    expect(first).toContain(`<link rel="canonical" href="${site.baseURL}/blog" />`);
    expect((await api.get('/blog?page=3')).status()).toBe(200);
  });

  test('the feed is Atom with the newest articles', async ({ page }) => {
    const res = await api.get('/blog/feed.xml');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('application/atom+xml; charset=utf-8');
    const xml = await res.text();
    await page.goto(`${site.baseURL}/robots.txt`);
    const feed = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      const ns = 'http://www.w3.org/2005/Atom';
      const root = doc.documentElement;
      const child = (el: Element, name: string) => [...el.children].find((c) => c.namespaceURI === ns && c.localName === name);
      return {
        error: doc.getElementsByTagName('parsererror').length,
        root: `${root.namespaceURI} ${root.localName}`,
        title: child(root, 'title')?.textContent,
        id: child(root, 'id')?.textContent,
        updated: child(root, 'updated')?.textContent,
        self: [...root.children].find((c) => c.localName === 'link' && c.getAttribute('rel') === 'self')?.getAttribute('href'),
        entries: [...root.children]
          .filter((c) => c.localName === 'entry')
          .map((e) => ({
            title: child(e, 'title')?.textContent,
            id: child(e, 'id')?.textContent,
            link: child(e, 'link')?.getAttribute('href'),
            updated: child(e, 'updated')?.textContent,
            published: child(e, 'published')?.textContent,
            author: child(e, 'author')?.textContent?.trim(),
            summary: child(e, 'summary')?.textContent,
            content: child(e, 'content')?.textContent,
            contentType: child(e, 'content')?.getAttribute('type'),
          })),
      };
    }, xml);
    expect(feed.error).toBe(0);
    expect(feed.root).toBe('http://www.w3.org/2005/Atom feed');
    expect(feed.title).toBe('Blog | Meridian AI');
    expect(feed.id).toBe(`${site.baseURL}/blog`);
    expect(feed.self).toBe(`${site.baseURL}/blog/feed.xml`);
    expect(feed.updated).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    // 6 seeded, 1 from the admin, 8 vision notes: 15, newest first.
    expect(feed.entries).toHaveLength(15);
    expect(feed.entries[0].title).toBe('Vision note 8');
    const governing = feed.entries.find((e) => e.title === article.title);
    expect(governing).toMatchObject({ id: `${site.baseURL}/blog/${slug}`, link: `${site.baseURL}/blog/${slug}`, author: article.author, summary: article.excerpt, contentType: 'html' });
    expect(governing?.content).toBe('<p>Most governance programmes start with a policy.</p><p>Ours start with an inventory:<br>what runs, who owns it, what it touches.</p>');
    for (const e of feed.entries) expect(e.published && e.updated && e.id && e.link && e.author).toBeTruthy();
  });

  test('the sitemap lists the articles with lastmod', async () => {
    const sitemap = await (await api.get('/sitemap.xml')).text();
    expect(sitemap).toMatch(new RegExp(`<loc>${site.baseURL}/blog/${slug}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT[\\d:]+Z</lastmod>`));
    expect(sitemap).toContain(`<loc>${site.baseURL}/blog/edge-vision-hardware</loc><lastmod>2024-10-17T09:00:00Z</lastmod>`);
    expect(sitemap).toMatch(new RegExp(`<loc>${site.baseURL}/blog</loc><lastmod>`));
  });

  test('a draft article answers 404 to a visitor and is listed nowhere', async ({ browser }) => {
    const draft = await createArticle({ title: 'Draft thoughts', category: 'NLP', status: 'draft' });
    await withoutJS(browser, async (tab) => {
      expect((await tab.goto(`/blog/${draft.slug}`))?.status()).toBe(404);
      await expect(tab.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
    });
    expect(await (await api.get('/blog?category=nlp')).text()).not.toContain(draft.slug);
    expect(await (await api.get('/sitemap.xml')).text()).not.toContain(draft.slug);
    expect(await (await api.get('/blog/feed.xml')).text()).not.toContain(draft.slug);
    expect((await api.post(`/api/admin/pages/${draft.id}/publish`, { headers: auth })).status()).toBe(200);
    expect((await api.get(`/blog/${draft.slug}`)).status()).toBe(200);
  });

  test('the API refuses bad article fields, naming the field, and keeps one slug for pages and articles', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ category: 'Robotics' }, 'category'],
      [{ category: 'All' }, 'category'],
      [{ tags: Array.from({ length: 11 }, (_, i) => `tag ${i}`) }, 'tags'],
      [{ tags: ['x'.repeat(41)] }, 'tags'],
      [{ author: 'a'.repeat(101) }, 'author'],
      [{ template: 'landing' }, 'template'],
    ];
    for (const [fields, field] of bad) {
      const res = await api.post('/api/admin/pages', { headers: auth, data: { title: 'Bad', content: 'x', template: 'article', ...fields } });
      expect(res.status(), JSON.stringify(fields)).toBe(400);
      expect(Object.keys((await res.json()).errors), JSON.stringify(fields)).toContain(field);
    }
    const page = await api.post('/api/admin/pages', { headers: auth, data: { title: 'Taken', slug: 'edge-vision-hardware', content: 'x' } });
    expect(page.status()).toBe(409);
  });

  test('a card shows its article\'s cover from the media library, and a card without one a drawing of its category', async ({ browser }) => {
    const up = await api.post('/api/admin/media', { headers: auth, multipart: { file: { name: 'control-room.png', mimeType: 'image/png', buffer: png(1600, 900) } } });
    expect(up.status()).toBe(201);
    const item = ((await up.json()) as { data: { id: number; name: string }[] }).data[0];
    const alt = await api.put(`/api/admin/media/${item.id}`, {
      headers: auth,
      data: { name: item.name, altText: 'Operators at the control room wall', decorative: false, caption: '', credit: '', focalX: 0.5, focalY: 0.5 },
    });
    expect(alt.status()).toBe(200);
    await createArticle({ title: 'Inside a control room that trusts its models', category: 'Industry Insights', featuredImage: `media:${item.id}` });

    const check = async (tab: Page) => {
      const cards = tab.getByRole('article');
      await expect(cards).toHaveCount(6);
      const covered = cards.filter({ hasText: 'Inside a control room' });
      const img = covered.getByRole('img', { name: 'Operators at the control room wall' });
      await expect(img).toHaveAttribute('sizes', /\(min-width: 1280px\) 384px/);
      await expect(img).toHaveAttribute('width', '1600');
      await expect(img).toHaveAttribute('height', '900');
      // The newest card is in the first row: its cover loads at once; the others have none.
      await expect(img).toHaveAttribute('loading', 'eager');
      await expect(covered.locator('[data-cover="drawn"]')).toHaveCount(0);
      await expect(tab.locator('article [data-cover="drawn"]')).toHaveCount(5);
      await expect(tab.locator('article img')).toHaveCount(1);
    };
    await withoutJS(browser, async (tab) => {
      await tab.goto('/blog');
      await check(tab);
    });
    // With JavaScript: the same after hydration, the cover loaded, every cover's frame as tall as the others.
    const ctx = await browser.newContext({ baseURL: site.baseURL, viewport: { width: 1280, height: 900 } });
    const tab = await ctx.newPage();
    await tab.goto('/blog');
    await check(tab);
    const img = tab.getByRole('article').filter({ hasText: 'Inside a control room' }).getByRole('img');
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    const heights = await tab.locator('article > div:first-child').evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().height)));
    expect(heights).toHaveLength(6);
    expect(new Set(heights).size).toBe(1);
    await ctx.close();
  });
  test("a card's title edited in place is the title visitors read, one changed meanwhile is a clash, and the article's text is edited where it stands", async ({ browser }) => {
    const { id, slug: edited } = await createArticle({ title: 'Edge inference on a budget', category: 'Computer Vision', excerpt: 'Where the model runs decides the bill.' });
    const ctx = await browser.newContext({ baseURL: site.baseURL, viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    await page.goto('/admin/login');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Welcome, admin')).toBeVisible();
    await setEditMode(page);
    await page.goto('/blog');
    const title = page.getByRole('article').filter({ hasText: 'Where the model runs' }).locator('[data-record-field="title"]');
    await expect(title).toHaveAttribute('data-editable', 'true');
    await title.click();
    const field = page.getByRole('textbox', { name: 'Edit article title' });
    // The page in edit mode, a field open, stays accessible.
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await field.fill('Edge inference on a tight budget');
    await field.press('Enter');
    await expect(toastWith(page, 'Content Updated')).toBeVisible();
    await expect(title).toHaveText('Edge inference on a tight budget');
    await expect(title).toBeFocused();
    // A visitor reads it on the article's page, in the server's HTML.
    await withoutJS(browser, async (tab) => {
      await tab.goto(`/blog/${edited}`);
      await expect(tab.getByRole('heading', { level: 1 })).toHaveText('Edge inference on a tight budget');
    });

    // Someone else retitles the article while the page is open: the next edit meets their title.
    const list = ((await (await api.get('/api/admin/pages', { headers: auth })).json()) as { data: { id: number; version: number }[] }).data;
    const theirs = await api.put(`/api/admin/pages/${id}`, { headers: auth, data: { ...list.find((p) => p.id === id), title: 'Edge inference, priced' } });
    expect(theirs.status(), await theirs.text()).toBe(200);
    await title.click();
    await field.fill('Mine, not theirs');
    await field.press('Enter');
    await expect(page.getByRole('alert')).toHaveText('admin changed this article after you opened the page. Theirs: “Edge inference, priced”');
    await page.getByRole('button', { name: 'Keep theirs' }).click();
    await expect(title).toHaveText('Edge inference, priced');
    const now = ((await (await api.get('/api/admin/pages', { headers: auth })).json()) as { data: { id: number; title: string }[] }).data;
    expect(now.find((p) => p.id === id)?.title).toBe('Edge inference, priced');

    // The article's text, in the rich-text editor where it stands: a click at the end of its last paragraph puts the caret there.
    await page.goto(`/blog/${edited}`);
    const text = page.locator('[data-record-field="body"][data-editable]');
    const last = text.locator('p').last();
    await expect(last).toHaveText('Second paragraph.');
    await last.click({ position: { x: (await last.boundingBox())!.width - 2, y: 8 } });
    await expect(page.getByRole('textbox', { name: 'Edit article text' })).toBeFocused();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.insertText('A third, typed in place.');
    await page.keyboard.press('Control+Enter');
    await expect(toastWith(page, 'Content Updated')).toBeVisible();
    await withoutJS(browser, async (tab) => {
      await tab.goto(`/blog/${edited}`);
      await expect(tab.locator('[data-article="text"] > p')).toHaveText(['First paragraph.', 'Second paragraph.', 'A third, typed in place.']);
    });
    await ctx.close();
  });
});
