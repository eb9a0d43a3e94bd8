import { adminAPI, expect, recordRow, showTab, signIn, test, toastWith } from './admin-fixtures';

// Two tabs editing one record must never silently lose a change: a save,
// delete or publish from an old version meets the conflict dialog. Each test
// deletes what it made, as the other tests of its worker share the server.

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('a conflict between two tabs shows both versions and loses nothing', async ({ page, context }) => {
  // Two tabs and five saves: about 25 s on an idle machine, more than 30 on a busy one.
  test.setTimeout(60_000);
  await signIn(page);
  const api = await adminAPI(page);
  const item = await api.create('menu-items', { title: 'Conflict One', url: '/one', order: 40, isActive: true });
  await showTab(page, 'Menu');

  const other = await context.newPage();
  await other.goto('/admin');
  await showTab(other, 'Menu');

  // Both open the same item.
  await page.getByRole('button', { name: 'Edit Conflict One' }).click();
  const mine = page.getByRole('dialog', { name: 'Edit Menu Item' });
  await other.getByRole('button', { name: 'Edit Conflict One' }).click();
  const theirs = other.getByRole('dialog', { name: 'Edit Menu Item' });

  await theirs.getByLabel('Title').fill('Their Title');
  await theirs.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toastWith(other, 'Menu item updated successfully')).toBeVisible();

  await mine.getByLabel('Title').fill('My Title');
  await mine.getByLabel('URL').fill('/mine');
  await mine.getByRole('button', { name: 'Save Changes' }).click();

  const conflict = page.getByRole('dialog', { name: 'Menu item changed by admin' });
  await expect(conflict).toBeVisible();
  await expect(conflict).toContainText('2 fields differ');
  const title = conflict.getByRole('row', { name: /^Title/ });
  await expect(title).toHaveAttribute('data-differs', 'true');
  await expect(title.getByRole('cell').nth(0)).toHaveText('Their Title');
  await expect(title.getByRole('cell').nth(1)).toHaveText('My Title');
  await expect(conflict.getByRole('row', { name: /^Order/ })).not.toHaveAttribute('data-differs', 'true');
  await expect(toastWith(page, 'Failed to save menu item')).toHaveCount(0);

  // Closing the conflict goes back to the form, as typed.
  await page.keyboard.press('Escape');
  await expect(conflict).toHaveCount(0);
  await expect(mine.getByLabel('Title')).toHaveValue('My Title');
  expect((await api.get('menu-items', item.id))?.title).toBe('Their Title');

  // Copy mine and reload: my values on the clipboard, the form shows theirs.
  await mine.getByRole('button', { name: 'Save Changes' }).click();
  await conflict.getByRole('button', { name: 'Copy mine and reload' }).click();
  await expect(conflict).toHaveCount(0);
  await expect(mine.getByLabel('Title')).toHaveValue('Their Title');
  await expect(mine.getByLabel('URL')).toHaveValue('/one');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('Title: My Title\nURL: /mine');

  // Saved from their version now, mine goes through without a conflict.
  await mine.getByLabel('URL').fill('/mine');
  await mine.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toastWith(page, 'Menu item updated successfully')).toBeVisible();
  expect(await api.get('menu-items', item.id)).toMatchObject({ title: 'Their Title', url: '/mine', version: 3 });

  // The other tab, still at version 2, overwrites knowingly.
  await other.getByRole('button', { name: 'Edit Their Title' }).click();
  await theirs.getByLabel('Title').fill('Overwritten');
  // Its list still says version 2 until it reloads; the server is at 3.
  await api.update('menu-items', item.id, { title: 'Their Title', url: '/mine', order: 40, isActive: false });
  await theirs.getByRole('button', { name: 'Save Changes' }).click();
  const second = other.getByRole('dialog', { name: 'Menu item changed by admin' });
  await expect(second.getByRole('row', { name: /^Active/ })).toHaveAttribute('data-differs', 'true');
  await second.getByRole('button', { name: 'Overwrite' }).click();
  await expect(second).toHaveCount(0);
  await expect(theirs).toHaveCount(0);
  await expect.poll(() => api.get('menu-items', item.id)).toMatchObject({ title: 'Overwritten', isActive: true });

  // Every version is in the history: nothing was lost on the way.
  const titles = (await api.revisions('menu-items', item.id)).map((r) => r.data.title);
  expect(titles).toEqual(['Overwritten', 'Their Title', 'Their Title', 'Their Title', 'Conflict One']);
  await api.remove('menu-items', item.id);
});

test('a record deleted in another tab can be re-created from the form', async ({ page }) => {
  await signIn(page);
  const api = await adminAPI(page);
  const item = await api.create('testimonials', { name: 'Gone Person', title: 'CEO', content: 'Words.', initials: 'GP', avatarBg: 'bg-blue-600', order: 9, isActive: true });
  await showTab(page, 'Testimonials');
  await page.getByRole('button', { name: 'Edit Gone Person' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Testimonial' });
  await dialog.getByLabel('Content').fill('Better words.');
  await api.remove('testimonials', item.id);
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  const conflict = page.getByRole('dialog', { name: 'Testimonial deleted by admin' });
  await expect(conflict).toContainText('Better words.');
  await conflict.getByRole('button', { name: 'Re-create from mine' }).click();
  await expect(toastWith(page, 'Testimonial created successfully')).toBeVisible();
  await expect(recordRow(page, 'Gone Person')).toContainText('Better words.');
  await page.getByRole('button', { name: 'Delete Gone Person' }).click();
  await expect(recordRow(page, 'Gone Person')).toHaveCount(0);
});

test('a delete or publish from an old version asks first', async ({ page }) => {
  await signIn(page);
  const api = await adminAPI(page);
  const p = await api.create('pages', { title: 'Versioned Page', slug: 'versioned-page', content: 'One.', status: 'draft' });
  const m = await api.create('menu-items', { title: 'Delete Me Later', url: '/later', order: 41, isActive: true });
  await showTab(page, 'Pages');
  // The list holds the first version before another hand saves a second:
  // a list still loading could read the second and publish it unasked.
  await expect(recordRow(page, 'Versioned Page')).toContainText('One.');
  await api.update('pages', p.id, { title: 'Versioned Page', slug: 'versioned-page', content: 'Two.', status: 'draft' });
  await recordRow(page, 'Versioned Page').getByRole('button', { name: 'Publish' }).click();
  const conflict = page.getByRole('dialog', { name: 'Page changed by admin' });
  await expect(conflict.getByRole('row', { name: /^Body/ })).toHaveAttribute('data-differs', 'true');
  await conflict.getByRole('button', { name: 'Publish anyway' }).click();
  await expect(toastWith(page, 'Page published successfully')).toBeVisible();
  expect(await api.get('pages', p.id)).toMatchObject({ status: 'published', content: 'Two.' });

  await showTab(page, 'Menu');
  await api.update('menu-items', m.id, { title: 'Delete Me Later', url: '/later', order: 41, isActive: false });
  await page.getByRole('button', { name: 'Delete Delete Me Later' }).click();
  const del = page.getByRole('dialog', { name: 'Menu item changed by admin' });
  await del.getByRole('button', { name: 'Keep theirs' }).click();
  await expect(del).toHaveCount(0);
  await expect(recordRow(page, 'Delete Me Later')).toContainText('Inactive');
  expect(await api.get('menu-items', m.id)).toBeTruthy();
  // Other tests of this worker count on no page and the menu as seeded.
  await api.remove('menu-items', m.id);
  await api.remove('pages', p.id);
});

test('settings saved in another tab meet the conflict dialog', async ({ page }) => {
  await signIn(page);
  const api = await adminAPI(page);
  await showTab(page, 'Settings');
  await page.getByLabel('Logo Text').fill('Mine Inc.');
  const res = await page.request.get('/api/admin/site-settings', { headers: { Authorization: `Bearer ${api.token}` } });
  const now = ((await res.json()) as { data: Record<string, unknown> }).data;
  const put = await page.request.put('/api/admin/site-settings', { headers: { Authorization: `Bearer ${api.token}` }, data: { ...now, logoText: 'Theirs Ltd.' } });
  expect(put.ok()).toBe(true);
  await page.getByRole('button', { name: 'Save Settings' }).click();
  const conflict = page.getByRole('dialog', { name: 'Site settings changed by admin' });
  await expect(conflict.getByRole('row', { name: /^Logo Text/ })).toContainText('Theirs Ltd.');
  await conflict.getByRole('button', { name: 'Keep theirs' }).click();
  await expect(page.getByLabel('Logo Text')).toHaveValue('Theirs Ltd.');
  await page.getByLabel('Logo Text').fill('Mine Inc.');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(toastWith(page, 'Site settings updated successfully')).toBeVisible();
  // The form saves from the version it reloaded at: again, with the text as it was.
  await page.getByLabel('Logo Text').fill(String(now.logoText));
  await page.getByRole('button', { name: 'Save Settings' }).click();
  const logoText = async () => {
    const r = await page.request.get('/api/admin/site-settings', { headers: { Authorization: `Bearer ${api.token}` } });
    return ((await r.json()) as { data: { logoText: string } }).data.logoText;
  };
  await expect.poll(logoText).toBe(now.logoText);
});
