import { test, type Page } from '@playwright/test';
import { expect as baseExpect, showTab, signIn, startOwnSite, stopOwnSite, toastWith, type OwnSite } from './admin-fixtures';
import { queryRows } from './seeded-site';
import { startSMTPReceiver, type SMTPReceiver } from './smtp-receiver';

// A lead's owner and its response clock, as an administrator sets them up
// and a sales user meets them. The file has a site of its own: once a user
// takes leads, every new lead of the site goes to them.

const expect = baseExpect.configure({ timeout: 15_000 });
const SALES_PASSWORD = 'quiet-harbour-42';

let own: OwnSite;
let mailbox: SMTPReceiver;

test.beforeAll(async ({ playwright }) => {
  own = await startOwnSite(playwright);
  mailbox = await startSMTPReceiver();
  const res = await own.api.post('/api/admin/users', { headers: own.auth, data: { username: 'sally', password: SALES_PASSWORD, role: 'sales' } });
  expect(res.status(), await res.text()).toBe(201);
});

test.afterAll(async () => {
  await stopOwnSite(own);
  await mailbox.close();
});

/** The mails received for an address, as their raw text with soft line breaks joined. */
function mailsTo(address: string): string[] {
  return mailbox.mails.filter((m) => m.to.includes(address)).map((m) => m.data.replace(/=\r?\n/g, ''));
}

async function signInAs(page: Page, username: string, password: string) {
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText(`Welcome, ${username}`)).toBeVisible();
}

async function pick(page: Page, combobox: string, option: string) {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a sales user who takes leads owns the next lead, sees it overdue once its time is up, and answers it', async ({ browser }) => {
  // The administrator lets Sally take leads.
  const adminContext = await browser.newContext({ baseURL: own.site.baseURL });
  const page = await adminContext.newPage();
  await signIn(page);
  await showTab(page, 'Users');
  await page.getByRole('button', { name: 'Change role of sally' }).click();
  const dialog = page.getByRole('dialog', { name: 'Role of sally' });
  await dialog.getByRole('switch', { name: /Takes new leads/ }).click();
  await expect(dialog.getByRole('group', { name: 'Only leads interested in' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('main').getByRole('listitem', { name: 'sally', exact: true }).getByText('Takes leads')).toBeVisible();

  // A visitor asks for a consultation: the lead is Sally's, due in 24 hours.
  const sent = await page.request.post('/api/contact', {
    data: { firstName: 'Olga', lastName: 'Overdue', email: 'olga@clock.example', company: 'Clockwork', aiSolutionInterest: 'nlp', fillMs: 9000 },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const [row] = queryRows<{ id: number; owner: string; hours: number }>(
    own.site.dataDir,
    `SELECT c.id, u.username AS owner, round((julianday(c.due_at) - julianday(c.created_at)) * 24) AS hours
       FROM contact_submissions c JOIN users u ON u.id = c.owner_id WHERE c.email = 'olga@clock.example'`,
  );
  expect(row).toMatchObject({ owner: 'sally', hours: 24 });

  // 31 hours pass: the lead arrived 31 hours ago and was due 7 hours ago.
  queryRows(
    own.site.dataDir,
    `UPDATE contact_submissions SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-31 hours'),
       due_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-7 hours') WHERE id = ${row.id}`,
  );

  // Sally sees it among her leads, flagged overdue, and first when the oldest waiting come first.
  const context = await browser.newContext({ baseURL: own.site.baseURL });
  const sally = await context.newPage();
  await signInAs(sally, 'sally', SALES_PASSWORD);
  await showTab(sally, 'Contacts');
  await pick(sally, 'Filter by owner', 'My leads');
  await pick(sally, 'Sort leads', 'Oldest waiting first');
  await sally.getByRole('switch', { name: 'Overdue only' }).click();
  const list = sally.getByRole('main').getByRole('list', { name: 'Leads' });
  const lead = list.getByRole('listitem', { name: 'Olga Overdue' });
  await expect(lead).toBeVisible();
  await expect(lead.getByText('Owner: sally')).toBeVisible();
  await expect(lead.getByText(/^Overdue 7 h$/)).toBeVisible();

  // She opens it, sees why, and answers: the lead is no longer overdue.
  await lead.getByRole('button', { name: 'Olga Overdue' }).click();
  const detail = sally.getByRole('dialog', { name: 'Olga Overdue' });
  await expect(detail.getByText(/First reply overdue by 7 h/)).toBeVisible();
  await expect(detail.getByRole('combobox', { name: 'Owner' })).toHaveText(/sally/);
  await detail.getByRole('combobox', { name: 'Status' }).click();
  await sally.getByRole('option', { name: 'Contacted', exact: true }).click();
  await expect(toastWith(sally, 'Status set to Contacted')).toBeVisible();
  await expect(detail.getByText(/First reply .*, 31 h after it arrived \(late\)\./)).toBeVisible();
  await sally.keyboard.press('Escape');
  await expect(list.getByRole('listitem')).toHaveCount(0);
  await sally.getByRole('switch', { name: 'Overdue only' }).click();
  await expect(list.getByRole('listitem', { name: 'Olga Overdue' }).getByText('Answered in 31 h')).toBeVisible();

  // The dashboard counts the late answer.
  await showTab(sally, 'Dashboard');
  const figures = sally.getByRole('region', { name: /First replies/ });
  await expect(figures.getByText('Replied within the promise')).toBeVisible();
  await expect(figures.getByText('0.0%')).toBeVisible();
  await context.close();
  await adminContext.close();
});

test('a sales user verifies her address, then hears of her new lead and is reminded of it at half its time', async ({ browser }) => {
  // The site sends through a mail server on loopback, set from the admin's API.
  const set = await own.api.put('/api/admin/mail-settings', {
    headers: own.auth,
    data: { host: '127.0.0.1', port: mailbox.port, from: 'site@example.com', tls: 'none', force: true },
  });
  expect(set.status(), await set.text()).toBe(200);
  // Sally takes leads (the test before sets it in the Users tab).
  const users = (await (await own.api.get('/api/admin/users', { headers: own.auth })).json()) as { data: { id: number; username: string }[] };
  const id = users.data.find((u) => u.username === 'sally')!.id;
  const takes = await own.api.put(`/api/admin/users/${id}`, { headers: own.auth, data: { role: 'sales', status: 'active', takesLeads: true } });
  expect(takes.status(), await takes.text()).toBe(200);

  const context = await browser.newContext({ baseURL: own.site.baseURL });
  const sally = await context.newPage();
  await signInAs(sally, 'sally', SALES_PASSWORD);
  await showTab(sally, 'Account');
  const card = sally.getByRole('region', { name: 'E-mail address' });
  await card.getByLabel('Your e-mail address').fill('sally@sales.example');
  await card.getByRole('button', { name: 'Save and send link' }).click();
  await expect(card.getByText('Waiting for its link')).toBeVisible();
  await expect.poll(() => mailsTo('sally@sales.example').length).toBe(1);
  const link = /https?:\/\/\S+\/admin\/verify-email#[\w-]+/.exec(mailsTo('sally@sales.example')[0])?.[0];
  expect(link).toBeTruthy();
  await sally.goto(link!);
  await expect(sally.getByRole('status')).toHaveText('sally@sales.example is verified. E-mail about your leads goes there from now on.');

  // A new lead is Sally's: she is mailed at once, with a reminder due at half its 24 hours.
  const sent = await sally.request.post('/api/contact', {
    data: { firstName: 'Rita', lastName: 'Reminder', email: 'rita@clock.example', company: 'Nudge', aiSolutionInterest: 'nlp', fillMs: 9000 },
  });
  expect(sent.status()).toBe(201);
  await expect.poll(() => mailsTo('sally@sales.example').filter((m) => m.includes('Subject: New lead for you: Rita Reminder, Nudge')).length, { timeout: 20_000 }).toBe(1);
  const [reminder] = queryRows<{ id: number; hours: number }>(
    own.site.dataDir,
    `SELECT d.id, round((julianday(d.next_attempt_at) - julianday(c.created_at)) * 24) AS hours FROM lead_deliveries d
       JOIN contact_submissions c ON c.id = d.lead_id WHERE c.email = 'rita@clock.example' AND d.kind = 'reminder'`,
  );
  expect(reminder.hours).toBe(12);

  // Twelve hours pass: the reminder is due now, and arrives once.
  queryRows(own.site.dataDir, `UPDATE lead_deliveries SET next_attempt_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ${reminder.id}`);
  await expect.poll(() => mailsTo('sally@sales.example').filter((m) => m.includes('Subject: Reminder: Rita Reminder, Nudge waits for your reply')).length, { timeout: 20_000 }).toBe(1);
  await context.close();
});

test('a sales user sets her booking hours: overlapping hours are refused, a second range and a day off are saved', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: own.site.baseURL });
  const sally = await context.newPage();
  await signInAs(sally, 'sally', SALES_PASSWORD);
  await showTab(sally, 'Account');
  const card = sally.getByRole('region', { name: 'Booking hours' });
  await expect(card.getByLabel('Monday, range 1, from')).toHaveValue('09:00');
  await expect(card.getByText('No meetings')).toHaveCount(2); // Saturday and Sunday

  await card.getByRole('button', { name: 'Add hours on Tuesday' }).click();
  await card.getByLabel('Tuesday, range 2, from').fill('12:00');
  await card.getByLabel('Tuesday, range 2, until').fill('18:00');
  await expect(card.getByText('The working hours of Tuesday overlap: 09:00–17:00 and 12:00–18:00.')).toBeVisible();
  await card.getByLabel('Tuesday, range 1, until').fill('11:30');
  await expect(card.getByText(/Tuesday overlap/)).toHaveCount(0);
  await card.getByLabel('Time zone').fill('Europe/Berlin');
  await card.getByLabel('Days off').fill('2026-12-24');
  await card.getByRole('button', { name: 'Add day off' }).click();
  await card.getByRole('button', { name: 'Save booking hours' }).click();
  await expect(toastWith(sally, 'Booking hours saved')).toBeVisible();

  const saved = (await (await sally.request.get('/api/admin/account/availability', {
    headers: { Authorization: `Bearer ${await sally.evaluate(() => localStorage.getItem('adminToken'))}` },
  })).json()) as { data: { timeZone: string; weekly: { weekday: number; start: string; end: string }[]; daysOff: string[] } };
  expect(saved.data.timeZone).toBe('Europe/Berlin');
  expect(saved.data.weekly.filter((r) => r.weekday === 2)).toEqual([
    { weekday: 2, start: '09:00', end: '11:30' },
    { weekday: 2, start: '12:00', end: '18:00' },
  ]);
  expect(saved.data.daysOff).toEqual(['2026-12-24']);
  await context.close();
});
