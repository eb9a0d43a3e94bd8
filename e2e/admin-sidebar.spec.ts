import { adminAPI, expect, sectionLink, sectionNav, signIn, test } from './admin-fixtures';

test('the sidebar shows a role its sections only; on a phone it is a Menu drawer; a forbidden address says so', async ({ page, browser, site }) => {
  await signIn(page);
  const nav = sectionNav(page);
  await expect(nav.getByRole('list', { name: 'Leads' }).getByRole('link')).toHaveText(['Contacts', 'Meetings', 'Analytics']);
  await expect(nav.getByRole('list', { name: 'Administration' }).getByRole('link')).toHaveText(['Users', 'Audit log', 'Privacy', 'Settings', 'Account']);
  await expect(sectionLink(page, 'Dashboard')).toHaveAttribute('aria-current', 'page');

  const { token } = await adminAPI(page);
  const made = await page.request.post('/api/admin/users', {
    headers: { Authorization: `Bearer ${token}` },
    data: { username: 'nora-sidebar', password: 'nora-edits-the-site', role: 'editor' },
  });
  expect(made.status()).toBe(201);

  // The editor, on a phone.
  const context = await browser.newContext({ baseURL: site.baseURL, viewport: { width: 375, height: 740 } });
  const editor = await context.newPage();
  await editor.goto('/admin/login');
  await editor.getByLabel('Username').fill('nora-sidebar');
  await editor.getByLabel('Password').fill('nora-edits-the-site');
  await editor.getByRole('button', { name: 'Sign In' }).click();
  await expect(editor.getByText('Welcome, nora-sidebar')).toBeVisible();
  await expect(sectionNav(editor)).toBeHidden();
  const menu = editor.getByRole('button', { name: 'Menu: Dashboard' });
  await menu.click();
  const drawer = editor.getByRole('dialog', { name: 'Admin sections' });
  await expect(drawer.getByRole('link')).toHaveText(['Dashboard', 'Pages', 'Content', 'Company facts', 'Publish', 'Images', 'Menu', 'Footer', 'Testimonials', 'Case studies', 'Redirects', 'Subscribers', 'Settings', 'Account']);
  await expect(sectionLink(editor, 'Dashboard')).toBeFocused();
  await editor.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(menu).toBeFocused();

  // An address of a section the role may not open says so.
  await editor.goto('/admin?tab=contacts');
  await expect(editor.getByRole('heading', { name: 'You do not have access to Leads' })).toBeVisible();
  await expect(editor.getByText('Contacts is not open to your role (Editor). Ask an administrator if you need it.')).toBeVisible();
  await context.close();
});
