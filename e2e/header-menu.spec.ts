import { expect, test } from './fixtures';
import { gotoReady } from './page-ready';

// The header's dropdowns: the seeded menu's AI Solutions and Company open
// their pages.
test('a dropdown works from the keyboard, and as an accordion by tap in the mobile menu', async ({ page, consoleProblems }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await gotoReady(page, '/careers');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const company = nav.getByRole('button', { name: 'Company' });
  await expect(company).toHaveAttribute('aria-expanded', 'false');
  await company.focus();
  await page.keyboard.press('ArrowDown');
  await expect(company).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'About' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(nav.getByRole('link', { name: 'Case Studies' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(nav.getByRole('link', { name: 'Case Studies' })).toBeHidden();
  await expect(company).toBeFocused();
  await expect(company).toHaveAttribute('aria-expanded', 'false');
  // Enter opens it too, and a click elsewhere closes it.
  await page.keyboard.press('Enter');
  await expect(nav.getByRole('list').getByRole('link', { name: 'Blog' })).toBeVisible();
  await page.mouse.click(640, 600);
  await expect(company).toHaveAttribute('aria-expanded', 'false');

  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  const solutions = menu.getByRole('button', { name: 'AI Solutions' });
  await solutions.click();
  await expect(solutions).toHaveAttribute('aria-expanded', 'true');
  await menu.getByRole('link', { name: 'Computer Vision' }).click();
  await expect(page).toHaveURL(/\/computer-vision$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(consoleProblems).toEqual([]);
});
