import { adminAPI, ADMIN_PASSWORD, expect, recordRow, sectionLink, showTab, signIn, test, toastWith } from './admin-fixtures';

// What walking the admin showed, fixed in the shared tab and dialog. Each
// test deletes what it made, as the other tests of its worker share the
// server.

test('a changed dialog asks before it discards, and the focus goes back to its opener', async ({ page }) => {
  await signIn(page);
  await showTab(page, 'Menu');
  const add = page.getByRole('button', { name: 'Add Menu Item' });
  await add.click();
  const dialog = page.getByRole('dialog', { name: 'Add Menu Item' });
  // Unchanged, it closes at once.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(add).toBeFocused();

  await add.click();
  await dialog.getByLabel('Title').fill('Half typed');
  const confirm = page.getByRole('alertdialog', { name: 'Discard your changes?' });
  // A click outside asks first.
  await page.mouse.click(5, 5);
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Keep editing' }).click();
  await expect(dialog.getByLabel('Title')).toHaveValue('Half typed');
  // So does the close button.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(confirm).toBeVisible();
  // Escape is for the question once it has the focus, as a person sees it.
  await expect(confirm.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await expect(dialog.getByLabel('Title')).toHaveValue('Half typed');
  // And Escape; Discard closes.
  await dialog.getByLabel('Title').focus();
  await page.keyboard.press('Escape');
  await confirm.getByRole('button', { name: 'Discard changes' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(add).toBeFocused();
});

test('a session that ends while a dialog is open keeps the draft and saves after signing in again', async ({ page }) => {
  await signIn(page);
  const api = await adminAPI(page);
  const item = await api.create('menu-items', { title: 'Session Item', url: '/session', order: 60, isActive: true });
  await showTab(page, 'Menu');
  await page.getByRole('button', { name: 'Edit Session Item' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Menu Item' });
  await dialog.getByLabel('Title').fill('Saved After Sign-in');

  // The session ends behind the page's back.
  const out = await page.request.post('/api/admin/logout', { headers: { Authorization: `Bearer ${api.token}` } });
  expect(out.ok()).toBe(true);

  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  const signInDialog = page.getByRole('dialog', { name: 'Sign in again' });
  await expect(signInDialog).toBeVisible();
  await expect(signInDialog.getByLabel('Username')).toHaveValue('admin');
  await signInDialog.getByLabel('Password').fill('wrong password');
  await signInDialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(signInDialog.getByRole('alert')).toContainText('Invalid');
  await signInDialog.getByLabel('Password').fill(ADMIN_PASSWORD);
  await signInDialog.getByRole('button', { name: 'Sign In' }).click();

  await expect(signInDialog).toHaveCount(0);
  await expect(dialog).toHaveCount(0);
  await expect(recordRow(page, 'Saved After Sign-in')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\?tab=menu$/);
  const fresh = await adminAPI(page);
  expect(fresh.token).not.toBe(api.token);
  expect(await fresh.get('menu-items', item.id)).toMatchObject({ title: 'Saved After Sign-in', version: 2 });
  await fresh.remove('menu-items', item.id);
});

test('giving up the sign-in leaves the draft in place', async ({ page }) => {
  await signIn(page);
  const api = await adminAPI(page);
  await showTab(page, 'Images');
  await page.getByRole('button', { name: 'Add Image' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Image' });
  await dialog.getByLabel('Name').fill('Kept Draft');
  await dialog.getByLabel('Image URL').fill('/favicon.svg');
  await page.request.post('/api/admin/logout', { headers: { Authorization: `Bearer ${api.token}` } });
  await dialog.getByRole('button', { name: 'Create Image' }).click();
  const signInDialog = page.getByRole('dialog', { name: 'Sign in again' });
  await signInDialog.getByRole('button', { name: 'Close' }).click();
  await expect(signInDialog).toHaveCount(0);
  await expect(dialog.getByRole('alert')).toContainText('You are signed out');
  await expect(dialog.getByLabel('Name')).toHaveValue('Kept Draft');
  await expect(page).toHaveURL(/\/admin\?tab=images$/);
});

test('the open tab is in the URL: reload keeps it and Back goes to the one before', async ({ page }) => {
  await signIn(page);
  await showTab(page, 'Menu');
  await expect(page).toHaveURL(/\/admin\?tab=menu$/);
  await page.reload();
  await expect(sectionLink(page, 'Menu')).toHaveAttribute('aria-current', 'page');
  await showTab(page, 'Images');
  await expect(page).toHaveURL(/\/admin\?tab=images$/);
  await page.goBack();
  await expect(sectionLink(page, 'Menu')).toHaveAttribute('aria-current', 'page');
  await page.goBack();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(sectionLink(page, 'Dashboard')).toHaveAttribute('aria-current', 'page');
});

test('a delete or publish of a record already deleted elsewhere takes its row away', async ({ page }) => {
  await signIn(page);
  const api = await adminAPI(page);
  const m = await api.create('menu-items', { title: 'Already Gone', url: '/gone', order: 61, isActive: true });
  const p = await api.create('pages', { title: 'Gone Page', slug: 'gone-page', content: 'x', status: 'draft' });
  await showTab(page, 'Menu');
  // The row is on screen before the record goes, as a person saw it.
  await expect(recordRow(page, 'Already Gone')).toBeVisible();
  await api.remove('menu-items', m.id);
  await page.getByRole('button', { name: 'Delete Already Gone' }).click();
  await expect(toastWith(page, 'it was deleted elsewhere')).toBeVisible();
  await expect(recordRow(page, 'Already Gone')).toHaveCount(0);

  await showTab(page, 'Pages');
  await expect(recordRow(page, 'Gone Page')).toBeVisible();
  await api.remove('pages', p.id);
  await recordRow(page, 'Gone Page').getByRole('button', { name: 'Publish' }).click();
  await expect(toastWith(page, 'Failed to publish page: it was deleted elsewhere')).toBeVisible();
  await expect(recordRow(page, 'Gone Page')).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 667 } });

  test('the first invalid field of a long dialog takes the focus', async ({ page }) => {
    await signIn(page);
    await showTab(page, 'Pages');
    await page.getByRole('button', { name: 'Add Page' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Page' });
    await dialog.getByLabel('Meta Title').fill('Only this');
    await dialog.getByRole('button', { name: 'Create Page' }).click();
    const title = dialog.getByRole('textbox', { name: 'Title', exact: true });
    await expect(title).toBeFocused();
    await expect(title).toBeInViewport();
    await title.fill('Has a title');
    await dialog.getByRole('button', { name: 'Create Page' }).click();
    const content = dialog.getByRole('textbox', { name: 'Body' });
    await expect(content).toBeFocused();
    await expect(content).toBeInViewport();
  });
});

test('the built-in testimonials show as such, and copy into the list', async ({ page }) => {
  await signIn(page);
  const api = await adminAPI(page);
  await showTab(page, 'Testimonials');
  const samples = page.getByRole('region', { name: 'Built-in samples' });
  await expect(page.getByText('No testimonials yet.')).toHaveCount(0);
  for (const name of ['Sarah Chen', 'Marcus Johnson', 'Elena Rodriguez']) {
    await expect(samples.getByRole('listitem', { name })).toContainText('Built-in sample, shown while you have none');
  }
  await expect(samples.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
  await samples.getByRole('button', { name: 'Copy samples to the list' }).click();
  await expect(toastWith(page, '3 testimonials copied to the list')).toBeVisible();
  await expect(samples).toHaveCount(0);
  await expect(recordRow(page, 'Marcus Johnson')).toContainText('Active');
  const res = await page.request.get('/api/admin/testimonials', { headers: { Authorization: `Bearer ${api.token}` } });
  const list = ((await res.json()) as { data: { id: number; name: string; order: number }[] }).data;
  expect(list.map((t) => [t.name, t.order])).toEqual([
    ['Sarah Chen', 1],
    ['Marcus Johnson', 2],
    ['Elena Rodriguez', 3],
  ]);
  for (const t of list) await api.remove('testimonials', t.id);
});

test('a logo image that does not load blocks the save with a clear message', async ({ page }) => {
  await signIn(page);
  await showTab(page, 'Settings');
  let puts = 0;
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().endsWith('/api/admin/site-settings')) puts++;
  });
  const url = page.getByLabel('Logo Image URL');
  await url.fill('/no-such-logo.png');
  await expect(page.getByText('The logo image does not load.')).toBeVisible();
  await expect(url).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Logo Text').focus();
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('This image does not load: fix the address or clear it before saving.')).toBeVisible();
  await expect(url).toBeFocused();
  expect(puts).toBe(0);
  await url.fill('');
  await expect(page.getByText('The logo image does not load.')).toHaveCount(0);
  await expect(url).not.toHaveAttribute('aria-invalid', 'true');
});
