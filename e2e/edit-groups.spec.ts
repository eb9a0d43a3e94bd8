import type { Page, Request } from '@playwright/test';
import { adminAPI, expect, setEditMode, signIn, test, toastWith } from './admin-fixtures';

// The items of repeating groups (cards, figures, jobs, paragraphs) are added,
// removed and reordered on the page by an admin in edit mode, within the
// limits of each group (web/src/content/groups.ts). Each change is saved at
// once as the group's order, and the next server HTML shows it.

/**
 * Signs in, turns edit mode on and opens the page once its item controls
 * show. The tests of a worker share one server: the texts and orders earlier
 * tests saved are deleted first.
 */
async function editPage(page: Page, path: string) {
  await signIn(page);
  const api = await adminAPI(page);
  const res = await page.request.get('/api/admin/content', { headers: { Authorization: `Bearer ${api.token}` } });
  for (const { id } of ((await res.json()) as { data: { id: number }[] }).data) {
    expect((await api.remove('content', id)).ok()).toBe(true);
  }
  await setEditMode(page);
  await page.goto(path);
  await expect(page.getByRole('toolbar').first()).toBeVisible();
}

/** The card titles of the home page's vision section, in the order of the server HTML a visitor gets. */
async function serverVisionTitles(page: Page): Promise<string[]> {
  const res = await page.request.get('/');
  expect(res.status()).toBe(200);
  const html = await res.text();
  const start = html.indexOf('aria-labelledby="vision-title"');
  expect(start, 'the vision section is in the server HTML').toBeGreaterThan(-1);
  const section = html.slice(start, html.indexOf('</section>', start));
  return [...section.matchAll(/<h3[^>]*>([^<]*)<\/h3>/g)].map((m) => m[1]);
}

/** Scripts the page loads whose file name starts with prefix. */
function scriptsNamed(page: Page, prefix: string): string[] {
  const seen: string[] = [];
  page.on('request', (r: Request) => {
    const name = new URL(r.url()).pathname.split('/').pop() ?? '';
    if (r.resourceType() === 'script' && name.startsWith(prefix)) seen.push(name);
  });
  return seen;
}

const builtInCards = ['Strategic Innovation', 'Future-Proof Solutions', 'Client-Centric Approach'];

test.describe('repeating groups in edit mode', () => {
  test('an admin adds a card, writes its title, moves it and removes another; the server HTML follows, and Undo brings the card back', async ({ page, consoleProblems }) => {
    await editPage(page, '/');
    const vision = page.locator('section[aria-labelledby="vision-title"]');
    const titles = vision.getByRole('heading', { level: 3 });
    await expect(titles).toHaveText(builtInCards);

    // Add: a new card after the first, from the template, its title focused.
    await vision.getByRole('button', { name: 'Add a card after “Strategic Innovation”' }).click();
    await expect(toastWith(page, 'Card added')).toContainText('A new card follows “Strategic Innovation”.');
    await expect(titles).toHaveText(['Strategic Innovation', 'New card', 'Future-Proof Solutions', 'Client-Centric Approach']);
    await expect(titles.nth(1)).toBeFocused();

    // Its title is a text like any other: Enter opens it, Enter saves it.
    await page.keyboard.press('Enter');
    const field = page.getByRole('textbox', { name: /^Edit vision cards\.new-[a-z0-9]{6}\.title$/ });
    await field.fill('Responsible AI');
    await field.press('Enter');
    await expect(toastWith(page, 'Content Updated')).toBeVisible();
    await expect(titles.nth(1)).toHaveText('Responsible AI');

    // Its text is still the template's: the editor sees the card marked, a visitor does not get it.
    const card = vision.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Responsible AI' }) });
    await expect(card.getByText('Not shown yet')).toBeVisible();
    expect(await serverVisionTitles(page)).toEqual(builtInCards);
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/admin/content') && r.request().method() === 'POST');
    await card.getByText('Describe it here.').click();
    const text = page.getByRole('textbox', { name: /^Edit vision cards\.new-[a-z0-9]{6}\.description$/ });
    await text.fill('Models whose decisions can be explained.');
    await text.press('Control+Enter');
    expect((await saved).status()).toBeLessThan(300);
    await expect(card.getByText('Not shown yet')).toHaveCount(0);
    expect(await serverVisionTitles(page)).toEqual(['Strategic Innovation', 'Responsible AI', 'Future-Proof Solutions', 'Client-Centric Approach']);

    // Move it later from the keyboard: the focus stays on the same button of the moved card.
    const later = vision.getByRole('button', { name: 'Move “Responsible AI” later' });
    await later.focus();
    await page.keyboard.press('Enter');
    await expect(toastWith(page, 'Cards reordered')).toContainText('“Responsible AI” is now 3 of 4.');
    await expect(titles).toHaveText(['Strategic Innovation', 'Future-Proof Solutions', 'Responsible AI', 'Client-Centric Approach']);
    await expect(later).toBeFocused();

    // Remove another: the focus goes to the neighbour that takes its place.
    await vision.getByRole('button', { name: 'Remove “Future-Proof Solutions”' }).click();
    await expect(toastWith(page, 'Card removed')).toContainText('“Future-Proof Solutions” no longer shows.');
    await expect(titles).toHaveText(['Strategic Innovation', 'Responsible AI', 'Client-Centric Approach']);
    await expect(vision.getByRole('button', { name: 'Remove “Responsible AI”' })).toBeFocused();

    // A visitor without JavaScript gets the same cards in the same order.
    expect(await serverVisionTitles(page)).toEqual(['Strategic Innovation', 'Responsible AI', 'Client-Centric Approach']);

    // Undo brings the removed card back where it was, texts and all.
    await toastWith(page, 'Card removed').getByRole('button', { name: 'Undo' }).click();
    await expect(toastWith(page, 'Change undone')).toBeVisible();
    const before = ['Strategic Innovation', 'Future-Proof Solutions', 'Responsible AI', 'Client-Centric Approach'];
    await expect(titles).toHaveText(before);
    expect(await serverVisionTitles(page)).toEqual(before);

    // After a reload, the page shows the saved order.
    await page.reload();
    await expect(page.getByRole('toolbar').first()).toBeVisible();
    await expect(titles).toHaveText(before);
    expect(consoleProblems).toEqual([]);
  });

  test('the buttons stop at the ends and the limits, say why, and save nothing there', async ({ page }) => {
    await editPage(page, '/');
    const saves: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/admin/content') && r.method() !== 'GET') saves.push(r.method());
    });

    // The hero's figures fill its three columns: exactly three.
    const hero = page.locator('#home');
    const removeFigure = hero.getByRole('button', { name: 'Remove “AI projects delivered”' });
    await expect(removeFigure).toBeDisabled();
    await expect(removeFigure).toHaveAttribute('title', 'At least 3 figures must stay');
    const addFigure = hero.getByRole('button', { name: 'Add a figure after “AI projects delivered”' });
    await expect(addFigure).toBeDisabled();
    await expect(addFigure).toHaveAttribute('title', 'At most 3 figures fit here');
    await expect(hero.getByRole('button', { name: 'Move “AI projects delivered” earlier' })).toHaveAttribute('title', 'Already the first figure');
    await expect(hero.getByRole('button', { name: 'Move “Average efficiency gain” later' })).toHaveAttribute('title', 'Already the last figure');

    // Pressing a disabled button tells why (for touch screens, which show no titles), and sends nothing.
    await removeFigure.press('Enter');
    await expect(toastWith(page, 'At least 3 figures must stay')).toBeVisible();
    await expect(hero.locator('dt')).toHaveCount(3);

    // The vision cards keep at least two.
    const vision = page.locator('section[aria-labelledby="vision-title"]');
    const removeSecond = vision.getByRole('button', { name: 'Remove “Future-Proof Solutions”' });
    await expect(removeSecond).toBeEnabled();
    await expect(removeSecond).toHaveAttribute('title', 'Remove this card');
    await removeSecond.click();
    await expect(toastWith(page, 'Card removed')).toBeVisible();
    expect(saves).toEqual(['POST']);
    for (const title of ['Strategic Innovation', 'Client-Centric Approach']) {
      const remove = vision.getByRole('button', { name: `Remove “${title}”` });
      await expect(remove).toBeDisabled();
      await expect(remove).toHaveAttribute('title', 'At least 2 cards must stay');
    }
    await vision.getByRole('button', { name: 'Remove “Client-Centric Approach”' }).press('Enter');
    await expect(toastWith(page, 'At least 2 cards must stay')).toBeVisible();
    await expect(vision.getByRole('heading', { level: 3 })).toHaveText(['Strategic Innovation', 'Client-Centric Approach']);
    expect(saves).toEqual(['POST']);
  });

  test("an order someone else saved meanwhile is shown to the editor, not overwritten", async ({ page }) => {
    await editPage(page, '/');
    const vision = page.locator('section[aria-labelledby="vision-title"]');
    const titles = vision.getByRole('heading', { level: 3 });
    await vision.getByRole('button', { name: 'Move “Strategic Innovation” later' }).click();
    await expect(toastWith(page, 'Cards reordered')).toBeVisible();
    await expect(titles).toHaveText(['Future-Proof Solutions', 'Strategic Innovation', 'Client-Centric Approach']);

    // Another editor saves another order behind the page's back.
    const { token } = await adminAPI(page);
    const headers = { Authorization: `Bearer ${token}` };
    const list = ((await (await page.request.get('/api/admin/content', { headers })).json()) as { data: { section: string; key: string; version: number }[] }).data;
    const order = list.find((c) => c.section === 'vision' && c.key === 'cards');
    expect(order, 'the page saved the order').toBeDefined();
    const theirs = await page.request.post('/api/admin/content', {
      headers: { ...headers, 'If-Match': `"${order!.version}"` },
      data: { section: 'vision', key: 'cards', value: '["client-centric-approach","future-proof-solutions"]' },
    });
    expect(theirs.status()).toBe(200);

    await vision.getByRole('button', { name: 'Move “Strategic Innovation” later' }).click();
    await expect(toastWith(page, 'Order not saved')).toContainText('admin changed the cards here after you opened the page. The page now shows their order');
    await expect(titles).toHaveText(['Client-Centric Approach', 'Future-Proof Solutions']);
    expect(await serverVisionTitles(page)).toEqual(['Client-Centric Approach', 'Future-Proof Solutions']);

    // The next change starts from their order.
    await vision.getByRole('button', { name: 'Move “Future-Proof Solutions” earlier' }).click();
    await expect(toastWith(page, 'Cards reordered')).toBeVisible();
    expect(await serverVisionTitles(page)).toEqual(['Future-Proof Solutions', 'Client-Centric Approach']);
  });

  test('paragraphs of a legal section and the sections themselves are arranged in place', async ({ page }) => {
    await editPage(page, '/cookie-policy');
    const article = page.locator('article');
    const headings = article.getByRole('heading', { level: 2 });
    await expect(headings).toHaveText(['1. What cookies are', '2. Cookies we use', '3. Managing cookies', '4. Contact']);
    await article.getByRole('button', { name: 'Move “Contact” earlier' }).click();
    await expect(toastWith(page, 'Sections reordered')).toBeVisible();
    await expect(headings).toHaveText(['1. What cookies are', '2. Cookies we use', '3. Contact', '4. Managing cookies']);
    const html = await (await page.request.get('/cookie-policy')).text();
    expect(html.indexOf('>Contact<')).toBeLessThan(html.indexOf('>Managing cookies<'));

    // A section's paragraphs are a group of their own: the section's
    // controls, and each of its three paragraphs'.
    const second = page.locator('section', { has: page.getByRole('heading', { name: '2. Cookies we use' }) });
    await expect(second.getByRole('toolbar')).toHaveCount(4);
    const paragraphs = second.locator('p');
    const [first] = await paragraphs.allTextContents();
    // The controls name a long paragraph by its start.
    const label = `${first.slice(0, 47).trimEnd()}…`;
    await second.getByRole('button', { name: `Move “${label}” later` }).click();
    await expect(toastWith(page, 'Paragraphs reordered')).toBeVisible();
    await expect(paragraphs.nth(1)).toHaveText(first);
  });

  test('a text opened before the controls have loaded keeps its field, its focus and what was typed', async ({ page }) => {
    // The controls' chunk is held back until the text is being edited.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/group-controls-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await signIn(page);
    await setEditMode(page);
    await page.goto('/about-us');
    const title = page.locator('[data-content-section="about.values"][data-content-key="items.excellence.title"]');
    await expect(title).toHaveAttribute('data-editable', 'true');
    await expect(page.getByRole('toolbar')).toHaveCount(0);
    await title.click();
    const field = page.getByRole('textbox', { name: 'Edit about.values items.excellence.title' });
    await field.fill('Typed while the controls load');

    release();
    await expect(page.getByRole('toolbar', { name: /Excellence/ })).toBeVisible();
    await expect(field).toHaveValue('Typed while the controls load');
    await expect(field).toBeFocused();
  });

  test('a visitor sees no controls, loads no controls code, and gets the same HTML', async ({ browser, baseURL, page }) => {
    // The admin in edit mode loads the controls once.
    const adminControls = scriptsNamed(page, 'group-controls');
    await editPage(page, '/');
    await expect(page.locator('[data-group-controls]').first()).toBeVisible();
    expect(adminControls).toHaveLength(1);

    const visitor = await browser.newContext({ baseURL });
    const vp = await visitor.newPage();
    const controls = scriptsNamed(vp, 'group-controls');
    // Edit mode alone is not enough: there is no stored admin user.
    await vp.addInitScript(() => localStorage.setItem('editMode', 'true'));
    await vp.goto('/');
    await expect(vp.getByRole('heading', { name: 'Strategic Innovation' })).toBeVisible();
    await vp.waitForLoadState('networkidle');
    await expect(vp.getByRole('toolbar')).toHaveCount(0);
    await expect(vp.locator('[data-group-controls]')).toHaveCount(0);
    expect(controls).toEqual([]);
    await visitor.close();

    // The server HTML is the same for both: the controls exist only in the admin's browser.
    expect(await (await page.request.get('/')).text()).not.toContain('data-group-controls');
  });
});
