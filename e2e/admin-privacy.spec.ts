import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect as baseExpect, showTab, signIn, test, toastWith } from './admin-fixtures';

const expect = baseExpect.configure({ timeout: 15_000 });

// A privacy request end to end: a visitor sends a lead with consent; an
// administrator finds it by the e-mail address, exports it as JSON and
// erases it; afterwards the address is nowhere in the SQLite database file
// or its write-ahead log, and the audit log keeps the requests without it.

test('a lead with consent is found by e-mail, exported, erased, and leaves no trace in the database files', async ({ page, site }) => {
  const email = `privacy.person.${Date.now()}@example.org`;
  const wording = 'I agree that my details are used to answer this request, as set out in the privacy policy';

  // The visitor.
  await page.clock.install();
  await page.goto('/ai-journey');
  await expect(page.getByRole('button', { name: 'Book a free consultation' })).toBeEnabled();
  await page.getByLabel('First Name').fill('Pia');
  await page.getByLabel('Last Name').fill('Vacy');
  await page.getByLabel('Business Email').fill(email);
  await page.getByLabel('Company Name').fill('Forget Me Ltd');
  await page.getByLabel('Project Details').fill(`Write to me at ${email} only.`);
  await page.getByRole('checkbox', { name: wording }).check();
  await page.clock.fastForward(5_000);
  await page.getByRole('button', { name: 'Book a free consultation' }).click();
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  await page.clock.resume();
  // The check at the end can fail: the address is in the files now.
  expect(filesHolding(site.dataDir, email).length).toBeGreaterThan(0);

  // The administrator finds it.
  await signIn(page);
  await showTab(page, 'Privacy');
  await page.getByLabel('E-mail address').fill('not-an-address');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Enter a valid e-mail address, like name@company.com.')).toBeVisible();
  await page.getByLabel('E-mail address').fill(email.toUpperCase());
  await page.getByRole('button', { name: 'Search' }).click();
  const held = page.getByRole('region', { name: `Held about ${email}` });
  await expect(held.getByRole('status')).toHaveText('Held: 1 lead, 0 audit entries and 0 failed sign-ins.');
  await expect(held.getByRole('list', { name: 'Leads' })).toContainText('Pia Vacy');
  await expect(held.getByRole('list', { name: 'Leads' })).toContainText('Consent');

  // Exported as JSON, with the lead and the consent as shown.
  const download = page.waitForEvent('download');
  await held.getByRole('button', { name: 'Export JSON' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^personal-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(readFileSync((await file.path())!, 'utf8')) as {
    email: string;
    leads: { email: string; company: string; projectDetails: string; consentText: string; consentVersion: string }[];
    auditEntries: { action: string }[];
  };
  expect(data.email).toBe(email);
  expect(data.leads).toHaveLength(1);
  expect(data.leads[0]).toMatchObject({ email, company: 'Forget Me Ltd', consentText: wording });
  expect(data.leads[0].consentVersion).toMatch(/^[0-9a-f]{16}$/);
  expect(data.auditEntries.map((e) => e.action)).toEqual(['privacy-search']);
  await expect(toastWith(page, 'Exported personal-data-')).toBeVisible();

  // Erased, after a question.
  await held.getByRole('button', { name: 'Erase' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Erase everything held about ${email}?` });
  await confirm.getByRole('button', { name: 'Keep it' }).click();
  await expect(held.getByRole('status')).toContainText('Held: 1 lead');
  await held.getByRole('button', { name: 'Erase' }).click();
  await confirm.getByRole('button', { name: 'Erase' }).click();
  // The search and the export were entries about the address: blanked.
  await expect(toastWith(page, `1 lead and 2 audit entries of ${email}`)).toBeVisible();
  await expect(held.getByRole('status')).toHaveText('Nothing is held about this address (any more).');

  // The audit log shows the requests, without the address.
  await showTab(page, 'Audit log');
  const entries = page.getByRole('list', { name: 'Audit log entries' }).getByRole('listitem');
  await expect(entries.filter({ hasText: 'Personal data erased' }).first()).toContainText('leads: 1, notifications: 0, audit entries: 2, sign-in attempts: 0');
  await expect(entries.filter({ hasText: 'Personal data exported' })).toHaveCount(1);
  await expect(page.getByRole('main')).not.toContainText(email);

  // Nothing of the address in the database file or its log, in any case.
  expect(filesHolding(site.dataDir, email)).toEqual([]);
});

/** The database's files that hold the address, in any case of its letters. */
function filesHolding(dataDir: string, email: string): string[] {
  const needle = Buffer.from(email.toLowerCase());
  return ['site.db', 'site.db-wal'].filter((name) => {
    try {
      return Buffer.from(readFileSync(join(dataDir, name)).toString('latin1').toLowerCase(), 'latin1').includes(needle);
    } catch {
      return false;
    }
  });
}

test('a lead sent by an API client without consent keeps working and says so in its details', async ({ page }) => {
  const res = await page.request.post('/api/contact', {
    data: { firstName: 'Api', lastName: 'Client', email: `api.client.${Date.now()}@example.org`, company: 'Scripted Inc', jobTitle: '', aiSolutionInterest: '', projectDetails: '' },
  });
  expect(res.status()).toBe(201);
  await signIn(page);
  await showTab(page, 'Contacts');
  await page.getByRole('button', { name: 'Api Client' }).click();
  const details = page.getByRole('dialog', { name: 'Api Client' });
  await expect(details.getByRole('region', { name: 'Consent' })).toContainText('No consent wording recorded');
});
