import { adminAPI, expect, recordRow, showTab, signIn, test, toastWith } from './admin-fixtures';

// A draft shared for review: the editor makes a preview link in the Pages
// tab; a reviewer without an account opens it in a fresh browser and sees
// the draft at its own address, which search engines are told not to
// index; once revoked, the link shows the 404 page.

test('a draft shared by a preview link is seen by a reviewer without an account, until revoked', async ({ page, browser, site }) => {
  await signIn(page);
  const api = await adminAPI(page);
  const draft = await api.create('pages', {
    title: 'Our 2027 Outlook',
    slug: 'outlook-2027',
    content: 'Five bets for the year ahead.\n\nThe first is evaluation.',
  });
  // A visitor's browser gets the 404 page (this one, signed in, the draft).
  const context = await browser.newContext({ baseURL: site.baseURL });
  expect((await context.request.get('/outlook-2027')).status()).toBe(404);

  await showTab(page, 'Pages');
  await recordRow(page, 'Our 2027 Outlook').getByRole('button', { name: 'Share a preview of Our 2027 Outlook' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share a preview of Our 2027 Outlook' });
  await expect(dialog.getByText('No preview link works now.')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Link works for' }).click();
  await page.getByRole('option', { name: '1 day' }).click();
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const url = await dialog.getByLabel(/New link, until/).inputValue();
  expect(url).toMatch(new RegExp(`^${site.baseURL}/outlook-2027\\?preview=[A-Za-z0-9_-]{43}$`));
  await expect(dialog.getByRole('listitem', { name: /^Preview link made/ })).toHaveCount(1);

  // The server's HTML, without JavaScript: the draft, not to be indexed.
  const html = await page.request.get(url);
  expect(html.status()).toBe(200);
  expect(html.headers()['x-robots-tag']).toBe('noindex, nofollow');
  const body = await html.text();
  expect(body).toContain('>Our 2027 Outlook</h1>');
  expect(body).toContain('<meta name="robots" content="noindex" />');
  expect(body).not.toContain('rel="canonical"');

  // A reviewer in a browser of their own, signed in nowhere.
  const reviewer = await context.newPage();
  await reviewer.goto(url);
  await expect(reviewer.getByRole('heading', { level: 1, name: 'Our 2027 Outlook' })).toBeVisible();
  await expect(reviewer.getByText('The first is evaluation.')).toBeVisible();
  await expect(reviewer.getByRole('region', { name: 'Preview' })).toContainText('Shared preview');

  // Revoked: the 404 page.
  await dialog.getByRole('button', { name: /^Revoke the preview link made/ }).click();
  await expect(toastWith(page, 'Preview link revoked')).toBeVisible();
  await expect(dialog.getByText('No preview link works now.')).toBeVisible();
  const gone = await reviewer.goto(url);
  expect(gone?.status()).toBe(404);
  await expect(reviewer.getByRole('heading', { level: 1 })).toContainText('404');
  await context.close();
  await api.remove('pages', draft.id);
});
