import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect as baseExpect, test } from './fixtures';
import { queryRows } from './seeded-site';

// The machine running the tests may be busy; wait longer than the default.
const expect = baseExpect.configure({ timeout: 15_000 });

const jobTitles = ['', 'ceo', 'cto', 'product', 'marketing', 'operations', 'other'];
const landingInterests = ['', 'machine-learning', 'deep-learning', 'nlp', 'computer-vision', 'predictive-analytics', 'ai-automation', 'consulting'];
const journeyInterests = [
  '', 'predictive-analytics', 'process-automation', 'customer-intelligence', 'document-processing',
  'machine-learning', 'nlp', 'computer-vision', 'consulting',
];

const forms = [
  { path: '/', section: '#contact', title: 'Start Your AI Journey', submit: 'Book a free consultation', interests: landingInterests },
  { path: '/ai-journey', section: '#contact', title: 'Request your free consultation', submit: 'Book a free consultation', interests: journeyInterests },
];

/** The consent checkbox's built-in wording, as a visitor reads it (and as it is sent). */
const shownConsent = 'I agree that my details are used to answer this request, as set out in the privacy policy';
const consentWording = shownConsent;

async function optionValues(page: Page, label: string) {
  return page.getByLabel(label).locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
}

/** Counts the requests the page sends to the lead endpoint. */
function countLeadPosts(page: Page) {
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/contact')) sent.push(r.method());
  });
  return sent;
}

/** Waits for the form to take input: the home page's form is fetched as a visitor nears it. */
async function waitForHydration(page: Page, submit: string) {
  const button = page.getByRole('button', { name: submit });
  await button.scrollIntoViewIfNeeded();
  await expect(button).toBeEnabled();
}

for (const f of forms) {
  test.describe(`lead form on ${f.path}`, () => {
    test('has the fields, required marks and choices of the spec', async ({ page }) => {
      await page.goto(f.path);
      const section = page.locator(f.section);
      await expect(section.getByRole('heading', { name: f.title })).toBeVisible();
      for (const name of ['First Name', 'Last Name', 'Business Email', 'Company Name']) {
        await expect(section.locator('label', { hasText: name })).toContainText('*');
      }
      for (const name of ['Job Title', 'AI Solution Interest', 'Project Details']) {
        await expect(section.locator('label', { hasText: name })).not.toContainText('*');
      }
      await expect(page.getByLabel('Business Email')).toHaveAttribute('type', 'email');
      expect(await optionValues(page, 'Job Title')).toEqual(jobTitles);
      expect(await optionValues(page, 'AI Solution Interest')).toEqual(f.interests);
      // Consent: unchecked until the visitor ticks it, its wording linking to the privacy policy.
      const consent = section.getByRole('checkbox', { name: consentWording });
      await expect(consent).not.toBeChecked();
      await expect(consent).toHaveAttribute('required', '');
      await expect(section.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/privacy-policy');
    });

    test('required fields are checked in the browser before anything is sent', async ({ page, consoleProblems }) => {
      const sent = countLeadPosts(page);
      await page.goto(f.path);
      await waitForHydration(page, f.submit);
      await page.getByRole('button', { name: f.submit }).click();
      await expect(page.getByText('First name is required')).toBeVisible();
      await expect(page.getByText('Last name is required')).toBeVisible();
      await expect(page.getByText('Business email is required')).toBeVisible();
      await expect(page.getByText('Company name is required')).toBeVisible();
      await expect(page.getByText('Tick the box to agree to the privacy policy.')).toBeVisible();
      await expect(page.getByRole('checkbox', { name: consentWording })).toHaveAttribute('aria-invalid', 'true');
      // Each message is tied to its field and the first field takes the focus.
      await expect(page.getByLabel('First Name')).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByLabel('First Name')).toHaveAccessibleDescription('First name is required');
      await expect(page.getByLabel('First Name')).toBeFocused();

      await page.getByLabel('First Name').fill('Ada');
      await page.getByLabel('Last Name').fill('Lovelace');
      await page.getByLabel('Business Email').fill('ada-at-example');
      await page.getByLabel('Company Name').fill('Analytical Engines');
      await page.getByRole('button', { name: f.submit }).click();
      await expect(page.getByText('Enter a valid email address')).toBeVisible();
      await expect(page.getByText('First name is required')).toBeHidden();
      await expect(page.getByLabel('Business Email')).toBeFocused();
      // What the visitor typed is still there.
      await expect(page.getByLabel('Company Name')).toHaveValue('Analytical Engines');
      expect(sent).toEqual([]);
      expect(consoleProblems).toEqual([]);
    });

    test('the submit button waits for the page to be ready, and says so', async ({ browser, baseURL }) => {
      const ctx = await browser.newContext({ javaScriptEnabled: false, baseURL });
      const page = await ctx.newPage();
      await page.goto(f.path);
      const button = page.getByRole('button', { name: f.submit });
      await expect(button).toBeDisabled();
      await expect(button).toHaveAccessibleDescription('The form is getting ready. You can send it in a moment.');
      await ctx.close();
    });
  });
}

// The cases below need POST /api/contact, which arrives with the API.
test.describe('lead submission against the server', () => {
  async function fillLead(page: Page, email: string) {
    await page.getByLabel('First Name').fill('Grace');
    await page.getByLabel('Last Name').fill('Hopper');
    await page.getByLabel('Business Email').fill(email);
    await page.getByLabel('Company Name').fill('Compiler Works');
    await page.getByLabel('Job Title').selectOption('cto');
    await page.getByLabel('Project Details').fill('Forecast demand for 2,000 products.');
    await page.getByRole('checkbox', { name: consentWording }).check();
  }

  test('the home form stores the lead, shows Success! and the thanks, and Submit Another Request brings back an empty form', async ({ page, site }) => {
    await page.goto('/');
    await waitForHydration(page, 'Book a free consultation');
    await fillLead(page, 'grace.home@example.com');
    await page.getByLabel('AI Solution Interest').selectOption('ai-automation');
    await page.getByRole('button', { name: 'Book a free consultation' }).click();
    const toast = page.getByRole('region', { name: /^Notifications/ }).getByRole('listitem').filter({ hasText: 'Success!' });
    await expect(toast).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeFocused();
    await page.getByRole('button', { name: 'Submit Another Request' }).click();
    await expect(page.getByLabel('First Name')).toHaveValue('');
    const rows = queryRows<{ first_name: string; job_title: string; ai_solution_interest: string }>(
      site.dataDir,
      "SELECT first_name, job_title, ai_solution_interest FROM contact_submissions WHERE email = 'grace.home@example.com'",
    );
    expect(rows).toEqual([{ first_name: 'Grace', job_title: 'cto', ai_solution_interest: 'ai-automation' }]);
    // The wording as shown, and its version: the first 16 hex digits of its SHA-256.
    const [consent] = queryRows<{ consent_text: string; consent_version: string }>(
      site.dataDir,
      "SELECT consent_text, consent_version FROM contact_submissions WHERE email = 'grace.home@example.com'",
    );
    expect(consent.consent_text).toBe(shownConsent);
    expect(consent.consent_version).toBe(createHash('sha256').update(shownConsent).digest('hex').slice(0, 16));
  });

  test('the consultation form shows the Thank You panel, and Submit Another Request brings back an empty form', async ({ page, site }) => {
    await page.goto('/ai-journey');
    await waitForHydration(page, 'Book a free consultation');
    await fillLead(page, 'grace.journey@example.com');
    await page.getByLabel('AI Solution Interest').selectOption('document-processing');
    await page.getByRole('button', { name: 'Book a free consultation' }).click();
    await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
    await expect(page.getByText(/^We have received your request\..*within 24 hours/)).toBeVisible();
    const rows = queryRows<{ company: string }>(
      site.dataDir,
      "SELECT company FROM contact_submissions WHERE email = 'grace.journey@example.com'",
    );
    expect(rows).toEqual([{ company: 'Compiler Works' }]);
    await page.getByRole('button', { name: 'Submit Another Request' }).click();
    await expect(page.getByLabel('First Name')).toHaveValue('');
    await expect(page.getByLabel('AI Solution Interest')).toHaveValue('');
  });

  test('the server checks again: bad input answers 400 with field errors and stores nothing', async ({ request, site }) => {
    const res = await request.post('/api/contact', {
      data: { firstName: '', lastName: 'X', email: 'not-an-email', company: 'Y', jobTitle: 'pilot', aiSolutionInterest: '', projectDetails: '' },
    });
    expect(res.status()).toBe(400);
    const body = (await res.json()) as { message: string; errors: Record<string, string> };
    expect(Object.keys(body.errors).sort()).toEqual(['email', 'firstName', 'jobTitle']);
    expect(queryRows(site.dataDir, "SELECT id FROM contact_submissions WHERE last_name = 'X'")).toEqual([]);
  });
});
