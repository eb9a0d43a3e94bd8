import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, ADMIN_PASSWORD, showTab, test } from './admin-fixtures';
import { gotoReady } from './page-ready';

const expect = baseExpect.configure({ timeout: 15_000 });

// A real, small PDF: one empty page.
const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

// An application end to end: a visitor applies to a seeded position, first
// with a file that is no CV (refused, the form kept), then with a PDF; a
// recruiter sees it, downloads the same bytes, moves it to Interview and
// adds a note to its timeline; a sales user may not read the applications.
test('a visitor applies with a CV, and a recruiter reads it, moves it on and notes it', async ({ page, playwright, site }) => {
  const api = await playwright.request.newContext({ baseURL: site.baseURL });
  const login = async (username: string, password: string) =>
    ((await (await api.post('/api/admin/login', { data: { username, password } })).json()) as { sessionToken: string }).sessionToken;
  const admin = { Authorization: `Bearer ${await login('admin', ADMIN_PASSWORD)}` };
  const suffix = Date.now();
  for (const [username, role] of [
    [`rita${suffix}`, 'recruiter'],
    [`sam${suffix}`, 'sales'],
  ]) {
    expect((await api.post('/api/admin/users', { headers: admin, data: { username, password: 'a long password 1', role } })).status()).toBe(201);
  }

  // The visitor.
  const email = `ada.${suffix}@example.org`;
  await page.clock.install();
  await page.goto('/careers/data-scientist');
  const form = page.getByRole('form', { name: 'Application' });
  await expect(form.getByRole('button', { name: 'Send application' })).toBeEnabled();
  await form.getByLabel('First Name').fill('Ada');
  await form.getByLabel('Last Name').fill('Lovelace');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Cover note').fill('I would love to.');
  await form.getByRole('checkbox').check();
  // A picture renamed .pdf is refused with its message, and what was typed stays.
  await form.getByLabel(/^CV/).setInputFiles({ name: 'ada-cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from('GIF89a not a CV') });
  await page.clock.fastForward(5_000);
  await form.getByRole('button', { name: 'Send application' }).click();
  await expect(form.getByText('Your CV must be a PDF or Word (DOCX) file.').first()).toBeVisible();
  await expect(form.getByLabel('Email')).toHaveValue(email);
  await expect(form.getByLabel('Cover note')).toHaveValue('I would love to.');
  await expect(form.getByRole('checkbox')).toBeChecked();
  await form.getByLabel(/^CV/).setInputFiles({ name: 'ada-cv.pdf', mimeType: 'application/pdf', buffer: pdf });
  await form.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByRole('status')).toContainText('Thank you for your application');
  await page.clock.resume();

  // The sales user may not read the applications.
  const sales = { Authorization: `Bearer ${await login(`sam${suffix}`, 'a long password 1')}` };
  expect((await api.get('/api/admin/applications', { headers: sales })).status()).toBe(403);

  // The recruiter.
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill(`rita${suffix}`);
  await page.getByLabel('Password').fill('a long password 1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await showTab(page, 'Applications');
  const row = page.getByRole('listitem', { name: 'Ada Lovelace' });
  await expect(row).toContainText(email);
  await expect(row).toContainText('Data Scientist');
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: /Download CV/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('ada-cv.pdf');
  expect(readFileSync((await file.path())!).equals(pdf)).toBe(true);
  await row.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Interview' }).click();
  await expect(row.getByRole('combobox', { name: 'Status' })).toHaveText('Interview');
  // Its timeline holds the change of status; a note added shows first, and stays.
  const note = 'Strong portfolio; invite the team lead to the interview.';
  const timeline = async () => {
    await row.getByRole('button', { name: 'Notes and history' }).click();
    return row.getByRole('region', { name: 'Notes and history of Ada Lovelace' }).getByRole('list', { name: 'Activity, newest first' }).getByRole('listitem');
  };
  let entries = await timeline();
  await expect(entries.first()).toContainText(`rita${suffix}`);
  await expect(entries.first()).toContainText('Changed the status from New to Interview');
  await row.getByLabel('Add note').fill(note);
  await row.getByRole('button', { name: 'Save note' }).click();
  await expect(entries).toHaveCount(2);
  await expect(entries.first()).toContainText(note);
  await page.reload();
  await showTab(page, 'Applications');
  entries = await timeline();
  await expect(entries.first()).toContainText(note);
  const list = (await (await api.get('/api/admin/applications?status=interview', { headers: admin })).json()) as { data: { email: string }[] };
  expect(list.data.map((a) => a.email)).toContain(email);
  await api.dispose();
});

// A position's own page, as a visitor gets it: it hydrates without a console
// problem, its form takes input, and axe finds nothing.
test('a position page hydrates cleanly and passes axe', async ({ page, consoleProblems }) => {
  await gotoReady(page, '/careers/data-scientist');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Application' }).getByRole('button', { name: 'Send application' })).toBeEnabled();
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  expect(consoleProblems).toEqual([]);
});
