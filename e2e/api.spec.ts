import { expect, test } from '@playwright/test';
import { startSite } from './fixtures';

// Its own server: these tests change the content that other files expect.
let site: Awaited<ReturnType<typeof startSite>>;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  site = await startSite();
});

test.afterAll(async () => {
  await site.stop();
});

/** The first admin's password, which a fresh server prints once in its log. */
function firstAdminPassword(): string {
  for (const line of site.logs) {
    const rec = JSON.parse(line) as { username?: string; password?: string };
    if (rec.username === 'admin' && rec.password) return rec.password;
  }
  throw new Error('no first-admin password in the log');
}

test.describe('API against the real binary', () => {
  test('a lead is stored and the admin sees it; an admin edit shows on the page at once', async ({ playwright, browser }) => {
    const api = await playwright.request.newContext({ baseURL: site.baseURL });
    const lead = await api.post('/api/contact', {
      data: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', company: 'Navy', jobTitle: 'cto' },
    });
    expect(lead.status()).toBe(201);
    expect((await lead.json()).message).toBe('Thank you! We will contact you within 24 hours to schedule your free consultation.');

    const denied = await api.get('/api/admin/contact-submissions');
    expect(denied.status()).toBe(401);
    expect((await denied.json()).message).toBeTruthy();

    const login = await api.post('/api/admin/login', { data: { username: 'admin', password: firstAdminPassword() } });
    expect(login.status()).toBe(200);
    const { success, sessionToken, user } = await login.json();
    expect(success).toBe(true);
    expect(user).toEqual({ id: 1, username: 'admin', isAdmin: true });
    const auth = { Authorization: `Bearer ${sessionToken}` };

    const leads = await api.get('/api/admin/contact-submissions', { headers: auth });
    expect(leads.headers()['cache-control']).toBe('no-store');
    expect((await leads.json()).data[0]).toMatchObject({ firstName: 'Grace', email: 'grace@example.com', jobTitle: 'cto' });

    const edit = await api.post('/api/admin/content', {
      headers: auth,
      data: { section: 'hero', key: 'main_title', value: 'Models That Pay For Themselves' },
    });
    expect(edit.status()).toBe(200);
    const ctx = await browser.newContext({ javaScriptEnabled: false, baseURL: site.baseURL });
    const page = await ctx.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Models That Pay For Themselves');
    await ctx.close();

    expect((await api.post('/api/admin/logout', { headers: auth })).status()).toBe(200);
    expect((await api.get('/api/admin/pages', { headers: auth })).status()).toBe(401);
    await api.dispose();
  });

  test('a form on a page of another origin cannot post a lead', async ({ page, playwright }) => {
    // The classic cross-site form post, with a body that reads as JSON.
    await page.setContent(`<form method="post" enctype="text/plain" action="${site.baseURL}/api/contact">
      <input name='{"firstName":"Eve","lastName":"X","email":"eve@example.com","company":"Evil","projectDetails":"' value='"}'>
      <button>Send</button></form>`);
    const [res] = await Promise.all([page.waitForResponse(`${site.baseURL}/api/contact`), page.getByRole('button').click()]);
    expect(res.status()).toBe(403);
    expect(res.headers()['access-control-allow-origin']).toBeUndefined();

    const api = await playwright.request.newContext({ baseURL: site.baseURL });
    const login = await api.post('/api/admin/login', { data: { username: 'admin', password: firstAdminPassword() } });
    const { sessionToken } = await login.json();
    const leads = await api.get('/api/admin/contact-submissions', { headers: { Authorization: `Bearer ${sessionToken}` } });
    const companies = ((await leads.json()).data as { company: string }[]).map((l) => l.company);
    expect(companies).not.toContain('Evil');
    await api.dispose();
  });
});
