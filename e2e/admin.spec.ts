import { ADMIN_PASSWORD, expect, sectionNav, signIn, storedSession, test, toastWith } from './admin-fixtures';

test.describe('admin login', () => {
  test('the form names both required fields', async ({ page, consoleProblems }) => {
    await page.goto('/admin/login');
    await expect(page).toHaveTitle('Admin Panel');
    await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
    await expect(page.getByText('Sign in to manage the website')).toBeVisible();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Username is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await page.getByLabel('Username').fill('admin');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Username is required')).toHaveCount(0);
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await storedSession(page)).toEqual({ token: null, user: null });
    expect(consoleProblems).toEqual([]);
  });

  test('good credentials store the session and open the dashboard', async ({ page }) => {
    await page.goto('/admin/login');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(toastWith(page, 'Success!')).toContainText('Logged in successfully');
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByText('Welcome, admin')).toBeVisible();
    const session = await storedSession(page);
    expect(session.token).toBeTruthy();
    expect(JSON.parse(session.user!)).toMatchObject({ username: 'admin', isAdmin: true });
    // The nine tabs of SPEC section 2, then Company facts, Analytics, Meetings, Publish, Redirects, Subscribers, Positions, Applications, Users, Audit log, Privacy and Account (an administrator's), as the sidebar's sections.
    await expect(sectionNav(page).getByRole('link')).toHaveCount(22);
  });

  test('bad credentials show Login Failed and store nothing', async ({ page }) => {
    await page.goto('/admin/login');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(toastWith(page, 'Login Failed')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await storedSession(page)).toEqual({ token: null, user: null });
  });
});

test.describe('admin access', () => {
  test('/admin and /admin/login answer with the noindex shell', async ({ request }) => {
    for (const path of ['/admin', '/admin/login']) {
      const res = await request.get(path);
      expect(res.status()).toBe(200);
      const html = await res.text();
      expect(html).toContain('<title>Admin Panel</title>');
      expect(html).toContain('<meta name="robots" content="noindex" />');
    }
  });

  test('/admin without a token goes to the login page', async ({ page }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });

  test('an unparsable stored user is cleared with the token', async ({ page }) => {
    await page.goto('/admin/login');
    await page.evaluate(() => {
      localStorage.setItem('adminToken', 'some-token');
      localStorage.setItem('adminUser', '{not json');
    });
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await storedSession(page)).toEqual({ token: null, user: null });
  });

  test('a stored token without a stored user is cleared', async ({ page }) => {
    await page.goto('/admin/login');
    await page.evaluate(() => localStorage.setItem('adminToken', 'some-token'));
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await storedSession(page)).toEqual({ token: null, user: null });
  });

  test('a token the server revoked ends at the login page with the session cleared', async ({ page, request }) => {
    await signIn(page);
    const { token } = await storedSession(page);
    const out = await request.post('/api/admin/logout', { headers: { Authorization: `Bearer ${token}` } });
    expect(out.ok()).toBe(true);
    await page.reload();
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await storedSession(page)).toEqual({ token: null, user: null });
  });

  test('logout clears the session and goes to login even when the server call fails', async ({ page, request }) => {
    await signIn(page);
    const { token } = await storedSession(page);
    // Revoked behind the page's back just as the page's own logout call
    // leaves, so that call answers 401; revoked any sooner, a load of the
    // dashboard could meet the revoked token and end the session first.
    await page.route('**/api/admin/logout', async (route) => {
      await request.post('/api/admin/logout', { headers: { Authorization: `Bearer ${token}` } });
      await route.continue();
    });
    const logoutStatus = page.waitForResponse((r) => r.url().endsWith('/api/admin/logout')).then((r) => r.status());
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    expect(await logoutStatus).toBe(401);
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await storedSession(page)).toEqual({ token: null, user: null });
  });

  test('logout revokes the token on the server', async ({ page, request }) => {
    await signIn(page);
    const { token } = await storedSession(page);
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    const res = await request.get('/api/admin/menu-items', { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(401);
  });
});
