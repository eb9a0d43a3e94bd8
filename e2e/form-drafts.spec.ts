import { expect as baseExpect, showTab, signIn, test } from './admin-fixtures';

// What is typed in a record's form and not saved is kept in the browser: a
// reload, a crashed tab or a closed one offers it back, and leaving the page
// with it asks first.

const expect = baseExpect.configure({ timeout: 15_000 });

test('a page typed and not saved survives a reload and a closed tab, and leaving with it asks first', async ({ page, context }) => {
  await signIn(page);
  await showTab(page, 'Pages');
  await page.getByRole('button', { name: 'Add Page' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Page' });
  await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill('Pricing for enterprises');
  await dialog.getByRole('textbox', { name: 'Body' }).click();
  await page.keyboard.type('Three plans, each with a named consultant.');

  // Leaving the page with unsaved work asks first.
  page.once('dialog', (d) => {
    expect(d.type()).toBe('beforeunload');
    void d.dismiss();
  });
  await page.close({ runBeforeUnload: true });
  await expect(dialog).toBeVisible();

  // The tab reloads: the form offers back what was typed.
  page.removeAllListeners('dialog');
  page.on('dialog', (d) => void d.accept());
  await page.reload();
  await showTab(page, 'Pages');
  await page.getByRole('button', { name: 'Add Page' }).click();
  const offer = dialog.getByRole('status').filter({ hasText: /^Restore your unsaved changes from / });
  await expect(offer).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('');
  await offer.getByRole('button', { name: 'Restore' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Pricing for enterprises');
  await expect(dialog.getByRole('textbox', { name: 'Body' })).toContainText('Three plans, each with a named consultant.');

  // More is typed, and kept a moment later without the page being left (as a tab that then crashes would have it); the tab closes.
  await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill('Pricing for large enterprises');
  await page.waitForFunction(() => Object.values(localStorage).some((v) => v.includes('Pricing for large enterprises')));
  await page.close();
  const again = await context.newPage();
  await again.goto('/admin');
  await showTab(again, 'Pages');
  await again.getByRole('button', { name: 'Add Page' }).click();
  const form = again.getByRole('dialog', { name: 'Add Page' });
  await form.getByRole('button', { name: 'Restore' }).click();
  await expect(form.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Pricing for large enterprises');

  // Saved, it is kept no longer.
  await form.getByRole('textbox', { name: 'Slug' }).fill('pricing-draft-test');
  await form.getByRole('button', { name: 'Create Page' }).click();
  await expect(form).toBeHidden();
  await again.getByRole('button', { name: 'Add Page' }).click();
  await expect(form.getByRole('status').filter({ hasText: /^Restore your unsaved changes/ })).toHaveCount(0);
  expect(await again.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('meridian.form-draft.')))).toEqual([]);
});

test('Discard throws a kept draft away', async ({ page }) => {
  await signIn(page);
  await showTab(page, 'Pages');
  await page.getByRole('button', { name: 'Add Page' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Page' });
  await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill('A page I will not want');
  await page.waitForFunction(() => Object.values(localStorage).some((v) => v.includes('A page I will not want')));
  page.on('dialog', (d) => void d.accept());
  await page.reload();
  await showTab(page, 'Pages');
  await page.getByRole('button', { name: 'Add Page' }).click();
  await dialog.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: /^Restore/ })).toHaveCount(0);
  await expect(dialog.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('');
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('meridian.form-draft.')))).toEqual([]);
});
