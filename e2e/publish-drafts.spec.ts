import { expect, test } from '@playwright/test';
import { type OwnSite, setEditMode, showTab, signIn, startOwnSite, stopOwnSite, toastWith } from './admin-fixtures';

// Drafts mode on a site of its own (the mode would change what the other
// files' editors see). Live mode, where a save is in the next server HTML,
// is edit-mode.spec.ts's.
let own: OwnSite;

test.beforeAll(async ({ playwright }) => {
  own = await startOwnSite(playwright);
});
test.afterAll(() => stopOwnSite(own));

test('in drafts mode edits wait for the Publish panel, and visitors see only what is published', async ({ browser }) => {
  // Texts, a group, a record and the Content tab: more than the default 30 s on a busy machine.
  test.setTimeout(60_000);
  // A testimonial saved by an API client (no X-Publish header): live at once, in any mode.
  const created = await own.api.post('/api/admin/testimonials', {
    headers: own.auth,
    data: { name: 'Ann Weber', title: 'CTO, Northwind', content: 'They shipped our model in weeks.', initials: 'AW', isActive: true },
  });
  expect(created.status()).toBe(201);
  const admin = await browser.newContext({ baseURL: own.site.baseURL });
  const page = await admin.newPage();
  await signIn(page);
  await showTab(page, 'Settings');
  // Saved at once: the choice shows once the server has it.
  await page.getByRole('radio', { name: /^Drafts/ }).click();
  await expect(toastWith(page, 'Publishing mode changed')).toBeVisible();
  await expect(page.getByRole('radio', { name: /^Drafts/ })).toBeChecked();

  await setEditMode(page);
  await page.goto('/');
  const title = page.getByRole('heading', { level: 1 });
  const subtitle = page.locator('[data-content-section="hero"][data-content-key="subtitle"]');
  await expect(title).toHaveAttribute('data-editable', 'true');
  await title.click();
  await page.getByRole('textbox', { name: 'Edit hero main_title' }).fill('Drafted title');
  await page.getByRole('textbox', { name: 'Edit hero main_title' }).press('Enter');
  await expect(toastWith(page, 'Content Updated')).toContainText('Saved as draft — publish it from the Publish panel');
  const oldSubtitle = (await subtitle.textContent())!;
  await subtitle.click();
  await page.getByRole('textbox', { name: 'Edit hero subtitle' }).fill('Drafted subtitle');
  await page.getByRole('textbox', { name: 'Edit hero subtitle' }).press('Control+Enter');
  await expect(subtitle).toHaveText('Drafted subtitle');
  // A card added: its order is a draft, its texts still the template's.
  const vision = page.locator('section[aria-labelledby="vision-title"]');
  await vision.getByRole('button', { name: 'Add a card after “Strategic Innovation”' }).click();
  await expect(toastWith(page, 'Card added')).toContainText('Saved as draft');
  // A record's field in place: the testimonial's name waits as the record's draft.
  const name = page.locator('[data-record="testimonials"][data-record-field="name"]', { hasText: 'Ann Weber' });
  await name.click();
  await page.getByRole('textbox', { name: 'Edit testimonial name' }).fill('Ann Weber-Lang');
  await page.getByRole('textbox', { name: 'Edit testimonial name' }).press('Enter');
  await expect(toastWith(page, 'Content Updated').last()).toContainText('Saved as draft — publish it from the Publish panel');

  // A fresh visitor gets the published site.
  const visitor = await browser.newContext({ javaScriptEnabled: false, baseURL: own.site.baseURL });
  const vp = await visitor.newPage();
  await vp.goto('/');
  const seenTitle = vp.getByRole('heading', { level: 1 });
  const seen = vp.locator('main');
  await expect(seenTitle).toHaveText('Transform Your Business with Enterprise AI');
  await expect(seen).toContainText(oldSubtitle);
  await expect(seen).not.toContainText('Drafted subtitle');
  await expect(seen).toContainText('Ann Weber');
  await expect(seen).not.toContainText('Ann Weber-Lang');

  // The editor still sees the drafts after a reload, and publishes one.
  await page.reload();
  await expect(title).toHaveText('Drafted title');
  await expect(page.locator('[data-record="testimonials"][data-record-field="name"]', { hasText: 'Ann Weber' })).toHaveText('Ann Weber-Lang');
  await page.getByRole('region', { name: 'Edit mode' }).getByRole('link', { name: 'Publish' }).click();
  const pending = page.getByRole('list', { name: 'Pending changes' });
  const drafts = pending.locator(':scope > li');
  await expect(drafts).toHaveCount(4);
  await expect(pending).toContainText('Drafted subtitle');
  // The record's draft, field by field.
  const record = drafts.filter({ hasText: 'Testimonial “Ann Weber-Lang”' });
  await expect(record.locator('[data-record-field="name"]')).toContainText('Now: Ann Weber');
  // The card is flagged, and publishing everything asks first, listing why; the title alone goes at once.
  const card = "The new card “New card” on Home is not shown yet: its title and description are still the template's text.";
  const order = drafts.filter({ hasText: 'vision · cards' });
  await expect(order.getByText('Not shown yet', { exact: true })).toBeVisible();
  await expect(order.getByRole('list', { name: 'Warnings' })).toHaveText(card);
  await page.getByRole('button', { name: 'Publish all' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Publish with a warning?' });
  await expect(ask.getByRole('listitem')).toHaveText([card]);
  await ask.getByRole('button', { name: 'Keep reviewing' }).click();
  await expect(drafts).toHaveCount(4);
  await page.getByRole('checkbox', { name: 'Select hero main_title' }).check();
  await page.getByRole('checkbox', { name: 'Select Testimonial “Ann Weber-Lang”' }).check();
  await page.getByRole('button', { name: 'Publish selected (2)' }).click();
  await expect(toastWith(page, 'Published')).toContainText('2 changes are now live on the website.');
  await expect(drafts).toHaveCount(2);

  await vp.reload();
  await expect(seenTitle).toHaveText('Drafted title');
  await expect(seen).toContainText('Ann Weber-Lang');
  await expect(seen).toContainText(oldSubtitle);
  await expect(seen).not.toContainText('Drafted subtitle');

  // The Content tab writes drafts too, and shows the published copy beside one.
  await showTab(page, 'Content');
  await page.getByLabel('Search texts').fill('Our core values');
  const row = page.getByRole('listitem', { name: 'about.values title' });
  await row.getByRole('button', { name: 'Edit about.values title' }).click();
  await row.getByLabel('Text of about.values title').fill('What we stand for');
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(toastWith(page, 'Content Updated').last()).toContainText('Saved as draft — publish it from the Publish panel.');
  await expect(row.getByText('Draft', { exact: true })).toBeVisible();
  await expect(row).toContainText('Published: Our core values');
  await vp.goto('/about-us');
  await expect(vp.locator('main')).toContainText('Our core values');
  await expect(vp.locator('main')).not.toContainText('What we stand for');
  await visitor.close();
  await admin.close();
});

test('in drafts mode a testimonial added and another deleted in the admin wait for the publish, and go live together', async ({ browser }) => {
  test.setTimeout(60_000);
  expect((await own.api.put('/api/admin/publishing-settings', { headers: own.auth, data: { mode: 'drafts' } })).status()).toBe(200);
  const kept = await own.api.post('/api/admin/testimonials', {
    headers: own.auth,
    data: { name: 'Bo Lindqvist', title: 'COO, Halden', content: 'Our forecasts finally hold.', initials: 'BL', isActive: true },
  });
  expect(kept.status()).toBe(201);
  const admin = await browser.newContext({ baseURL: own.site.baseURL });
  const page = await admin.newPage();
  await signIn(page);
  await showTab(page, 'Testimonials');
  const row = (name: string) => page.getByRole('main').getByRole('listitem', { name, exact: true });

  await page.getByRole('button', { name: 'Add Testimonial' }).click();
  const form = page.getByRole('dialog', { name: 'Add Testimonial' });
  await form.getByLabel('Name').fill('Cleo Marsh');
  await form.getByLabel('Title').fill('CDO, Larkmoor');
  await form.getByLabel('Content').fill('They made our data pay for itself.');
  await form.getByLabel('Initials').fill('CM');
  await form.getByRole('button', { name: 'Create Testimonial' }).click();
  await expect(toastWith(page, 'Saved as draft')).toContainText('visitors see it once it is published');
  await expect(row('Cleo Marsh')).toContainText('Draft');

  // Undo of a delete kept as a draft drops the draft; the second delete stays.
  await page.getByRole('button', { name: 'Delete Bo Lindqvist' }).click();
  const deleted = toastWith(page, 'leaves the website once published');
  await expect(row('Bo Lindqvist')).toContainText('Deleted in draft');
  await deleted.getByRole('button', { name: 'Undo' }).click();
  await expect(toastWith(page, 'Undone')).toContainText('Testimonial restored');
  await expect(row('Bo Lindqvist')).not.toContainText('Deleted in draft');
  await page.getByRole('button', { name: 'Delete Bo Lindqvist' }).click();
  await expect(row('Bo Lindqvist')).toContainText('Deleted in draft');

  // Visitors see the site as published: the one, not the other.
  const visitor = await browser.newContext({ baseURL: own.site.baseURL, javaScriptEnabled: false });
  const vp = await visitor.newPage();
  await vp.goto('/');
  await expect(vp.locator('main')).toContainText('Bo Lindqvist');
  await expect(vp.locator('main')).not.toContainText('Cleo Marsh');

  await showTab(page, 'Publish');
  await page.getByRole('checkbox', { name: 'Select New testimonial “Cleo Marsh”' }).check();
  const deletion = page.getByRole('list', { name: 'Pending changes' }).locator(':scope > li').filter({ hasText: 'Deleted testimonial “Bo Lindqvist”' });
  await expect(deletion).toContainText('Deleted from the website when published.');
  await deletion.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Publish selected (2)' }).click();
  await expect(toastWith(page, 'Published')).toContainText('2 changes are now live on the website.');

  await vp.reload();
  await expect(vp.locator('main')).toContainText('Cleo Marsh');
  await expect(vp.locator('main')).not.toContainText('Bo Lindqvist');
  await visitor.close();
  await admin.close();
});
