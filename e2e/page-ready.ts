import { expect, type Page } from '@playwright/test';

/** Opens a page and waits until React has taken it over, so handlers respond. */
export async function gotoReady(page: Page, path: string) {
  const res = await page.goto(path);
  await expect(page.locator('html[data-page-ready]')).toBeAttached({ timeout: 15_000 });
  return res;
}
