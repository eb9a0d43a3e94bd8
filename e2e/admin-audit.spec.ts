import { readFileSync } from 'node:fs';
import { adminAPI, expect, sectionLink, showTab, signIn, test, toastWith } from './admin-fixtures';

// The audit log: a failed sign-in, a sign-in and a change of the content
// show in the Audit log tab with who, when and from where; the filters
// narrow it, and Download CSV saves what the filters select. Other roles
// get 403 from its API.

test('the audit log shows sign-ins, a failed sign-in and a content change, filters them and downloads them as CSV', async ({ page }) => {
  // A failed sign-in, with the e-mail tried.
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill('mallory@example.com');
  await page.getByLabel('Password').fill('guessing-again');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid username or password.').first()).toBeVisible();

  await signIn(page);
  const api = await adminAPI(page);
  const link = await api.create('menu-items', { title: 'Audited link', url: '/audited' });

  await showTab(page, 'Audit log');
  const entries = page.getByRole('list', { name: 'Audit log entries' }).getByRole('listitem');
  const failed = entries.filter({ hasText: 'mallory@example.com' });
  await expect(failed).toContainText('Sign-in failed');
  await expect(failed).toContainText('No account · 127.0.0.1');
  await expect(failed).toContainText('wrong username or password');
  await expect(entries.filter({ hasText: 'Signed in' }).first()).toContainText('admin');
  const created = entries.filter({ hasText: `menu-items/${link.id}` });
  await expect(created).toContainText('Created');
  await expect(created).toContainText('admin');

  // Only the failed sign-ins.
  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'Sign-in failed' }).click();
  await expect(entries.filter({ hasText: 'Signed in' })).toHaveCount(0);
  await expect(failed).toBeVisible();
  const count = await entries.count();
  await expect(entries.filter({ hasText: 'Sign-in failed' })).toHaveCount(count);

  // A user and a day with nothing of theirs.
  await page.getByRole('searchbox', { name: 'User' }).fill('MALLORY@example.com');
  await expect(entries).toHaveCount(1);
  await page.getByLabel('From (UTC)').fill('2001-01-01');
  await page.getByLabel('To (UTC)').fill('2001-01-02');
  await expect(page.getByText('No entries match these filters.')).toBeVisible();
  await page.getByLabel('From (UTC)').fill('');
  await page.getByLabel('To (UTC)').fill('');
  await expect(entries).toHaveCount(1);

  // The CSV holds what the filters select, fetched with the token in a header.
  const request = page.waitForRequest((r) => r.url().includes('/api/admin/audit-log') && r.url().includes('format=csv'));
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const req = await request;
  expect(new URL(req.url()).searchParams.get('action')).toBe('sign-in-failed');
  expect(req.url()).not.toContain(api.token);
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync((await file.path())!, 'utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
  expect(lines[0]).toBe('id,at,userId,username,address,action,target,detail');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(',,mallory@example.com,127.0.0.1,sign-in-failed,,wrong username or password');
  await expect(toastWith(page, 'Exported audit-log-')).toBeVisible();
});

test('editors and sales get 403 from the audit log and have no tab for it', async ({ page }) => {
  await signIn(page);
  const api = await adminAPI(page);
  const headers = { Authorization: `Bearer ${api.token}` };
  for (const role of ['editor', 'sales']) {
    const username = `audit-${role}`;
    const made = await page.request.post('/api/admin/users', { headers, data: { username, password: 'a long password', role } });
    expect(made.status()).toBe(201);
    const login = await page.request.post('/api/admin/login', { data: { username, password: 'a long password' } });
    const token = ((await login.json()) as { sessionToken: string }).sessionToken;
    const res = await page.request.get('/api/admin/audit-log', { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(403);
    expect(((await res.json()) as { message: string }).message).toBe('This action needs administrator rights.');
  }
  // Signed in as sales in this page: no Audit log tab.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill('audit-sales');
  await page.getByLabel('Password').fill('a long password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Welcome, audit-sales')).toBeVisible();
  await expect(sectionLink(page, 'Contacts')).toBeVisible();
  await expect(sectionLink(page, 'Audit log')).toHaveCount(0);
});
