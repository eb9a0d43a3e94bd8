import { expect, recordRow, sectionNav, showTab, signIn, test, toastWith } from './admin-fixtures';

// An administrator invites a person by a link; the person opens it in a
// browser of their own, chooses a password and signs in with the role they
// were offered. The link works once; a withdrawn one says so.

test('an invited editor opens the link, sets a password and signs in; the link then refuses a second use', async ({ page, browser, site }) => {
  await signIn(page);
  await showTab(page, 'Users');
  await page.getByRole('button', { name: 'Add user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add user' });
  await expect(dialog.getByRole('radio', { name: 'Send an invitation link' })).toBeChecked();
  await expect(dialog.getByRole('textbox', { name: 'Password' })).toHaveCount(0);
  await dialog.getByLabel('Username').fill('ines');
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Editor' }).click();
  await dialog.getByRole('button', { name: 'Create invitation link' }).click();

  const linkDialog = page.getByRole('dialog', { name: 'Invitation link for ines' });
  const url = await linkDialog.getByLabel('Invitation link').inputValue();
  expect(url).toMatch(new RegExp(`^${site.baseURL}/admin/invite#[A-Za-z0-9_-]{43}$`));
  await linkDialog.getByRole('button', { name: 'Done' }).click();
  const row = page.getByRole('listitem', { name: 'Invitation for ines' });
  await expect(row).toContainText('Waiting');
  await expect(row).toContainText('Sent by admin');
  // A second invitation for the same name is refused beside the field.
  await page.getByRole('button', { name: 'Add user' }).click();
  await dialog.getByLabel('Username').fill('ines');
  await dialog.getByRole('button', { name: 'Create invitation link' }).click();
  await expect(dialog.getByText(/An invitation for ines is waiting already/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The invited person, in a browser of their own.
  const context = await browser.newContext({ baseURL: site.baseURL });
  const invited = await context.newPage();
  await invited.goto(url);
  await expect(invited.getByRole('heading', { name: 'Set up your account' })).toBeVisible();
  await expect(invited.getByLabel('Username')).toHaveValue('ines');
  await invited.getByLabel('Choose a password').fill('ines-writes-pages');
  await invited.getByLabel('Type it again').fill('ines-writes-page');
  await invited.getByRole('button', { name: 'Create my account' }).click();
  await expect(invited.getByText('The two passwords differ; type the same one twice.')).toBeVisible();
  await invited.getByLabel('Type it again').fill('ines-writes-pages');
  await invited.getByRole('button', { name: 'Create my account' }).click();
  await expect(invited.getByRole('heading', { name: 'Your account is ready' })).toBeVisible();
  expect(new URL(invited.url()).hash).toBe('');
  await expect(invited.getByLabel('Username')).toHaveValue('ines');
  await invited.getByLabel('Password').fill('ines-writes-pages');
  await invited.getByRole('button', { name: 'Sign In' }).click();
  await expect(invited.getByText('Welcome, ines')).toBeVisible();
  const tabs = sectionNav(invited).getByRole('link');
  await expect(tabs).toHaveText(['Dashboard', 'Pages', 'Content', 'Company facts', 'Publish', 'Images', 'Menu', 'Footer', 'Testimonials', 'Case studies', 'Redirects', 'Subscribers', 'Settings', 'Account']);

  // The link a second time.
  const again = await context.newPage();
  await again.goto(url);
  await expect(again.getByRole('alert')).toHaveText('This invitation has been used already. Sign in with the password you chose, or ask an administrator for a new link.');
  await context.close();

  // The admin sees the account, and no invitation left.
  await page.reload();
  await expect(recordRow(page, 'ines')).toContainText('Editor');
  await expect(page.getByRole('heading', { name: 'Invitations' })).toHaveCount(0);

  // The audit log tells who invited whom, and who took the invitation up.
  await showTab(page, 'Audit log');
  const entries = page.getByRole('list', { name: 'Audit log entries' }).getByRole('listitem');
  await expect(entries.filter({ hasText: 'Invitation sent' }).first()).toContainText('admin');
  await expect(entries.filter({ hasText: 'Invitation accepted' }).first()).toContainText('ines');
  await expect(entries.filter({ hasText: 'Signed in' }).filter({ hasText: 'ines' }).first()).toBeVisible();
});

test('a new link replaces the old one, and a withdrawn invitation says so', async ({ page, browser, site }) => {
  await signIn(page);
  await showTab(page, 'Users');
  await page.getByRole('button', { name: 'Add user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add user' });
  await dialog.getByLabel('Username').fill('sol');
  await dialog.getByRole('button', { name: 'Create invitation link' }).click();
  let linkDialog = page.getByRole('dialog', { name: 'Invitation link for sol' });
  const first = await linkDialog.getByLabel('Invitation link').inputValue();
  await linkDialog.getByRole('button', { name: 'Done' }).click();

  const row = page.getByRole('listitem', { name: 'Invitation for sol' });
  await row.getByRole('button', { name: 'New link for sol' }).click();
  linkDialog = page.getByRole('dialog', { name: 'Invitation link for sol' });
  const second = await linkDialog.getByLabel('Invitation link').inputValue();
  expect(second).not.toBe(first);
  await linkDialog.getByRole('button', { name: 'Done' }).click();

  const context = await browser.newContext({ baseURL: site.baseURL });
  const other = await context.newPage();
  await other.goto(first);
  await expect(other.getByRole('alert')).toContainText('This invitation link is not valid');
  await other.getByRole('link', { name: 'Go to sign-in' }).click();
  await expect(other).toHaveURL(/\/admin\/login$/);

  await row.getByRole('button', { name: 'Withdraw the invitation for sol' }).click();
  await page.getByRole('alertdialog', { name: 'Withdraw the invitation for sol?' }).getByRole('button', { name: 'Withdraw' }).click();
  await expect(toastWith(page, 'Invitation for sol withdrawn')).toBeVisible();
  await expect(row).toHaveCount(0);
  await other.goto(second);
  await expect(other.getByRole('alert')).toContainText('This invitation link is not valid');
  await context.close();
});
