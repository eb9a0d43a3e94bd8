import { adminAPI, expect, recordRow, showTab, signIn, test, toastWith } from './admin-fixtures';

// Undo in the toasts, each record's history and the recently deleted. Each
// test deletes what it made, as the other tests of its worker share the
// server.

test('Undo after a delete brings the row back under its id', async ({ page }) => {
  await signIn(page);
  const api = await adminAPI(page);
  const item = await api.create('menu-items', { title: 'Undo Me', url: '/undo', order: 50, isActive: true });
  await showTab(page, 'Menu');
  await page.getByRole('button', { name: 'Delete Undo Me' }).click();
  const toast = toastWith(page, 'Menu item deleted successfully');
  await expect(recordRow(page, 'Undo Me')).toHaveCount(0);
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(toastWith(page, 'Menu item restored')).toBeVisible();
  await expect(recordRow(page, 'Undo Me')).toContainText('/undo');
  expect(await api.get('menu-items', item.id)).toMatchObject({ title: 'Undo Me', url: '/undo' });
  await api.remove('menu-items', item.id);
});

test('Undo after an update goes back to the version before, and after a create deletes it', async ({ page }) => {
  await signIn(page);
  const api = await adminAPI(page);
  await showTab(page, 'Testimonials');
  await page.getByRole('button', { name: 'Add Testimonial' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Testimonial' });
  await dialog.getByLabel('Name').fill('Brief Guest');
  await dialog.getByLabel('Title').fill('CFO');
  await dialog.getByLabel('Content').fill('Short stay.');
  await dialog.getByLabel('Initials').fill('BG');
  await dialog.getByRole('button', { name: 'Create Testimonial' }).click();
  await toastWith(page, 'Testimonial created successfully').getByRole('button', { name: 'Undo' }).click();
  await expect(toastWith(page, 'Testimonial deleted again')).toBeVisible();
  await expect(recordRow(page, 'Brief Guest')).toHaveCount(0);

  const item = await api.create('menu-items', { title: 'Before', url: '/before', order: 51, isActive: true });
  await showTab(page, 'Menu');
  await page.getByRole('button', { name: 'Edit Before' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Menu Item' });
  await edit.getByLabel('Title').fill('After');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(recordRow(page, 'After')).toBeVisible();
  await toastWith(page, 'Menu item updated successfully').getByRole('button', { name: 'Undo' }).click();
  await expect(toastWith(page, 'Menu item is back as it was')).toBeVisible();
  await expect(recordRow(page, 'Before')).toBeVisible();
  expect(await api.get('menu-items', item.id)).toMatchObject({ title: 'Before', version: 3 });
  await api.remove('menu-items', item.id);
});

test('restoring an old version from the history shows it on the public site', async ({ page, context }) => {
  await signIn(page);
  const api = await adminAPI(page);
  const item = await api.create('menu-items', { title: 'Original Link', url: '/original', order: 52, isActive: true });
  await api.update('menu-items', item.id, { title: 'Renamed Link', url: '/renamed', order: 52, isActive: true });
  await showTab(page, 'Menu');
  await page.getByRole('button', { name: 'History of Renamed Link' }).click();
  const history = page.getByRole('dialog', { name: 'History of Renamed Link' });
  const versions = history.getByRole('list', { name: 'Versions' });
  await expect(versions.getByRole('button')).toHaveCount(2);
  await expect(versions.getByRole('button').first()).toContainText('Version 2');
  await expect(versions.getByRole('button').first()).toContainText('by admin');
  await expect(history.getByRole('button', { name: 'Current version' })).toBeDisabled();
  await versions.getByRole('button', { name: /Version 1/ }).click();
  const preview = history.getByRole('region', { name: 'Version 1' });
  await expect(preview).toContainText('Original Link');
  await expect(preview).toContainText('2 fields differ from now');
  await history.getByRole('button', { name: 'Restore version 1' }).click();
  await expect(history).toHaveCount(0);
  await expect(toastWith(page, 'Menu item restored to version 1')).toBeVisible();
  await expect(recordRow(page, 'Original Link')).toContainText('/original');

  const site = await context.newPage();
  await site.goto('/');
  await expect(site.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Original Link' })).toHaveAttribute('href', '/original');
  await expect(site.getByRole('link', { name: 'Renamed Link' })).toHaveCount(0);
  await api.remove('menu-items', item.id);
});

test('Recently deleted lists what is gone and restores it', async ({ page }) => {
  await signIn(page);
  const api = await adminAPI(page);
  const item = await api.create('images', { name: 'Lost Photo', url: '/favicon.svg', altText: 'Lost', section: 'about', usage: '' });
  await api.remove('images', item.id);
  await showTab(page, 'Images');
  await page.getByRole('button', { name: 'Recently deleted' }).click();
  const dialog = page.getByRole('dialog', { name: 'Recently deleted images' });
  await expect(dialog.getByRole('listitem', { name: 'Lost Photo' })).toContainText('Deleted by admin');
  await dialog.getByRole('button', { name: 'Restore Lost Photo' }).click();
  await expect(toastWith(page, 'Image restored successfully')).toBeVisible();
  await expect(dialog.getByRole('listitem', { name: 'Lost Photo' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(recordRow(page, 'Lost Photo')).toBeVisible();
  expect(await api.get('images', item.id)).toMatchObject({ name: 'Lost Photo' });
  await api.remove('images', item.id);
});

test('Escape closes the dialog before a toast shown over it', async ({ page }) => {
  await signIn(page);
  const api = await adminAPI(page);
  const item = await api.create('menu-items', { title: 'Escape Order', url: '/esc', order: 53, isActive: true });
  await showTab(page, 'Menu');
  await page.route(`**/api/admin/menu-items/${item.id}`, (route) =>
    route.request().method() === 'PUT' ? route.fulfill({ status: 500, json: { message: 'Internal error.' } }) : route.fallback(),
  );
  await page.getByRole('button', { name: 'Edit Escape Order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Menu Item' });
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  const toast = toastWith(page, 'Failed to save menu item');
  await expect(toast).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(toast).toBeVisible();
  // The focus is back on the button that opened the dialog, and its tooltip
  // shows: Escape closes that, then the toast.
  const edit = page.getByRole('button', { name: 'Edit Escape Order' });
  await expect(edit).toBeFocused();
  await expect(page.getByRole('tooltip', { name: 'Edit' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(toast).toHaveCount(0);
  await page.unrouteAll();
  await api.remove('menu-items', item.id);
});
