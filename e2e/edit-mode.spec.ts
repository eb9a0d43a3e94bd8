import type { Page, Request } from '@playwright/test';
import { ADMIN_PASSWORD, expect, setEditMode, showTab, signIn, storedEditMode, test, toastWith } from './admin-fixtures';

/** Scripts the page loaded whose file name starts with prefix. */
function scriptsNamed(page: Page, prefix: string): string[] {
  const seen: string[] = [];
  page.on('request', (r: Request) => {
    const name = new URL(r.url()).pathname.split('/').pop() ?? '';
    if (r.resourceType() === 'script' && name.startsWith(prefix)) seen.push(name);
  });
  return seen;
}

test.describe('edit mode', () => {
  test('a visitor sees no editing affordance and loads neither admin nor editor code', async ({ page, consoleProblems }) => {
    const admin = scriptsNamed(page, 'admin-app');
    const editor = scriptsNamed(page, 'inline-editor');
    // Edit mode alone is not enough: there is no stored admin user.
    await page.addInitScript(() => localStorage.setItem('editMode', 'true'));
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Transform Your Business with Enterprise AI');
    await page.getByRole('heading', { level: 1 }).click();
    await expect(page.getByRole('textbox', { name: 'Edit hero main_title' })).toHaveCount(0);
    await expect(page.locator('[data-editable]')).toHaveCount(0);
    expect(admin).toEqual([]);
    expect(editor).toEqual([]);
    expect(consoleProblems).toEqual([]);
  });

  test('edit mode toggled in one tab shows in another without reload', async ({ context, page }) => {
    await signIn(page);
    const site = await context.newPage();
    const editor = scriptsNamed(site, 'inline-editor');
    await site.goto('/');
    const title = site.getByRole('heading', { level: 1 });
    await expect(title).toHaveText('Transform Your Business with Enterprise AI');
    await expect(title).not.toHaveAttribute('data-editable', 'true');

    await page.getByRole('button', { name: 'Enable Edit Mode' }).first().click();
    await expect(toastWith(page, 'Edit Mode Enabled')).toContainText('Click on any text element to edit it directly');
    await expect(page.getByText('Click any text element on the website to edit it.')).toBeVisible();

    // The other tab learns of it through the storage event and loads the editor.
    await expect(title).toHaveAttribute('data-editable', 'true');
    expect(editor.length).toBe(1);
    const second = await context.newPage();
    await second.goto('/admin');
    await expect(second.getByRole('button', { name: 'Exit Edit Mode' })).toBeVisible();

    await second.getByRole('button', { name: 'Exit Edit Mode' }).click();
    await expect(toastWith(second, 'Edit Mode Disabled')).toContainText('Content editing is now disabled');
    await expect(page.getByRole('button', { name: 'Enable Edit Mode' }).first()).toBeVisible();
    await expect(page.getByText('Click any text element on the website to edit it.')).toHaveCount(0);
    await expect(title).not.toHaveAttribute('data-editable', 'true');
  });

  test('edit mode toggles from the dashboard quick actions and the settings switch', async ({ page }) => {
    await signIn(page);
    await expect(page.getByText('Edit mode', { exact: true })).toBeVisible();
    await page.getByRole('main').getByRole('button', { name: 'Enable Edit Mode' }).click();
    await expect(toastWith(page, 'Edit Mode Enabled')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Exit Edit Mode' })).toBeVisible();
    expect(await storedEditMode(page)).toBe('true');

    await showTab(page, 'Settings');
    const toggle = page.getByRole('switch', { name: /Edit mode/ });
    await expect(toggle).toBeChecked();
    await toggle.click();
    await expect(toastWith(page, 'Edit Mode Disabled')).toBeVisible();
    await expect(toggle).not.toBeChecked();
    expect(await storedEditMode(page)).toBe('false');
  });
});

test.describe('in-place editing', () => {
  /** Signs in, turns edit mode on and opens the home page. */
  async function editHome(page: Page) {
    await signIn(page);
    await setEditMode(page);
    await page.goto('/');
    // The editor chunk has loaded once the texts show they are editable.
    await expect(page.getByRole('heading', { level: 1 })).toHaveAttribute('data-editable', 'true');
    await expect(page.locator('[data-content-section="hero"][data-content-key="subtitle"]')).toHaveAttribute('data-editable', 'true');
  }

  test('Enter saves the hero title, and the next server HTML carries it', async ({ page, request, browser, baseURL }) => {
    await editHome(page);
    const title = page.getByRole('heading', { level: 1 });
    await expect(title).toHaveAttribute('data-editable', 'true');
    await title.click();
    const input = page.getByRole('textbox', { name: 'Edit hero main_title' });
    await expect(input).toHaveValue('Transform Your Business with Enterprise AI');
    await input.fill('AI that pays for itself');
    await input.press('Enter');
    await expect(toastWith(page, 'Content Updated')).toContainText('Changes saved successfully');
    await expect(title).toHaveText('AI that pays for itself');

    const html = await (await request.get('/')).text();
    expect(html).toMatch(/<h1[^>]*>AI that pays for itself<\/h1>/);
    // A visitor without scripts sees it too.
    const visitor = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const vp = await visitor.newPage();
    await vp.goto('/');
    await expect(vp.getByRole('heading', { level: 1 })).toHaveText('AI that pays for itself');
    await visitor.close();
  });

  test('Ctrl+Enter saves a multi-line text from a textarea at least 100 px high', async ({ page, request }) => {
    await editHome(page);
    const subtitle = page.locator('[data-content-section="hero"][data-content-key="subtitle"]');
    await subtitle.click();
    const area = page.getByRole('textbox', { name: 'Edit hero subtitle' });
    expect(await area.evaluate((el) => el.tagName)).toBe('TEXTAREA');
    expect((await area.boundingBox())!.height).toBeGreaterThanOrEqual(100);
    await area.fill('First line of the pitch.');
    // Enter alone adds a line; only Ctrl+Enter saves.
    await area.press('Enter');
    await area.pressSequentially('Second line.');
    await expect(area).toBeVisible();
    await area.press('Control+Enter');
    await expect(toastWith(page, 'Content Updated')).toBeVisible();
    await expect(subtitle).toHaveText('First line of the pitch.\nSecond line.');
    expect(await (await request.get('/')).text()).toContain('First line of the pitch.\nSecond line.');
  });

  test('Escape cancels and sends nothing; leaving an unchanged field sends nothing', async ({ page, request }) => {
    await editHome(page);
    const sent: string[] = [];
    page.on('request', (r) => {
      // Writes only: the edit bar loads the saved texts' versions as the page opens.
      if (r.url().includes('/api/admin/content') && r.method() !== 'GET') sent.push(r.method());
    });
    const subtitle = page.locator('[data-content-section="hero"][data-content-key="subtitle"]');
    const before = await subtitle.textContent();
    await subtitle.click();
    const area = page.getByRole('textbox', { name: 'Edit hero subtitle' });
    await area.fill('This text must not be kept');
    await area.press('Escape');
    await expect(area).toHaveCount(0);
    await expect(subtitle).toHaveText(before!);

    await page.getByRole('heading', { level: 1 }).click();
    await page.getByRole('textbox', { name: 'Edit hero main_title' }).blur();
    await expect(page.getByRole('textbox', { name: 'Edit hero main_title' })).toHaveCount(0);
    expect(sent).toEqual([]);
    expect(await (await request.get('/')).text()).not.toContain('This text must not be kept');
  });

  test('leaving a changed field saves it', async ({ page }) => {
    await editHome(page);
    const title = page.getByRole('heading', { level: 1 });
    await title.click();
    await page.getByRole('textbox', { name: 'Edit hero main_title' }).fill('Saved on blur');
    await page.getByRole('textbox', { name: 'Edit hero main_title' }).blur();
    await expect(toastWith(page, 'Content Updated')).toBeVisible();
    await expect(title).toHaveText('Saved on blur');
  });

  test('a stored user that is not an admin gets no editor', async ({ page, request }) => {
    const res = await request.post('/api/admin/login', { data: { username: 'admin', password: ADMIN_PASSWORD } });
    const { sessionToken } = (await res.json()) as { sessionToken: string };
    const editor = scriptsNamed(page, 'inline-editor');
    await page.addInitScript((token) => {
      localStorage.setItem('editMode', 'true');
      localStorage.setItem('adminToken', token);
      localStorage.setItem('adminUser', JSON.stringify({ id: 1, username: 'admin', isAdmin: false }));
    }, sessionToken);
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).click();
    await expect(page.getByRole('textbox', { name: 'Edit hero main_title' })).toHaveCount(0);
    expect(editor).toEqual([]);
  });
});
