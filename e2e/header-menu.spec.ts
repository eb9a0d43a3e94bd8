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

test('AI Solutions groups its pages under Solutions and Services, and the arrow keys still reach every link', async ({ page, consoleProblems }) => {
  const solutions = ['Machine Learning', 'Deep Learning', 'Natural Language Processing', 'Computer Vision', 'Predictive Analytics'];
  const services = ['AI Consulting', 'Strategy Development', 'Implementation', 'Ongoing Support', 'Training & Education'];
  await page.setViewportSize({ width: 1280, height: 900 });
  await gotoReady(page, '/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const button = nav.getByRole('button', { name: 'AI Solutions' });
  await button.focus();
  await page.keyboard.press('ArrowDown');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const solutionGroup = nav.getByRole('group', { name: 'Solutions' });
  const serviceGroup = nav.getByRole('group', { name: 'Services' });
  await expect(solutionGroup.getByRole('link')).toHaveText(solutions);
  await expect(serviceGroup.getByRole('link')).toHaveText(services);
  // The two groups side by side: Services to the right of Solutions, neither past the screen.
  const [left, right] = [await solutionGroup.boundingBox(), await serviceGroup.boundingBox()];
  expect(right!.x).toBeGreaterThanOrEqual(left!.x + left!.width);
  expect(right!.x + right!.width).toBeLessThanOrEqual(1280);
  // Down from the parent's own link, through Solutions, then Services, and round to the start.
  const order = ['AI Solutions', ...solutions, ...services];
  for (const name of order) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeFocused();
    await page.keyboard.press('ArrowDown');
  }
  await expect(nav.getByRole('link', { name: 'AI Solutions', exact: true })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(nav.getByRole('link', { name: 'Training & Education' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(button).toBeFocused();

  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await menu.getByRole('button', { name: 'AI Solutions' }).click();
  await expect(menu.getByRole('group', { name: 'Solutions' }).getByRole('link')).toHaveText(solutions);
  await expect(menu.getByRole('group', { name: 'Services' }).getByRole('link')).toHaveText(services);
  await menu.getByRole('group', { name: 'Services' }).getByRole('link', { name: 'Implementation' }).click();
  await expect(page).toHaveURL(/\/implementation$/);
  expect(consoleProblems).toEqual([]);
});
