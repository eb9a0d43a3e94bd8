import { ADMIN_PASSWORD, expect, recordRow, sectionLink, sectionNav, showTab, signIn, storedSession, test, toastWith } from './admin-fixtures';

// Roles in the admin: an administrator adds an editor, who sees only the
// tabs of the role; disabling the editor signs their open tab out on its
// next request; an administrator changes their own password.

test('an admin adds an editor, who sees no Contacts or Users tab and is signed out once disabled', async ({ page, browser, site }) => {
  await signIn(page);
  await showTab(page, 'Users');
  await expect(recordRow(page, 'admin')).toContainText('Administrator');

  // Add the editor; a bad username is told beside its field.
  await page.getByRole('button', { name: 'Add user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add user' });
  await dialog.getByRole('radio', { name: 'Set a password now' }).check();
  await dialog.getByLabel('Username').fill('has space');
  await dialog.getByRole('textbox', { name: 'Password' }).fill('short');
  await dialog.getByRole('button', { name: 'Add user' }).click();
  await expect(dialog.getByText('Username may hold only letters, digits and . _ - @ (no spaces).')).toBeVisible();
  await expect(dialog.getByText('Password must be at least 8 characters.')).toBeVisible();
  await dialog.getByLabel('Username').fill('erin');
  await dialog.getByRole('textbox', { name: 'Password' }).fill('erin-edits-pages');
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Editor' }).click();
  await dialog.getByRole('button', { name: 'Add user' }).click();
  await expect(dialog).toBeHidden();
  await expect(toastWith(page, 'erin can sign in now')).toBeVisible();
  await expect(recordRow(page, 'erin')).toContainText('Editor');
  await expect(recordRow(page, 'erin')).toContainText('Never signed in');

  // The editor signs in, in a browser of their own.
  const context = await browser.newContext({ baseURL: site.baseURL });
  const editor = await context.newPage();
  await editor.goto('/admin/login');
  await editor.getByLabel('Username').fill('erin');
  await editor.getByLabel('Password').fill('erin-edits-pages');
  await editor.getByRole('button', { name: 'Sign In' }).click();
  await expect(editor.getByText('Welcome, erin')).toBeVisible();
  const tabs = sectionNav(editor).getByRole('link');
  await expect(tabs).toHaveText(['Dashboard', 'Pages', 'Content', 'Company facts', 'Publish', 'Images', 'Menu', 'Footer', 'Testimonials', 'Case studies', 'Redirects', 'Subscribers', 'Settings', 'Account']);
  await expect(editor.getByRole('button', { name: 'Enable Edit Mode' }).first()).toBeVisible();
  // The server refuses the lead inbox to an editor, whatever the page shows.
  const { token } = await storedSession(editor);
  const leads = await editor.request.get('/api/admin/contact-submissions', { headers: { Authorization: `Bearer ${token}` } });
  expect(leads.status()).toBe(403);
  expect(((await leads.json()) as { message: string }).message).toBe('The lead inbox is open to the sales and administrator roles only.');

  // The admin disables the editor.
  await page.reload();
  await recordRow(page, 'erin').getByRole('button', { name: 'Disable erin' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Disable erin?' });
  await confirm.getByRole('button', { name: 'Disable' }).click();
  await expect(toastWith(page, 'erin is disabled')).toBeVisible();
  await expect(recordRow(page, 'erin')).toContainText('Disabled');
  await expect(recordRow(page, 'erin')).toContainText('Last signed in');

  // The editor's open tab is signed out on its next request.
  await sectionLink(editor, 'Menu').click();
  await expect(editor).toHaveURL(/\/admin\/login$/);
  expect((await storedSession(editor)).token).toBeNull();
  await editor.getByLabel('Username').fill('erin');
  await editor.getByLabel('Password').fill('erin-edits-pages');
  await editor.getByRole('button', { name: 'Sign In' }).click();
  await expect(toastWith(editor, 'Your account is disabled. Ask an administrator to enable it.')).toBeVisible();
  await context.close();

  // The audit log has the account's creation and its disabling, by the admin.
  await showTab(page, 'Audit log');
  const entries = page.getByRole('list', { name: 'Audit log entries' }).getByRole('listitem');
  await expect(entries.filter({ hasText: 'User created' }).first()).toContainText('admin');
  await expect(entries.filter({ hasText: 'Role or status changed' }).filter({ hasText: 'disabled' }).first()).toContainText('admin');
  await expect(entries.filter({ hasText: 'Sign-in failed' }).filter({ hasText: 'erin' }).first()).toBeVisible();
  await showTab(page, 'Users');

  // The last administrator cannot be demoted.
  await recordRow(page, 'admin').getByRole('button', { name: 'Change role of admin' }).click();
  const roleDialog = page.getByRole('dialog', { name: 'Role of admin' });
  await roleDialog.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Sales' }).click();
  await roleDialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(roleDialog.getByText('This is the last active administrator: make another user an administrator first.')).toBeVisible();
});

test('an admin changes their own password and sees their sessions', async ({ page }) => {
  await signIn(page);
  await showTab(page, 'Account');
  await expect(page.getByRole('listitem', { name: 'Headless Chrome on Linux' }).or(page.getByRole('listitem', { name: 'Chrome on Linux' })).first()).toContainText(
    'This session',
  );

  const change = async (current: string, next: string) => {
    await page.getByLabel('Current password').fill(current);
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill(next);
    await page.getByLabel('New password again').fill(next);
    await page.getByRole('button', { name: 'Change password' }).click();
  };
  await change('not my password', 'a-new-harbour-pass');
  await expect(page.getByText('The current password is not right.')).toBeVisible();
  // What was typed outlives a look at another tab.
  await showTab(page, 'Dashboard');
  await showTab(page, 'Account');
  await expect(page.getByLabel('New password again')).toHaveValue('a-new-harbour-pass');
  await change(ADMIN_PASSWORD, 'a-new-harbour-pass');
  await expect(toastWith(page, 'Password changed')).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveValue('');

  // The session that changed it stays; the new password signs in.
  await showTab(page, 'Dashboard');
  await showTab(page, 'Account');
  const login = await page.request.post('/api/admin/login', { data: { username: 'admin', password: 'a-new-harbour-pass' } });
  expect(login.status()).toBe(200);
  const old = await page.request.post('/api/admin/login', { data: { username: 'admin', password: ADMIN_PASSWORD } });
  expect(old.status()).toBe(401);

  // Back to the worker's password, for the other tests of this site.
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/admin/account/password'));
  await change('a-new-harbour-pass', ADMIN_PASSWORD);
  expect((await saved).status()).toBe(200);
  await expect(page.getByLabel('Current password')).toHaveValue('');
});
