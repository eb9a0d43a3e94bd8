import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, showTab, startOwnSite, stopOwnSite, toastWith, type OwnSite } from './admin-fixtures';

// The Backups card of Settings: an administrator makes a backup of the
// whole site, finds it with its counts, downloads the very archive, deletes
// it, and sets how often the server makes one itself.

const expect = baseExpect.configure({ timeout: 15_000 });

// Its own server: its backups and its one lead are what this file counts.
let own: OwnSite;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright }) => {
  own = await startOwnSite(playwright);
  const lead = await own.api.post('/api/contact', {
    data: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', company: 'Engines' },
  });
  expect(lead.status()).toBe(201);
});

test.afterAll(() => stopOwnSite(own));

async function openBackups(page: Page) {
  await page.goto(`${own.site.baseURL}/admin/login`);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Welcome, admin')).toBeVisible();
  await showTab(page, 'Settings');
  return page.getByRole('region', { name: 'Backups', exact: true });
}

test('an administrator backs up now, downloads the archive and deletes it', async ({ page }) => {
  const card = await openBackups(page);
  await expect(card).toContainText('No backups yet.');

  await card.getByRole('button', { name: 'Back up now' }).click();
  await expect(toastWith(page, 'Backup made')).toBeVisible();
  const rows = card.getByRole('listitem');
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  await expect(row).toContainText('1 lead · ');
  await expect(row).toContainText(' pages · 0 media items');

  // The archive the row names, as the server lists it.
  const list = (await (await own.api.get('/api/admin/backups', { headers: own.auth })).json()) as { data: { name: string; size: number }[] };
  expect(list.data).toHaveLength(1);
  const { name, size } = list.data[0];
  expect(name).toMatch(/^site-\d{8}-\d{6}\.tar\.gz$/);
  await expect(row).toContainText(name);

  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: `Download ${name}` }).click()]);
  expect(download.suggestedFilename()).toBe(name);
  const saved = await download.path();
  expect(statSync(saved).size).toBe(size);
  const onServer = join(own.site.dataDir, 'backups', name);
  expect(readFileSync(saved).equals(readFileSync(onServer))).toBe(true);

  await row.getByRole('button', { name: `Delete ${name}` }).click();
  const question = page.getByRole('alertdialog', { name: /^Delete the backup of / });
  await expect(question).toContainText(`${name} is deleted from the server for good.`);
  await question.getByRole('button', { name: 'Delete' }).click();
  await expect(toastWith(page, 'Backup deleted')).toBeVisible();
  await expect(card).toContainText('No backups yet.');
  expect(() => statSync(onServer)).toThrow();

  const audit = (await (await own.api.get('/api/admin/audit-log', { headers: own.auth })).json()) as { data: { action: string; target: string }[] };
  const actions = audit.data.filter((e) => e.target === `backups/${name}`).map((e) => e.action);
  expect(actions.sort()).toEqual(['backup-create', 'backup-delete', 'backup-download']);
});

test('the schedule is checked, saved and kept', async ({ page }) => {
  const card = await openBackups(page);
  const every = card.getByLabel('Back up every (hours)');
  const keep = card.getByLabel('Keep the newest');
  await expect(every).toHaveValue('0');
  await expect(keep).toHaveValue('7');
  // The schedule's own status line (the list below has one while it loads).
  const schedule = card.locator('#backup-schedule-status');
  await expect(schedule).toContainText('Scheduled backups are off.');

  await every.fill('200');
  await card.getByRole('button', { name: 'Save Schedule' }).click();
  await expect(card).toContainText('Back up every 0 to 168 hours, as a whole number; 0 turns the schedule off.');
  await expect(every).toBeFocused();

  await every.fill('12');
  await keep.fill('5');
  await card.getByRole('button', { name: 'Save Schedule' }).click();
  await expect(toastWith(page, 'Schedule saved')).toBeVisible();
  await expect(schedule).toContainText('Next scheduled backup:');

  await page.reload();
  await showTab(page, 'Settings');
  await expect(card.getByLabel('Back up every (hours)')).toHaveValue('12');
  await expect(card.getByLabel('Keep the newest')).toHaveValue('5');
});
