import { expect as baseExpect, setEditMode, signIn, test, toastWith } from './admin-fixtures';

// Edit mode from the keyboard alone: the text in focus stands out from the
// other editable texts, a save gives the focus back to the text, and the
// toast's Undo is reached with F8.

const expect = baseExpect.configure({ timeout: 15_000 });

test('a hero title is edited, saved and undone without a mouse, the focus visible at each step', async ({ page }) => {
  await signIn(page);
  await setEditMode(page);
  await page.goto('/about-us');
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toHaveAttribute('data-editable', 'true');
  const before = await title.textContent();
  // Reached from the text before it by Tab, as a keyboard user would.
  await page.locator('[data-editable]').first().focus();
  while (!(await title.evaluate((el) => el === document.activeElement))) await page.keyboard.press('Tab');
  const ring = () => title.evaluate((el) => { const s = getComputedStyle(el); return `${s.outlineStyle} ${s.outlineWidth}`; });
  expect(await ring()).toBe('solid 3px');
  // The others keep their dashed outline.
  expect(await page.locator('[data-editable]').nth(1).evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('dashed');

  await page.keyboard.press('Enter');
  const field = page.getByRole('textbox', { name: /^Edit about\.hero title$/ });
  await expect(field).toBeFocused();
  await field.fill('People who ship AI');
  await page.keyboard.press('Enter');
  await expect(toastWith(page, 'Content Updated')).toBeVisible();
  // The focus is back on the saved text, not at the top of the page.
  await expect(title).toHaveText('People who ship AI');
  await expect(title).toBeFocused();
  expect(await ring()).toBe('solid 3px');

  // F8 goes to the notifications; the toast's Undo is a Tab away.
  await page.keyboard.press('F8');
  const undo = toastWith(page, 'Content Updated').getByRole('button', { name: 'Undo' });
  for (let i = 0; i < 5 && !(await undo.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(undo).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toastWith(page, 'Change undone')).toBeVisible();
  await expect(title).toHaveText(before ?? '');
});
