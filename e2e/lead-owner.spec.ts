import { test, type Page } from '@playwright/test';
import { expect as baseExpect, signIn, startOwnSite, stopOwnSite, toastWith, type OwnSite } from './admin-fixtures';
import { queryRows } from './seeded-site';

// A lead's owner and its response clock, as an administrator sets them up
// and a sales user meets them. The file has a site of its own: once a user
// takes leads, every new lead of the site goes to them.

const expect = baseExpect.configure({ timeout: 15_000 });
const SALES_PASSWORD = 'quiet-harbour-42';

let own: OwnSite;

test.beforeAll(async ({ playwright }) => {
  own = await startOwnSite(playwright);
  const res = await own.api.post('/api/admin/users', { headers: own.auth, data: { username: 'sally', password: SALES_PASSWORD, role: 'sales' } });
  expect(res.status(), await res.text()).toBe(201);
});

test.afterAll(async () => {
  await stopOwnSite(own);
});

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
  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByRole('button', { name: 'Change role of sally' }).click();
  const dialog = page.getByRole('dialog', { name: 'Role of sally' });
  await dialog.getByRole('switch', { name: /Takes new leads/ }).click();
  await expect(dialog.getByRole('group', { name: 'Only leads interested in' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('tabpanel').getByRole('listitem', { name: 'sally', exact: true }).getByText('Takes leads')).toBeVisible();

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
  await sally.getByRole('tab', { name: 'Contacts' }).click();
  await pick(sally, 'Filter by owner', 'My leads');
  await pick(sally, 'Sort leads', 'Oldest waiting first');
  await sally.getByRole('switch', { name: 'Overdue only' }).click();
  const list = sally.getByRole('tabpanel').getByRole('list', { name: 'Leads' });
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
  await sally.getByRole('tab', { name: 'Dashboard' }).click();
  const figures = sally.getByRole('region', { name: /First replies/ });
  await expect(figures.getByText('Replied within the promise')).toBeVisible();
  await expect(figures.getByText('0.0%')).toBeVisible();
  await context.close();
  await adminContext.close();
});
