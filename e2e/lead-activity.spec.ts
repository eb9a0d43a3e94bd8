import type { Page } from '@playwright/test';
import { expect as baseExpect, showTab, signIn, test, toastWith } from './admin-fixtures';

// The machine running the tests may be busy; wait longer than the default.
const expect = baseExpect.configure({ timeout: 15_000 });

/** Sends a lead through the public form's API, as a visitor's browser does. */
async function sendLead(page: Page, company: string) {
  const res = await page.request.post('/api/contact', {
    data: {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: `grace@${company.toLowerCase().replace(/\W/g, '')}.example`,
      company,
      jobTitle: 'cto',
      aiSolutionInterest: 'nlp',
      projectDetails: 'Compilers for everyone',
      fillMs: 9000,
      landingPage: '/blog/agents',
      pagesRead: ['/blog/agents', '/pricing'],
    },
  });
  expect(res.status()).toBe(201);
}

async function openLead(page: Page, company: string) {
  await showTab(page, 'Contacts');
  const loaded = page.waitForResponse((r) => r.url().includes('/api/admin/contact-submissions?') && new URL(r.url()).searchParams.get('q') === company);
  await page.getByRole('searchbox', { name: 'Search leads' }).fill(company);
  await loaded;
  await page.getByRole('button', { name: 'Grace Hopper' }).click();
  return page.getByRole('dialog', { name: 'Grace Hopper' });
}

test('a note typed survives a reload, is saved into the timeline with its author, and a status change shows there', async ({ page }) => {
  await sendLead(page, 'Timeline Corp');
  await signIn(page);
  let dialog = await openLead(page, 'Timeline Corp');

  // What the visitor saw, beside the codes, and where the visit went.
  await expect(dialog.getByText('CTO / Technology Leader (cto)')).toBeVisible();
  await expect(dialog.getByText('Natural Language Processing (nlp)')).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Pages read, first read first' }).getByRole('listitem')).toHaveText(['/blog/agents', '/pricing']);

  // The kinds are radio buttons drawn as their labels: a person clicks the label.
  await dialog.locator('label').filter({ hasText: /^Call$/ }).click();
  await expect(dialog.getByRole('radio', { name: 'Call' })).toBeChecked();
  const box = dialog.getByLabel('Log a call');
  await box.fill('Called Grace: wants a workshop in March.');

  // Closing asks first; keeping on editing keeps the text.
  await page.keyboard.press('Escape');
  const ask = page.getByRole('alertdialog', { name: 'Discard this note?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(ask).toHaveCount(0);
  await expect(box).toBeFocused();
  await expect(box).toHaveValue('Called Grace: wants a workshop in March.');

  // A reload loses nothing.
  await page.reload();
  dialog = await openLead(page, 'Timeline Corp');
  await expect(dialog.getByLabel('Log a call')).toHaveValue('Called Grace: wants a workshop in March.');
  await expect(dialog.getByRole('radio', { name: 'Call' })).toBeChecked();

  await dialog.getByRole('button', { name: 'Save call' }).click();
  await expect(toastWith(page, 'Call saved')).toBeVisible();
  const timeline = dialog.getByRole('list', { name: 'Activity, newest first' });
  const first = timeline.getByRole('listitem').first();
  await expect(first).toContainText('admin');
  await expect(first).toContainText('Call');
  await expect(first).toContainText('Called Grace: wants a workshop in March.');
  await expect(first.locator('time')).toHaveText('just now');
  await expect(dialog.getByLabel('Log a call')).toHaveValue('');

  // Saved: closing asks nothing, and the draft is gone after a reload.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  await page.reload();
  dialog = await openLead(page, 'Timeline Corp');
  await expect(dialog.getByLabel('Add note')).toHaveValue('');
  await expect(timeline.getByRole('listitem')).toHaveCount(1);

  // Its author may edit it for now.
  await first.getByRole('button', { name: /^Edit/ }).click();
  await dialog.getByLabel('Edit the call').fill('Called Grace: workshop on March 3.');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(first).toContainText('Called Grace: workshop on March 3.');
  await expect(first).toContainText('(edited)');

  // A status change writes its own entry.
  await dialog.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Contacted' }).click();
  await expect(toastWith(page, 'Status set to Contacted')).toBeVisible();
  await expect(timeline.getByRole('listitem')).toHaveCount(2);
  await expect(timeline.getByRole('listitem').first()).toContainText('Changed the status from New to Contacted');
  await expect(timeline.getByRole('listitem').first()).toContainText('admin');

  // An administrator deletes, after a confirmation.
  await timeline.getByRole('listitem').nth(1).getByRole('button', { name: /^Delete/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this entry?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toastWith(page, 'Entry deleted')).toBeVisible();
  await expect(timeline.getByRole('listitem')).toHaveCount(1);
});

test('the lead dialog with its timeline fits a 320 px screen', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await sendLead(page, 'Narrow Corp');
  await signIn(page);
  const dialog = await openLead(page, 'Narrow Corp');
  await dialog.getByLabel('Add note').fill('A note on a small screen');
  await dialog.getByRole('button', { name: 'Save note' }).click();
  await expect(dialog.getByRole('list', { name: 'Activity, newest first' }).getByRole('listitem')).toHaveCount(1);
  const overflow = await dialog.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
