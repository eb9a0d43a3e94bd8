import { expect as baseExpect, type APIRequestContext, type Browser, type Locator, type Page, type PlaywrightWorkerArgs } from '@playwright/test';
import { ADMIN_TOKEN_KEY, ADMIN_USER_KEY, EDIT_MODE_KEY } from '../web/src/lib/admin-keys';
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

/**
 * Signs page in as username through the login API, stores the session where
 * the login form stores it, and opens the dashboard. The form itself is
 * tested on its own (admin.spec.ts); here it would cost each test a load of
 * the admin.
 */
async function signInByAPI(page: Page, username: string, password: string): Promise<void> {
  // The context's request client shares the page's cookies: the draft-view
  // cookie that the login sets reaches the page as after the form.
  const res = await page.request.post('/api/admin/login', { data: { username, password } });
  expect(res.status(), `sign-in of ${username}`).toBe(200);
  const { sessionToken, user } = (await res.json()) as { sessionToken: string; user: object };
  // Any document of the origin reaches its storage; robots.txt is the lightest.
  await page.goto('/robots.txt');
  await page.evaluate(
    ([keys, token, user]) => {
      localStorage.setItem(keys.token, token);
      localStorage.setItem(keys.user, user);
    },
    [{ token: ADMIN_TOKEN_KEY, user: ADMIN_USER_KEY }, sessionToken, JSON.stringify(user)] as const,
  );
  await page.goto('/admin');
  await expect(page.getByText(`Welcome, ${username}`)).toBeVisible();
}

/** Signs in as the first admin and waits for the dashboard. */
export async function signIn(page: Page): Promise<void> {
  await signInByAPI(page, 'admin', ADMIN_PASSWORD);
}

/** A browser context of its own at baseURL, signed in as username. */
export async function signedInAs(browser: Browser, baseURL: string, username: string, password: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInByAPI(page, username, password);
  return page;
}

/** Edits the text at section and key in place, on the page open in edit mode, and waits for the save's toast. */
export async function editTextInPlace(page: Page, section: string, key: string, value: string, saved = 'Saved as draft') {
  await page.locator(`[data-content-section="${section}"][data-content-key="${key}"]`).click();
  const box = page.getByRole('textbox', { name: `Edit ${section} ${key}` });
  await box.fill(value);
  await box.press('Control+Enter');
  await expect(toastWith(page, saved).last()).toBeVisible();
}

/** The stored token and user of the page's origin. */
export function storedSession(page: Page) {
  return page.evaluate(([tk, uk]) => ({ token: localStorage.getItem(tk), user: localStorage.getItem(uk) }), [ADMIN_TOKEN_KEY, ADMIN_USER_KEY]);
}

/** Turns edit mode on (or off) for the page's origin, as the toolbar's switch does: pages load in it from then on. */
export async function setEditMode(page: Page, on = true): Promise<void> {
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [EDIT_MODE_KEY, String(on)] as const);
}

/** Whether edit mode is stored on for the page's origin: 'true', 'false', or null when never set. */
export function storedEditMode(page: Page): Promise<string | null> {
  return page.evaluate((key) => localStorage.getItem(key), EDIT_MODE_KEY);
}

/** The admin's sidebar of sections (on a narrow screen, the drawer of the Menu button while it is open). */
export function sectionNav(page: Page) {
  return page.getByRole('navigation', { name: 'Admin sections' });
}

/** The link of one section of the admin (Contacts, Pages...), marked aria-current="page" while it is open. */
export function sectionLink(page: Page, name: string) {
  return sectionNav(page).getByRole('link', { name, exact: true });
}

/**
 * Opens one section of the admin, signed in already: by the sidebar, or on a
 * narrow screen through the Menu button's drawer, which then closes.
 */
export async function showTab(page: Page, name: string): Promise<void> {
  const link = sectionLink(page, name);
  const menu = page.getByRole('button', { name: /^Menu: / });
  // Either shows once the role is known: the sidebar is folded into the Menu button on a narrow screen.
  await expect(link.or(menu).first()).toBeVisible();
  if (await link.isVisible()) {
    await link.click();
    await expect(link).toHaveAttribute('aria-current', 'page');
    return;
  }
  await menu.click();
  await link.click();
  await expect(page.getByRole('button', { name: `Menu: ${name}`, exact: true })).toBeVisible();
}

/**
 * Types text into the rich-text Body of a page's form, as a person does:
 * a blank line starts a paragraph, a line break (Shift+Enter) a new line.
 */
export async function typeBody(dialog: Locator, text: string): Promise<void> {
  const body = dialog.getByRole('textbox', { name: 'Body' });
  await body.click();
  const page = body.page();
  const paragraphs = text.split('\n\n');
  for (const [i, para] of paragraphs.entries()) {
    if (i > 0) await page.keyboard.press('Enter');
    for (const [j, line] of para.split('\n').entries()) {
      if (j > 0) await page.keyboard.press('Shift+Enter');
      await page.keyboard.insertText(line);
    }
  }
}

/** A record's row in the open section. */
export function recordRow(page: Page, name: string) {
  return page.getByRole('main').getByRole('listitem', { name, exact: true });
}

/**
 * The admin API with the page's stored token, for setting up and checking
 * records behind the page's back: another user, as far as the page knows.
 */
export async function adminAPI(page: Page) {
  const { token } = await storedSession(page);
  const headers = { Authorization: `Bearer ${token}` };
  const data = async (res: { ok: () => boolean; status: () => number; text: () => Promise<string>; json: () => Promise<unknown> }) => {
    if (!res.ok()) throw new Error(`API answered ${res.status()}: ${await res.text()}`);
    return ((await res.json()) as { data: Record<string, unknown> & { id: number; version: number } }).data;
  };
  return {
    token: token ?? '',
    create: async (resource: string, body: object) => data(await page.request.post(`/api/admin/${resource}`, { headers, data: body })),
    update: async (resource: string, id: number, body: object) => data(await page.request.put(`/api/admin/${resource}/${id}`, { headers, data: body })),
    remove: async (resource: string, id: number) => page.request.delete(`/api/admin/${resource}/${id}`, { headers }),
    get: async (resource: string, id: number) => {
      const res = await page.request.get(`/api/admin/${resource}`, { headers });
      const list = ((await res.json()) as { data: (Record<string, unknown> & { id: number; version: number })[] }).data;
      return list.find((r) => r.id === id);
    },
    revisions: async (resource: string, id: number) => {
      const res = await page.request.get(`/api/admin/${resource}/${id}/revisions`, { headers });
      return ((await res.json()) as { data: { action: string; version: number; username: string; data: Record<string, unknown> }[] }).data;
    },
  };
}

/** A site of a test file's own, with an API client signed in as its admin. */
export type OwnSite = { site: SiteServer & { stop: () => Promise<void> }; api: APIRequestContext; auth: Record<string, string> };

/**
 * Starts a site for one test file, for tests that add what the other
 * files' pages do not expect; stop it with stopOwnSite in afterAll.
 */
export async function startOwnSite(playwright: PlaywrightWorkerArgs['playwright']): Promise<OwnSite> {
  const site = await startSite({ SITE_ADMIN_PASSWORD: ADMIN_PASSWORD });
  // Signed in by the header alone: the draft-view cookie that sign-in sets
  // too would show this client drafts where visitors get the 404 page.
  const signIn = await playwright.request.newContext({ baseURL: site.baseURL });
  const login = await signIn.post('/api/admin/login', { data: { username: 'admin', password: ADMIN_PASSWORD } });
  baseExpect(login.status()).toBe(200);
  const { sessionToken } = (await login.json()) as { sessionToken: string };
  await signIn.dispose();
  const api = await playwright.request.newContext({ baseURL: site.baseURL });
  return { site, api, auth: { Authorization: `Bearer ${sessionToken}` } };
}

export async function stopOwnSite({ site, api }: OwnSite): Promise<void> {
  await api.dispose();
  await site.stop();
}
