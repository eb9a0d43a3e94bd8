import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect as baseExpect, sectionLink, showTab, signIn, storedSession, test, toastWith } from './admin-fixtures';
import { queryRows } from './seeded-site';

// The machine running the tests may be busy; wait longer than the default.
const expect = baseExpect.configure({ timeout: 15_000 });

// Tests share their worker's site, so each one works on leads of its own
// company and finds them with the search box.

/** Writes leads of one company straight into the site's database, oldest first, as the store writes them. */
function seedLeads(dataDir: string, company: string, count: number, status: (i: number) => string = () => 'new') {
  const domain = `${company.toLowerCase().replace(/\W/g, '')}.example`;
  const rows = Array.from({ length: count }, (_, k) => {
    const i = k + 1;
    const last = String(i).padStart(2, '0');
    const email = `lead${i}@${domain}`;
    return `INSERT INTO contact_submissions (first_name, last_name, email, company, ai_solution_interest, status, search_text, created_at, updated_at)
      VALUES ('Lead', '${last}', '${email}', '${company}', '${i % 4 === 0 ? 'nlp' : 'machine-learning'}', '${status(i)}',
        lower('Lead' || char(10) || '${last}' || char(10) || '${email}' || char(10) || '${company}'),
        strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-${count - i} minutes'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));`;
  });
  queryRows(dataDir, rows.join('\n'));
}

async function openContacts(page: Page) {
  await signIn(page);
  await showTab(page, 'Contacts');
}

/** Types into the search box and waits for the list of that search (the box waits for typing to pause). */
async function search(page: Page, text: string) {
  const loaded = page.waitForResponse(
    (r) => r.url().includes('/api/admin/contact-submissions?') && new URL(r.url()).searchParams.get('q') === text.trim(),
  );
  await page.getByRole('searchbox', { name: 'Search leads' }).fill(text);
  await loaded;
}

function leadList(page: Page) {
  return page.getByRole('main').getByRole('list', { name: /^(Leads|Spam)$/ });
}

async function pick(page: Page, combobox: string, option: string) {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

function axeViolations(page: Page) {
  return new AxeBuilder({ page })
    .analyze()
    .then((r) => r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`));
}

test('search, filters and pages of the inbox, newest first', async ({ page, site }) => {
  seedLeads(site.dataDir, 'Paging Corp', 30, (i) => (i % 10 === 0 ? 'won' : 'new'));
  await openContacts(page);
  await search(page, 'paging corp');
  const list = leadList(page);
  await expect(page.getByText('Showing 1–25 of 30')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(25);
  await expect(list.getByRole('listitem').first()).toHaveAccessibleName('Lead 30');
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Showing 26–30 of 30')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(5);
  await expect(list.getByRole('listitem').last()).toHaveAccessibleName('Lead 01');
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();

  // A filter starts again from the first page.
  await pick(page, 'Filter by status', 'Won');
  await expect(page.getByText('Showing 1–3 of 3')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveText([/Lead 30/, /Lead 20/, /Lead 10/]);
  await pick(page, 'Filter by interest', 'Natural Language Processing');
  await expect(page.getByText('Showing 1–1 of 1')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveText([/Lead 20/]);
  await pick(page, 'Filter by status', 'All statuses');
  await expect(page.getByText('Showing 1–7 of 7')).toBeVisible();

  await search(page, 'lead7@pagingcorp');
  await expect(page.getByText('No leads match this search and these filters.')).toBeVisible();
  await pick(page, 'Filter by interest', 'All interests');
  await expect(list.getByRole('listitem')).toHaveText([/Lead 07/]);
});

test('status and a note are saved and still there after a reload; a failed save keeps the note', async ({ page, site }) => {
  seedLeads(site.dataDir, 'Persist Corp', 1);
  await openContacts(page);
  await search(page, 'Persist Corp');
  await expect(page.getByText('Showing 1–1 of 1')).toBeVisible();
  await page.getByRole('button', { name: 'Lead 01' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lead 01' });
  await expect(dialog.getByRole('combobox', { name: 'Status' })).toHaveText('New');
  await dialog.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Qualified' }).click();
  await expect(toastWith(page, 'Status set to Qualified')).toBeVisible();

  // The first save meets a dead network: the text stays and the reason shows.
  let posts = 0;
  await page.route('**/api/admin/contact-submissions/*/activity', (route) =>
    route.request().method() === 'POST' && ++posts === 1 ? route.abort('internetdisconnected') : route.fallback(),
  );
  const note = dialog.getByLabel('Add note');
  await note.fill('Called Tuesday. Budget approved for Q1.');
  await dialog.getByRole('button', { name: 'Save note' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Not saved: the server could not be reached. Your text is still here');
  await expect(note).toHaveValue('Called Tuesday. Budget approved for Q1.');
  await dialog.getByRole('button', { name: 'Save note' }).click();
  await expect(toastWith(page, 'Note saved')).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expect(note).toHaveValue('');
  const timeline = dialog.getByRole('list', { name: 'Activity, newest first' });
  await expect(timeline.getByRole('listitem').first()).toContainText('Called Tuesday. Budget approved for Q1.');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  // The focus goes back to the lead it came from.
  await expect(page.getByRole('button', { name: 'Lead 01' })).toBeFocused();
  await expect(leadList(page).getByRole('listitem', { name: 'Lead 01' })).toContainText('Qualified');

  await page.reload();
  await showTab(page, 'Contacts');
  await search(page, 'Persist Corp');
  await expect(page.getByText('Showing 1–1 of 1')).toBeVisible();
  await page.getByRole('button', { name: 'Lead 01' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Status' })).toHaveText('Qualified');
  await expect(timeline.getByRole('listitem')).toHaveText([/Called Tuesday\. Budget approved for Q1\./, /Changed the status from New to Qualified/]);
});

test('a lead caught as spam waits in Spam, and Not spam moves it to the inbox', async ({ page }) => {
  const res = await page.request.post('/api/contact', {
    data: { firstName: 'Bot', lastName: 'Filler', email: 'bot@spammy.example', company: 'Spammy Co', jobTitle: '', aiSolutionInterest: '', projectDetails: '', website: 'https://spam.example', fillMs: 200 },
  });
  expect(res.status()).toBe(201);
  await openContacts(page);
  await search(page, 'Spammy Co');
  await expect(page.getByText('No leads match this search and these filters.')).toBeVisible();
  await page.getByRole('button', { name: /^Spam/ }).click();
  await expect(page.getByRole('button', { name: /^Spam/ })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Bot Filler' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bot Filler' });
  await expect(dialog).toContainText('Held as spam.');
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Not spam' }).click();
  await expect(toastWith(page, 'Moved to the inbox')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Mark as spam' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText('No leads match this search and these filters.')).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search leads' })).toBeFocused();
  await page.getByRole('button', { name: /^Inbox/ }).click();
  await expect(leadList(page).getByRole('listitem', { name: 'Bot Filler' })).toBeVisible();

  await page.getByRole('button', { name: 'Bot Filler' }).click();
  await dialog.getByRole('button', { name: 'Mark as spam' }).click();
  await expect(toastWith(page, 'Moved to Spam')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText('No leads match this search and these filters.')).toBeVisible();
});

test('Export CSV downloads the leads of the current filter, with the token in a header only', async ({ page, site }) => {
  seedLeads(site.dataDir, 'Export Corp', 3);
  await openContacts(page);
  await search(page, 'Export Corp');
  await expect(page.getByText('Showing 1–3 of 3')).toBeVisible();
  const exportRequest = page.waitForRequest((r) => r.url().includes('/export.csv'));
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const req = await exportRequest;
  const { token } = await storedSession(page);
  expect(req.url()).not.toContain(token!);
  expect(new URL(req.url()).searchParams.get('q')).toBe('Export Corp');
  expect(await req.headerValue('authorization')).toBe(`Bearer ${token}`);
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync((await file.path())!, 'utf8').replace(/^\uFEFF/, '');
  const lines = text.trim().split(/\r?\n/);
  expect(lines[0]).toBe(
    'ID,Created,First name,Last name,Email,Company,Job title,Interest,Details,Status,Notes,Page,Referrer,UTM source,UTM medium,UTM campaign,UTM term,UTM content,Spam,Landing page,Pages read,Owner,Response due,First response,Job title label,Interest label',
  );
  expect(lines).toHaveLength(4);
  expect(lines.slice(1).every((l) => l.includes('Export Corp'))).toBe(true);
  await expect(toastWith(page, 'Exported leads-')).toBeVisible();
});

test('the dashboard charts leads per week, splits them by interest and its checklist warns of failing notifications', async ({ page, site }) => {
  seedLeads(site.dataDir, 'Delivery Corp', 1);
  queryRows(
    site.dataDir,
    `INSERT INTO lead_deliveries (lead_id, channel, target, status, attempts, last_error, last_attempt_at, created_at)
     SELECT id, 'webhook', 'https://hooks.example.com/leads', 'failed', 8, 'connect: connection refused', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
     FROM contact_submissions WHERE company = 'Delivery Corp';`,
  );
  await signIn(page);
  const panel = page.getByRole('main');
  await expect(panel.getByRole('img', { name: /^Leads per week\. \d+ leads? in the last 12 weeks/ })).toBeVisible();
  const table = panel.getByRole('table', { name: 'Leads per week, oldest first' });
  await expect(table.getByRole('row')).toHaveCount(13);
  await expect(panel.getByRole('list', { name: 'Leads by interest' })).toContainText('Machine Learning');
  const failing = panel.getByRole('list', { name: 'Site checks' }).getByRole('listitem').filter({ hasText: /notifications? (is|are) failing/ });
  await expect(failing).toContainText('Last error: connect: connection refused');
  expect(await axeViolations(page)).toEqual([]);

  await failing.getByRole('button', { name: 'Fix this' }).click();
  await expect(sectionLink(page, 'Contacts')).toHaveAttribute('aria-current', 'page');
  await expect(sectionLink(page, 'Contacts')).toBeFocused();
  await search(page, 'Delivery Corp');
  await expect(page.getByText('Showing 1–1 of 1')).toBeVisible();
  await page.getByRole('button', { name: 'Lead 01' }).click();
  const deliveries = page.getByRole('dialog').getByRole('list', { name: 'Deliveries' });
  await expect(deliveries).toContainText('https://hooks.example.com/leads');
  await expect(deliveries).toContainText('Failed');
  await expect(deliveries).toContainText('Last error: connect: connection refused');
  // Nothing is configured to notify: the server says so.
  await page.getByRole('dialog').getByRole('button', { name: 'Resend' }).click();
  await expect(toastWith(page, 'No notification is configured: add notification e-mails or a webhook URL')).toBeVisible();
});

test('lead notification settings are checked, saved and loaded again', async ({ page }) => {
  await signIn(page);
  await showTab(page, 'Settings');
  const card = page.getByRole('region', { name: 'Lead notifications' });
  await expect(card).toContainText('Email is not set up (no mail server)');
  await card.getByLabel('Notification emails').fill('sales@example.com, nobody');
  await card.getByLabel('Keep leads for (months)').fill('200');
  await card.getByRole('button', { name: 'Save Notification Settings' }).click();
  await expect(card.getByText('Not an email address: nobody')).toBeVisible();
  await expect(card.getByText('A whole number from 0 to 120')).toBeVisible();
  await expect(card.getByLabel('Notification emails')).toHaveAttribute('aria-invalid', 'true');

  await card.getByLabel('Notification emails').fill('sales@example.com, ops@example.com\nsales@example.com');
  await card.getByLabel('Webhook URL').fill('https://hooks.example.com/meridian');
  await card.getByLabel('Webhook secret').fill('');
  await card.getByLabel('Keep leads for (months)').fill('12');
  await card.getByRole('button', { name: 'Save Notification Settings' }).click();
  await expect(toastWith(page, 'Lead notification settings saved')).toBeVisible();
  // The server made a secret for the webhook.
  await expect(card.getByLabel('Webhook secret')).not.toHaveValue('');
  const secret = await card.getByLabel('Webhook secret').inputValue();
  expect(await axeViolations(page)).toEqual([]);

  await page.reload();
  await showTab(page, 'Settings');
  await expect(card.getByLabel('Notification emails')).toHaveValue('sales@example.com\nops@example.com');
  await expect(card.getByLabel('Webhook URL')).toHaveValue('https://hooks.example.com/meridian');
  await expect(card.getByLabel('Webhook secret')).toHaveValue(secret);
  await expect(card.getByLabel('Keep leads for (months)')).toHaveValue('12');

  // Leave the worker's site as it was: no notifications.
  await card.getByLabel('Notification emails').fill('');
  await card.getByLabel('Webhook URL').fill('');
  await card.getByLabel('Keep leads for (months)').fill('0');
  await card.getByRole('button', { name: 'Save Notification Settings' }).click();
  await expect(toastWith(page, 'Lead notification settings saved')).toBeVisible();
});
