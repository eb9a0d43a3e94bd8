import { expect, test, type Browser } from '@playwright/test';
import { editTextInPlace as editInPlace, type OwnSite, setEditMode, showTab, signedInAs, signIn, startOwnSite, stopOwnSite, toastWith } from './admin-fixtures';

// Approval mode on a site of its own: an editor's three drafts wait for a
// publisher, who sends one back with a comment and publishes the other two;
// visitors see exactly those. The editor answers in the draft's thread, and
// an administrator makes another editor a publisher.
let own: OwnSite;

test.beforeAll(async ({ playwright }) => {
  own = await startOwnSite(playwright);
  for (const username of ['ed', 'pia']) {
    const res = await own.api.post('/api/admin/users', { headers: own.auth, data: { username, password: 'an editor password', role: 'editor' } });
    expect(res.status()).toBe(201);
  }
  const mode = await own.api.put('/api/admin/publishing-settings', { headers: own.auth, data: { mode: 'approval' } });
  expect(mode.status()).toBe(200);
});
test.afterAll(() => stopOwnSite(own));

const signedIn = (browser: Browser, username: string) => signedInAs(browser, own.site.baseURL, username, 'an editor password');

test('in approval mode an editor asks for review, and a publisher sends back one change and publishes the others', async ({ browser }) => {
  test.setTimeout(120_000);
  const ed = await signedIn(browser, 'ed');
  await setEditMode(ed);
  await ed.goto('/');
  await expect(ed.getByRole('heading', { level: 1 })).toHaveAttribute('data-editable', 'true');
  await editInPlace(ed, 'hero', 'main_title', 'A much longer reviewed title');
  await editInPlace(ed, 'hero', 'subtitle', 'Reviewed subtitle');
  await editInPlace(ed, 'footer', 'company_description', 'Reviewed description');

  // The editor may not publish: the panel asks for a review instead.
  await ed.goto('/admin?tab=publish');
  const pending = ed.getByRole('list', { name: 'Pending changes' });
  await expect(pending.getByRole('listitem').filter({ has: ed.getByRole('checkbox') })).toHaveCount(3);
  await expect(ed.getByRole('button', { name: /^Publish/ })).toHaveCount(0);
  await ed.getByRole('button', { name: 'Ask for review of all' }).click();
  await expect(toastWith(ed, 'Review asked for')).toContainText('3 changes wait for a publisher');
  await expect(pending.getByText('In review · asked by ed')).toHaveCount(3);

  // Visitors still see the published site.
  const visitor = await browser.newContext({ javaScriptEnabled: false, baseURL: own.site.baseURL });
  const vp = await visitor.newPage();
  await vp.goto('/');
  await expect(vp.getByRole('heading', { level: 1 })).toHaveText('Transform Your Business with Enterprise AI');
  await expect(vp.locator('body')).not.toContainText('Reviewed');

  // The publisher sends the title back with a comment, and publishes the rest.
  const admin = await (await browser.newContext({ baseURL: own.site.baseURL })).newPage();
  await signIn(admin);
  await showTab(admin, 'Publish');
  const list = admin.getByRole('list', { name: 'Pending changes' });
  await admin.getByRole('checkbox', { name: 'Select hero main_title' }).check();
  await admin.getByRole('button', { name: 'Send back (1)' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Send back 1 change' });
  await dialog.getByRole('button', { name: 'Send back' }).click();
  await expect(dialog.getByText('Say what should change')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Comment' }).fill('Shorter, please.');
  await dialog.getByRole('button', { name: 'Send back' }).click();
  await expect(toastWith(admin, 'Sent back')).toContainText('1 change goes back with your comment.');
  await expect(list.getByText('In review · asked by ed')).toHaveCount(2);
  await admin.getByRole('checkbox', { name: 'Select hero subtitle' }).check();
  await admin.getByRole('checkbox', { name: 'Select footer company_description' }).check();
  await admin.getByRole('button', { name: 'Publish selected (2)' }).click();
  await expect(toastWith(admin, 'Published')).toContainText('2 changes are now live on the website.');

  await vp.reload();
  await expect(vp.getByRole('heading', { level: 1 })).toHaveText('Transform Your Business with Enterprise AI');
  await expect(vp.locator('main')).toContainText('Reviewed subtitle');
  await expect(vp.locator('footer')).toContainText('Reviewed description');
  await visitor.close();

  // The editor reads the comment, answers it and resolves it.
  await ed.reload();
  const thread = ed.getByRole('list', { name: 'Comments on hero main_title' });
  await expect(thread).toContainText('Shorter, please.');
  await thread.getByRole('button', { name: 'Reply' }).click();
  await thread.getByRole('textbox', { name: 'Reply' }).fill('Made it shorter.');
  await thread.getByRole('button', { name: 'Reply' }).click();
  await expect(ed.getByRole('list', { name: 'Replies to admin' })).toContainText('Made it shorter.');
  await thread.getByRole('button', { name: 'Resolve' }).click();
  await expect(thread).toContainText('Resolved by ed');
  // A new comment: its box opens from the button, and what was typed stays
  // when it is closed and opened again.
  const item = pending.getByRole('listitem').filter({ hasText: 'main_title' }).first();
  await item.getByRole('button', { name: 'Comment', exact: true }).click();
  await ed.keyboard.type('Also check the subtitle');
  await item.getByRole('button', { name: 'Cancel' }).click();
  await item.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(item.getByRole('textbox', { name: 'Comment' })).toHaveValue('Also check the subtitle');
  await item.getByRole('button', { name: 'Comment', exact: true }).click();
  // Two threads now: the first with its reply, and the new comment.
  await expect(thread).toContainText('Also check the subtitle');
  await expect(thread.getByRole('listitem')).toHaveCount(3);
  await expect(item.getByRole('textbox', { name: 'Comment' })).toBeHidden();

  // An administrator makes pia a publisher; she may then publish.
  await showTab(admin, 'Users');
  await admin.getByRole('button', { name: 'Change role of pia' }).click();
  const role = admin.getByRole('dialog', { name: 'Role of pia' });
  await role.getByRole('switch', { name: 'Publisher' }).click();
  await role.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('Publisher', { exact: true })).toBeVisible();
  const pia = await signedIn(browser, 'pia');
  await pia.goto('/admin?tab=publish');
  await expect(pia.getByRole('button', { name: 'Publish all' })).toBeVisible();
  await expect(pia.getByRole('button', { name: 'Send back' })).toBeVisible();

  // She schedules the title a few seconds ahead: the site publishes it
  // then, with no one in the admin.
  await pia.getByRole('button', { name: 'Schedule' }).click();
  const when = pia.getByRole('dialog', { name: 'Schedule 1 change' });
  const soon = await pia.evaluate(() => {
    const d = new Date(Date.now() + 4000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  });
  await when.getByLabel(/^Publish at/).fill(soon);
  await when.getByRole('button', { name: 'Schedule' }).click();
  await expect(toastWith(pia, 'Scheduled')).toContainText('1 change goes live on');
  await expect(pia.getByText(/^Goes live /)).toBeVisible();
  const later = await browser.newContext({ javaScriptEnabled: false, baseURL: own.site.baseURL });
  const lp = await later.newPage();
  // The release job looks every 15 seconds.
  await expect(async () => {
    await lp.goto('/');
    await expect(lp.getByRole('heading', { level: 1 })).toHaveText('A much longer reviewed title', { timeout: 1000 });
  }).toPass({ timeout: 40_000 });
  await later.close();
});
