import { expect as baseExpect, type Page } from '@playwright/test';
import { startSite, test as base, watchConsole, type SiteServer } from './fixtures';

/** The password of the first admin, created at server start. */
export const ADMIN_PASSWORD = 'harbour-lights-7';

/** The site's tests with a server that has an admin account. */
export const test = base.extend<{ consoleProblems: string[] }, { site: SiteServer }>({
  site: [
    async ({}, use) => {
      const s = await startSite({ SITE_ADMIN_PASSWORD: ADMIN_PASSWORD });
      await use(s);
      await s.stop();
    },
    { scope: 'worker' },
  ],
  consoleProblems: async ({ page }, use) => {
    await use(watchConsole(page));
  },
});

export const expect = baseExpect;

/**
 * A toast on screen with this text. Found by CSS rather than by role: while a
 * dialog is open, Radix hides everything outside it from the accessibility tree.
 */
export function toastWith(page: Page, text: string) {
  return page.locator('[role="region"][aria-label^="Notifications"] li', { hasText: text });
}

/** Signs in through the login form and waits for the dashboard. */
export async function signIn(page: Page): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText('Welcome, admin')).toBeVisible();
}

/** The stored token and user of the page's origin. */
export function storedSession(page: Page) {
  return page.evaluate(() => ({ token: localStorage.getItem('adminToken'), user: localStorage.getItem('adminUser') }));
}
