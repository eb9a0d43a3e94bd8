import { expect, test } from './fixtures';
import { gotoReady } from './page-ready';

test.describe('server rendering', () => {
  test('the HTML for / carries the hero, title and description without JavaScript', async ({ request }) => {
    const res = await request.get('/');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('text/html; charset=utf-8');
    const html = await res.text();
    expect(html).toMatch(/<h1[^>]*>Transform Your Business with Enterprise AI<\/h1>/);
    expect(html).toContain('<title>Enterprise AI Solutions, Consulting &amp; Staffing | Meridian AI</title>');
    expect(html).toMatch(/<meta name="description" content="Meridian AI designs, builds and runs/);
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/"/);
    expect(html).toContain('<meta property="og:title"');
    expect(html).toContain('500+');
    expect(html).toContain('Start Your AI Journey');
    expect(html).toContain('Explore Solutions');
  });

  test('a page with scripts disabled shows the server-rendered hero', async ({ browser, baseURL }) => {
    const ctx = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await ctx.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Transform Your Business with Enterprise AI');
    await ctx.close();
  });

  test('the page hydrates with no console errors or warnings', async ({ page, consoleProblems }) => {
    // The page marks itself ready once React has hydrated it; a click on the
    // server-rendered toggle before that would find no handler.
    await gotoReady(page, '/');
    await expect(page).toHaveTitle('Enterprise AI Solutions, Consulting & Staffing | Meridian AI');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Transform Your Business with Enterprise AI');
    await expect(page.getByText('95%')).toBeVisible();
    // Hydrated, the menu toggle responds to a click.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
    expect(consoleProblems).toEqual([]);
  });

  test('an unknown path answers 404 with the not-found page', async ({ page, request, consoleProblems }) => {
    const res = await request.get('/no-such-page');
    expect(res.status()).toBe(404);
    expect(await res.text()).toContain('404 Page Not Found');
    const nav = await page.goto('/no/such/page');
    expect(nav?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
    await expect(page).toHaveTitle(/404 Page Not Found/);
    // Chromium reports the document's own 404 status; nothing else may appear.
    expect(consoleProblems.filter((m) => !m.includes('status of 404'))).toEqual([]);
  });

  test('health check answers 200', async ({ request }) => {
    const res = await request.get('/healthz');
    expect(res.status()).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });
});
