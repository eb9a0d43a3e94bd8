import { expect as baseExpect, setEditMode, signIn, test, toastWith } from './admin-fixtures';

// An open in-place edit is kept in the browser until it is saved or
// cancelled: leaving the page with it asks first, and a reload or a crashed
// tab offers it back on the text it belongs to.

const expect = baseExpect.configure({ timeout: 15_000 });

// The first test failed in two full runs of one day: the "Leave site?"
// question took the window's focus, the field's blur saved the edit, and
// nothing was left to offer back. A blur of the window no longer saves
// (in-place-field.tsx); a second try stays until more runs show it gone.
test.describe.configure({ retries: 1 });

const kept = () => Object.keys(localStorage).filter((k) => k.startsWith('meridian.text-draft.'));

test('an open edit survives a closed tab and a reload, is offered back on its text, and is forgotten once saved', async ({ page, context }) => {
  await signIn(page);
  await setEditMode(page);
  await page.goto('/about-us');
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toHaveAttribute('data-editable', 'true');
  const before = (await title.textContent()) ?? '';
  await title.click();
  const field = page.getByRole('textbox', { name: /^Edit about\.hero title$/ });
  await field.fill('People who ship AI that lasts');

  // Leaving the page with the edit open asks first.
  page.once('dialog', (d) => {
    expect(d.type()).toBe('beforeunload');
    void d.dismiss();
  });
  await page.close({ runBeforeUnload: true });
  await expect(field).toHaveValue('People who ship AI that lasts');

  // Kept a moment after typing, without the page being left, as a tab that then crashes would have it.
  await page.waitForFunction(() => Object.values(localStorage).some((v) => v.includes('People who ship AI that lasts')));
  page.removeAllListeners('dialog');
  page.on('dialog', (d) => void d.accept());
  await page.close();

  const again = await context.newPage();
  await again.goto('/about-us');
  const heading = again.getByRole('heading', { level: 1 });
  const offer = heading.getByRole('group', { name: 'Unsaved changes' });
  await expect(offer).toContainText(/^Restore your unsaved changes from /);
  // The page still shows the saved text until the edit is restored.
  await expect(heading).toContainText(before);
  await offer.getByRole('button', { name: 'Restore' }).click();
  const restored = again.getByRole('textbox', { name: /^Edit about\.hero title$/ });
  await expect(restored).toHaveValue('People who ship AI that lasts');
  await expect(restored).toBeFocused();
  await again.keyboard.press('Enter');
  await expect(toastWith(again, 'Content Updated')).toBeVisible();
  await expect(heading).toHaveText('People who ship AI that lasts');
  expect(await again.evaluate(kept)).toEqual([]);

  // Nothing is offered after a reload once saved.
  await again.reload();
  await expect(again.getByRole('heading', { level: 1 })).toHaveText('People who ship AI that lasts');
  await expect(again.getByRole('group', { name: 'Unsaved changes' })).toHaveCount(0);
});

test('Discard and Cancel throw a kept edit away', async ({ page }) => {
  await signIn(page);
  await setEditMode(page);
  await page.goto('/careers');
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toHaveAttribute('data-editable', 'true');
  await title.click();
  const field = page.getByRole('textbox', { name: /^Edit careers\.hero title$/ });
  await field.fill('Build AI with us');
  await page.waitForFunction(() => Object.values(localStorage).some((v) => v.includes('Build AI with us')));

  page.on('dialog', (d) => void d.accept());
  await page.reload();
  const offer = page.getByRole('heading', { level: 1 }).getByRole('group', { name: 'Unsaved changes' });
  await offer.getByRole('button', { name: 'Discard' }).click();
  await expect(offer).toHaveCount(0);
  expect(await page.evaluate(kept)).toEqual([]);

  // An edit cancelled is not kept either.
  await expect(title).toHaveAttribute('data-editable', 'true');
  await title.click();
  await field.fill('Build AI with us, again');
  await page.waitForFunction(() => Object.values(localStorage).some((v) => v.includes('Build AI with us, again')));
  await field.press('Escape');
  await expect(field).toBeHidden();
  expect(await page.evaluate(kept)).toEqual([]);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Unsaved changes' })).toHaveCount(0);
});
