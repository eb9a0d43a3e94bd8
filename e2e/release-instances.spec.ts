import { ADMIN_PASSWORD, editTextInPlace, expect, setEditMode, signedInAs, toastWith } from './admin-fixtures';
import { startInstances, test, testDatabaseURL } from './fixtures';

// Two instances of the site on one PostgreSQL database, in approval mode:
// an editor drafts three texts and a case study's title on the first and
// adds a case study, a publisher on the second publishes two of the texts,
// the title and the new study (one transaction, one notification), and
// visitors of either instance see exactly those at once.

test.skip(!testDatabaseURL, 'PostgreSQL tests need TEST_DATABASE_URL');

test('a release of texts and a record published on one instance goes live on both at once, and only what was chosen', async ({ browser, playwright }) => {
  test.setTimeout(90_000);
  const instances = await startInstances(2, { SITE_ADMIN_PASSWORD: ADMIN_PASSWORD });
  const [one, two] = instances.sites;
  try {
    const api = await playwright.request.newContext({ baseURL: one.baseURL });
    const login = await api.post('/api/admin/login', { data: { username: 'admin', password: ADMIN_PASSWORD } });
    const { sessionToken } = (await login.json()) as { sessionToken: string };
    const auth = { Authorization: `Bearer ${sessionToken}` };
    expect((await api.post('/api/admin/users', { headers: auth, data: { username: 'ed', password: 'an editor password', role: 'editor' } })).status()).toBe(201);
    expect((await api.put('/api/admin/publishing-settings', { headers: auth, data: { mode: 'approval' } })).status()).toBe(200);
    await api.dispose();

    // The editor drafts three texts in place on the first instance and asks for review.
    const ed = await signedInAs(browser, one.baseURL, 'ed', 'an editor password');
    await setEditMode(ed);
    await ed.goto('/');
    await expect(ed.getByRole('heading', { level: 1 })).toHaveAttribute('data-editable', 'true');
    await editTextInPlace(ed, 'hero', 'main_title', 'A title kept back');
    await editTextInPlace(ed, 'hero', 'subtitle', 'A subtitle released on both');
    await editTextInPlace(ed, 'footer', 'company_description', 'A description released on both');
    await ed.goto('/case-studies/radiology-triage');
    const studyTitle = ed.getByRole('heading', { level: 1 }).locator('[data-record-field="title"]');
    await studyTitle.click();
    const field = ed.getByRole('textbox', { name: 'Edit case study title' });
    await field.fill('Radiology triage released on both');
    await field.press('Enter');
    await expect(toastWith(ed, 'Saved as draft').last()).toBeVisible();
    // And adds a case study in the admin: it waits, hidden, for the publish.
    await ed.goto('/admin?tab=case-studies');
    await ed.getByRole('button', { name: 'Add Case Study' }).click();
    const form = ed.getByRole('dialog', { name: 'Add Case Study' });
    for (const [label, value] of [
      ['Title', 'Claims triage added on both'],
      ['Client', 'A regional insurer'],
      ['Industry', 'Insurance'],
      ['Summary', 'Claims sorted by urgency the hour they arrive.'],
      ['Challenge', 'Urgent claims waited in the same queue as routine ones.'],
      ['Approach', 'A model reads each claim and ranks it for the adjusters.'],
      ['Results', '60% faster handling of urgent claims'],
    ]) {
      await form.getByRole('textbox', { name: label, exact: true }).fill(value);
    }
    await form.getByRole('button', { name: 'Create Case Study' }).click();
    await expect(toastWith(ed, 'Saved as draft').last()).toContainText('visitors see it once it is published');
    await ed.goto('/admin?tab=publish');
    await ed.getByRole('button', { name: 'Ask for review of all' }).click();
    await expect(toastWith(ed, 'Review asked for')).toContainText('5 changes wait for a publisher');

    // Visitors of both instances see the published site.
    const visitors = await Promise.all(
      [one, two].map(async (s) => (await browser.newContext({ javaScriptEnabled: false, baseURL: s.baseURL })).newPage()),
    );
    for (const v of visitors) {
      await v.goto('/');
      await expect(v.getByRole('heading', { level: 1 })).toHaveText('Transform Your Business with Enterprise AI');
      await expect(v.locator('body')).not.toContainText('released on both');
      await v.goto('/case-studies/radiology-triage');
      await expect(v.getByRole('heading', { level: 1 })).toHaveText('Radiology triage assistant');
      await v.goto('/case-studies');
      await expect(v.locator('main')).not.toContainText('Claims triage');
      // Its address is unknown to visitors until it is published.
      expect((await v.goto('/case-studies/claims-triage-added-on-both'))!.status()).toBe(404);
    }

    // The publisher, on the second instance, finds the five drafts and publishes four.
    const admin = await signedInAs(browser, two.baseURL, 'admin', ADMIN_PASSWORD);
    await admin.goto('/admin?tab=publish');
    const pending = admin.getByRole('list', { name: 'Pending changes' });
    await expect(pending.getByText('In review · asked by ed')).toHaveCount(5);
    await admin.getByRole('checkbox', { name: 'Select hero subtitle' }).check();
    await admin.getByRole('checkbox', { name: 'Select footer company_description' }).check();
    await admin.getByRole('checkbox', { name: 'Select Case study “Radiology triage released on both”' }).check();
    await admin.getByRole('checkbox', { name: 'Select New case study “Claims triage added on both”' }).check();
    await admin.getByRole('button', { name: 'Publish selected (4)' }).click();
    await expect(toastWith(admin, 'Published')).toBeVisible();

    // The first instance serves the release too: its cached pages were
    // dropped on the notification, not after a delay.
    for (const v of visitors) {
      await v.goto('/');
      await expect(v.locator('main')).toContainText('A subtitle released on both');
      await expect(v.locator('footer')).toContainText('A description released on both');
      await expect(v.getByRole('heading', { level: 1 })).toHaveText('Transform Your Business with Enterprise AI');
      await v.goto('/case-studies/radiology-triage');
      await expect(v.getByRole('heading', { level: 1 })).toHaveText('Radiology triage released on both');
      await v.goto('/case-studies');
      await v.getByRole('link', { name: /Claims triage added on both/ }).first().click();
      await expect(v.getByRole('heading', { level: 1 })).toHaveText('Claims triage added on both');
    }
  } finally {
    await instances.stop();
  }
});
