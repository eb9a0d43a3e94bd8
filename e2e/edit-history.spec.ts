import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Browser, Locator, Page } from '@playwright/test';
import { ADMIN_PASSWORD, expect, setEditMode, signIn, test, toastWith } from './admin-fixtures';

// The history of a text in the in-place editor, Undo, two editors at once
// and the note on a shared text, as admins on the live site meet them.
// Each test edits texts of its own: the worker's server is shared.

const run = promisify(execFile);

/** Adds an administrator to the site, as an operator does (`bin/site admin create`); once per server. */
async function addAdmin(dataDir: string, username: string): Promise<void> {
  try {
    await run('bin/site', ['admin', 'create', '--data-dir', dataDir, '--username', username], {
      env: { ...process.env, SITE_ADMIN_PASSWORD: ADMIN_PASSWORD },
    });
  } catch (err) {
    if (!String((err as { stderr?: string }).stderr).includes('taken') && !String(err).includes('taken')) throw err;
  }
}

/** A browser of its own, signed in as username, in edit mode. */
async function editorAs(browser: Browser, baseURL: string, username: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const res = await page.request.post('/api/admin/login', { data: { username, password: ADMIN_PASSWORD } });
  expect(res.status(), `login of ${username}: ${await res.text()}`).toBe(200);
  const { sessionToken, user } = (await res.json()) as { sessionToken: string; user: object };
  await context.addInitScript(
    ([token, who]) => {
      localStorage.setItem('adminToken', token);
      localStorage.setItem('adminUser', who);
      localStorage.setItem('editMode', 'true');
    },
    [sessionToken, JSON.stringify(user)] as const,
  );
  return page;
}

/** Signs in as admin in the test's page and turns edit mode on. */
async function editAsAdmin(page: Page): Promise<void> {
  await signIn(page);
  await setEditMode(page);
}

/** The page's H1 once the editor has loaded. */
async function editableHeading(page: Page, path: string): Promise<Locator> {
  await page.goto(path);
  const h1 = page.getByRole('heading', { level: 1 });
  await expect(h1).toHaveAttribute('data-editable', 'true');
  return h1;
}

/** Edits a text in place and saves it with Enter. */
async function saveText(page: Page, text: Locator, value: string): Promise<void> {
  await text.click();
  const field = page.getByRole('textbox', { name: /^Edit / });
  await field.fill(value);
  await field.press('Enter');
}

/** The H1 of path as the server sends it, to a visitor without JavaScript. */
async function serverHeading(browser: Browser, baseURL: string, path: string): Promise<string> {
  const visitor = await browser.newContext({ baseURL, javaScriptEnabled: false });
  try {
    const page = await visitor.newPage();
    await page.goto(path);
    return (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
  } finally {
    await visitor.close();
  }
}

function historyPanel(page: Page) {
  return page.getByRole('dialog', { name: 'History of this text' });
}

test.describe('history of a text in place', () => {
  test('lists every version with who saved it, when and its value; Restore brings an older one back', async ({ page, browser, baseURL, site, consoleProblems }) => {
    await addAdmin(site.dataDir, 'maria');
    // Maria saves the text first, from her own browser.
    const maria = await editorAs(browser, baseURL!, 'maria');
    await saveText(maria, await editableHeading(maria, '/deep-learning'), 'Deep learning that sees what people miss');
    await expect(toastWith(maria, 'Content Updated')).toBeVisible();
    await maria.context().close();

    await editAsAdmin(page);
    const h1 = await editableHeading(page, '/deep-learning');
    await expect(h1).toHaveText('Deep learning that sees what people miss');
    await saveText(page, h1, 'Deep learning in production, not in slides');
    await expect(toastWith(page, 'Content Updated')).toBeVisible();

    await h1.click();
    await page.getByRole('button', { name: 'History' }).click();
    const panel = historyPanel(page);
    await expect(panel).toBeVisible();
    const versions = panel.getByRole('listitem');
    await expect(versions).toHaveCount(2);
    await expect(versions.nth(0)).toContainText('Updated');
    await expect(versions.nth(0)).toContainText('Current');
    await expect(versions.nth(0)).toContainText('Deep learning in production, not in slides');
    await expect(versions.nth(0)).toContainText('by admin');
    await expect(versions.nth(0).getByRole('button', { name: /^Restore/ })).toHaveCount(0);
    await expect(versions.nth(1)).toContainText('Created');
    await expect(versions.nth(1)).toContainText('Deep learning that sees what people miss');
    await expect(versions.nth(1)).toContainText('by maria');
    // When, as a person reads it: this year's date, not a timestamp.
    const when = versions.nth(1).locator('time');
    await expect(when).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
    await expect(when).toContainText(String(new Date().getFullYear()));
    await expect(when).not.toContainText('T');

    await versions.nth(1).getByRole('button', { name: /^Restore/ }).click();
    await expect(toastWith(page, 'Text restored')).toContainText('maria saved');
    await expect(panel).toHaveCount(0);
    await expect(h1).toHaveText('Deep learning that sees what people miss');
    expect(await serverHeading(browser, baseURL!, '/deep-learning')).toBe('Deep learning that sees what people miss');

    // Reset, then saved again: still one text with one history.
    await h1.click();
    await page.getByRole('button', { name: 'Reset to default' }).click();
    await expect(toastWith(page, 'Text reset')).toBeVisible();
    await saveText(page, h1, 'Deep learning, third take');
    await expect(toastWith(page, 'Content Updated')).toBeVisible();
    await h1.click();
    await page.getByRole('button', { name: 'History' }).click();
    await expect(versions).toHaveCount(5);
    await expect(versions).toContainText(['Updated', 'Reset', 'Restored', 'Updated', 'Created']);
    await expect(versions.nth(0)).toContainText('Deep learning, third take');
    await expect(versions.nth(1)).toContainText('Built-in text');
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('textbox', { name: /^Edit / })).toHaveCount(0);
    expect(consoleProblems).toEqual([]);
  });

  test('Undo in the Content Updated toast brings back the value before the save', async ({ page, browser, baseURL }) => {
    await editAsAdmin(page);
    const h1 = await editableHeading(page, '/case-studies');
    await saveText(page, h1, 'Results our clients measured');
    const first = toastWith(page, 'Content Updated');
    await expect(first).toBeVisible();
    // Closed, so that the toast below is the second save's and not the first's still on screen.
    await first.getByRole('button', { name: 'Close' }).click();
    await expect(first).toHaveCount(0);
    await saveText(page, h1, 'Results nobody measured');
    const saved = toastWith(page, 'Content Updated');
    await expect(saved).toBeVisible();
    await expect(h1).toHaveText('Results nobody measured');

    await saved.getByRole('button', { name: 'Undo' }).click();
    await expect(toastWith(page, 'Change undone')).toBeVisible();
    await expect(h1).toHaveText('Results our clients measured');
    expect(await serverHeading(browser, baseURL!, '/case-studies')).toBe('Results our clients measured');
  });
});

test.describe('two editors at once', () => {
  /** Admin and maria open the same page; admin saves first, then maria, who meets admin's text. */
  async function clash(page: Page, browser: Browser, baseURL: string, dataDir: string, path: string) {
    await addAdmin(dataDir, 'maria');
    await editAsAdmin(page);
    const mine = await editableHeading(page, path);
    const maria = await editorAs(browser, baseURL, 'maria');
    const hers = await editableHeading(maria, path);

    await saveText(page, mine, `Admin's title of ${path}`);
    await expect(toastWith(page, 'Content Updated')).toBeVisible();
    await saveText(maria, hers, `Maria's title of ${path}`);
    await expect(maria.getByRole('alert').filter({ hasText: 'changed this text' })).toHaveText(`admin changed this text after you opened the page. Theirs: “Admin's title of ${path}”`);
    // What she typed is still there.
    await expect(maria.getByRole('textbox', { name: /^Edit / })).toHaveValue(`Maria's title of ${path}`);
    return maria;
  }

  test('the second to save sees the first one\'s text, and "Save mine" keeps hers', async ({ page, browser, baseURL, site }) => {
    const maria = await clash(page, browser, baseURL!, site.dataDir, '/computer-vision');
    await maria.getByRole('button', { name: 'Save mine' }).click();
    await expect(toastWith(maria, 'Content Updated')).toBeVisible();
    await expect(maria.getByRole('heading', { level: 1 })).toHaveText("Maria's title of /computer-vision");
    expect(await serverHeading(browser, baseURL!, '/computer-vision')).toBe("Maria's title of /computer-vision");
    await maria.context().close();
  });

  test('"Keep theirs" drops hers and shows the first one\'s text', async ({ page, browser, baseURL, site }) => {
    const maria = await clash(page, browser, baseURL!, site.dataDir, '/predictive-analytics');
    const sent: string[] = [];
    maria.on('request', (r) => {
      if (r.method() !== 'GET' && r.url().includes('/api/admin/content')) sent.push(r.method());
    });
    await maria.getByRole('button', { name: 'Keep theirs' }).click();
    await expect(maria.getByRole('textbox', { name: /^Edit / })).toHaveCount(0);
    await expect(maria.getByRole('heading', { level: 1 })).toHaveText("Admin's title of /predictive-analytics");
    expect(sent).toEqual([]);
    expect(await serverHeading(browser, baseURL!, '/predictive-analytics')).toBe("Admin's title of /predictive-analytics");
    // Her next save starts from his version: no clash.
    await saveText(maria, maria.getByRole('heading', { level: 1 }), "Maria's later title");
    await expect(toastWith(maria, 'Content Updated')).toBeVisible();
    expect(await serverHeading(browser, baseURL!, '/predictive-analytics')).toBe("Maria's later title");
    await maria.context().close();
  });
});

test.describe('shared texts', () => {
  test('a footer text says on how many pages it appears while it is edited; a page text does not', async ({ page }) => {
    await editAsAdmin(page);
    await page.goto('/');
    const description = page.locator('[data-content-section="footer"][data-content-key="company_description"]');
    await expect(description).toHaveAttribute('data-editable', 'true');
    await expect(page.getByText(/Appears on \d+ pages/)).toHaveCount(0);
    await description.click();
    const field = page.getByRole('textbox', { name: 'Edit footer company_description' });
    await expect(field).toBeVisible();
    const note = page.getByText('Appears on 19 pages');
    await expect(note).toBeVisible();
    await expect(field).toHaveAccessibleDescription(/Appears on 19 pages, and on the 404 page and every published page/);
    await field.press('Escape');
    await expect(note).toHaveCount(0);

    const subtitle = page.locator('[data-content-section="hero"][data-content-key="subtitle"]');
    await subtitle.click();
    await expect(page.getByRole('textbox', { name: 'Edit hero subtitle' })).toBeVisible();
    await expect(page.getByText(/Appears on/)).toHaveCount(0);
  });
});
