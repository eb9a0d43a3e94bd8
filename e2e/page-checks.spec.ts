import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, showTab, startOwnSite, stopOwnSite, toastWith, typeBody, type OwnSite } from './admin-fixtures';

// The checks of the page form, switched off for the whole site by an
// administrator in Settings: the form then leaves out their warnings, and
// an editor, who may not change them, gets the same form.

const expect = baseExpect.configure({ timeout: 15_000 });

let own: OwnSite;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright }) => {
  own = await startOwnSite(playwright);
  const editor = await own.api.post('/api/admin/users', { headers: own.auth, data: { username: 'ed', password: 'an editor password', role: 'editor' } });
  expect(editor.status()).toBe(201);
});

test.afterAll(() => stopOwnSite(own));

async function signedIn(browser: Browser, username: string, password: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: own.site.baseURL });
  const page = await context.newPage();
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText(`Welcome, ${username}`)).toBeVisible();
  return page;
}

/** The warnings of a new page titled "Pricing" with a link to no page, as the form lists them. */
async function warningsOfNewPage(page: Page) {
  await showTab(page, 'Pages');
  await page.getByRole('button', { name: 'Add Page' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Page' });
  await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill('Pricing');
  await typeBody(dialog, 'Plans for every size.');
  const checks = dialog.getByRole('region', { name: 'Checks' });
  await expect(checks).toContainText('No meta description');
  return checks.getByRole('listitem');
}

test('a check switched off in Settings gives no warning in anyone’s page form, and on again it does', async ({ browser }) => {
  const admin = await signedIn(browser, 'admin', ADMIN_PASSWORD);
  const before = await warningsOfNewPage(admin);
  await expect(before).toHaveText([/^The title search results show has 7 characters/, /^No meta description/]);
  await admin.keyboard.press('Escape');
  await admin.getByRole('alertdialog', { name: 'Discard your changes?' }).getByRole('button', { name: 'Discard changes' }).click();

  await showTab(admin, 'Settings');
  const card = admin.getByRole('region', { name: 'Page checks' });
  const titleLength = card.getByRole('switch', { name: 'A title for search results outside 30 to 60 characters' });
  await expect(titleLength).toBeChecked();
  await titleLength.click();
  await expect(toastWith(admin, 'Check off')).toBeVisible();
  await expect(titleLength).not.toBeChecked();

  // The editor's form: the title's length no longer, the description still.
  const editor = await signedIn(browser, 'ed', 'an editor password');
  await expect(await warningsOfNewPage(editor)).toHaveText([/^No meta description/]);
  await editor.keyboard.press('Escape');
  await editor.getByRole('alertdialog', { name: 'Discard your changes?' }).getByRole('button', { name: 'Discard changes' }).click();
  // An editor has no Page checks card, and cannot change them.
  await showTab(editor, 'Settings');
  await expect(editor.getByRole('region', { name: 'Page checks' })).toHaveCount(0);
  await editor.context().close();

  // Kept by the site: after a reload it is still off; switched on, the warning is back.
  await admin.reload();
  await showTab(admin, 'Settings');
  await expect(titleLength).not.toBeChecked();
  await titleLength.click();
  await expect(toastWith(admin, 'Check on')).toBeVisible();
  await expect(await warningsOfNewPage(admin)).toHaveText([/^The title search results show has 7 characters/, /^No meta description/]);
  const entries = (await (await own.api.get('/api/admin/audit-log?action=page-checks-change', { headers: own.auth })).json()) as { data: unknown[] };
  expect(entries.data).toHaveLength(2);
  await admin.context().close();
});
