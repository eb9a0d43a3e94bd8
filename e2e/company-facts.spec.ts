import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { factPages, facts, type FactKey } from '../web/src/content/facts';
import { expect, setEditMode, showTab, signIn, storedSession, test, toastWith } from './admin-fixtures';
import { gotoReady } from './page-ready';

// The company's facts are stated once (web/src/content/facts.ts): every page
// that shows a figure about the firm shows its fact's value, the same on
// every page, and a staff member who changes a fact once sees the change on
// every page that quotes it, with its source note as a footnote.

const routes = [
  '/', '/ai-journey', '/privacy-policy', '/terms-of-service', '/cookie-policy', '/machine-learning', '/deep-learning',
  '/natural-language-processing', '/computer-vision', '/predictive-analytics', '/ai-consulting', '/strategy-development',
  '/implementation', '/ongoing-support', '/training-education', '/about-us', '/case-studies', '/blog', '/careers',
];

/** The figures of facts on the page, as [fact, value shown], without their footnote markers. */
async function figuresOn(page: Page): Promise<[FactKey, string][]> {
  return page.locator('[data-fact]').evaluateAll((els) =>
    els.map((el) => {
      const copy = el.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('sup').forEach((s) => s.remove());
      return [el.getAttribute('data-fact') as FactKey, copy.textContent?.trim() ?? ''];
    }),
  );
}

/** The page's description, as its head says it. */
async function descriptionOf(page: Page): Promise<string> {
  return (await page.locator('meta[name="description"]').getAttribute('content')) ?? '';
}

/** The facts each page quotes in its description (content/page-descriptions.ts). */
const described: Partial<Record<string, (v: (k: FactKey) => string) => string[]>> = {
  '/about-us': (v) => [`${v('projects-delivered')} projects delivered for ${v('enterprise-clients')} enterprise clients`],
  '/case-studies': (v) => [`track record of ${v('total-savings')} in client savings`],
};

/**
 * Visits every built-in page as a visitor reads it first, in the server's
 * HTML (no script runs: hydration would show the same), and returns, for
 * each fact, the values it shows and the pages it shows on.
 */
async function survey(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  const values: Partial<Record<FactKey, Set<string>>> = {};
  const pages: Partial<Record<FactKey, string[]>> = {};
  const descriptions: Record<string, string> = {};
  for (const path of routes) {
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const [fact, value] of await figuresOn(page)) {
      (values[fact] ??= new Set()).add(value);
      const on = (pages[fact] ??= []);
      if (!on.includes(path)) on.push(path);
    }
    descriptions[path] = await descriptionOf(page);
  }
  await context.close();
  return { values, pages, descriptions };
}

// The tests change the facts of their worker's site in turn.
test.describe.configure({ mode: 'serial' });

test.describe('company facts', () => {
  test.setTimeout(180_000);

  test('every fact shows one value on every page that shows it, its description included', async ({ page, browser, baseURL }) => {
    const { values, pages, descriptions } = await survey(browser, baseURL!);
    const shown = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, [...v]]));
    expect(shown).toEqual(Object.fromEntries(Object.entries(facts).map(([k, f]) => [k, [f.value]])));
    // Each fact is on the pages the admin names for it, and on no other.
    expect(pages).toEqual(Object.fromEntries(Object.entries(factPages).map(([k, p]) => [k, [...p]])));
    for (const [path, quotes] of Object.entries(described)) {
      for (const q of quotes!((k) => facts[k].value)) expect(descriptions[path], path).toContain(q);
    }
    // The figures SPEC.md once gave two values for show the one chosen.
    await page.goto('/about-us');
    await expect(page.locator('[data-fact="client-satisfaction"]')).toHaveText('95%');
    await page.goto('/case-studies');
    await expect(page.locator('[data-fact="projects-delivered"]')).toHaveText('500+');
    // No footnote until a fact has a source note.
    await expect(page.getByRole('list', { name: 'Notes on the figures' })).toHaveCount(0);
  });

  test('a staff member changes a fact once in the admin, and every page shows it with its footnote', async ({ page, browser, baseURL }) => {
    await signIn(page);
    await showTab(page, 'Company facts');
    const form = page.getByRole('form', { name: 'Projects delivered' });
    await expect(form.getByText('Shown on')).toContainText('home, /about-us, /case-studies');
    await form.getByLabel('Value').fill('650+');
    await form.getByLabel('Source note').fill('Delivery records, 2025');
    await form.getByLabel('Date').fill('June 2025');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(toastWith(page, 'Fact saved')).toContainText('Projects delivered is now live on every page that shows it.');
    // A required field cannot be emptied.
    const experts = page.getByRole('form', { name: 'AI experts' });
    await experts.getByLabel('Value').fill('');
    await experts.getByRole('button', { name: 'Save' }).click();
    await expect(experts.getByText('Value is required.')).toBeVisible();

    const { values, descriptions } = await survey(browser, baseURL!);
    expect([...values['projects-delivered']!]).toEqual(['650+']);
    expect([...values['ai-experts']!]).toEqual(['50+']);
    expect(descriptions['/about-us']).toContain('650+ projects delivered');
    // Every section shown at once, as axe reads colours.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    for (const path of factPages['projects-delivered']) {
      await gotoReady(page, path);
      // The figure's marker leads to its footnote, which says where the figure comes from.
      const marker = page.locator('[data-fact="projects-delivered"]').first().getByRole('link', { name: /^Note \d$/ });
      const notes = page.getByRole('list', { name: 'Notes on the figures' }).first();
      await expect(notes).toContainText('Delivery records, 2025 (June 2025)');
      const target = await marker.getAttribute('href');
      await expect(page.locator(`[id="${target!.slice(1)}"]`)).toHaveText('Delivery records, 2025 (June 2025)');
      // The marks and notes keep the page accessible.
      const axe = await new AxeBuilder({ page }).analyze();
      expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), path).toEqual([]);
      // Visitors get it in the server's HTML too.
      const html = (await (await page.request.get(path)).text()).replace(/<!-- -->/g, '');
      expect(html, path).toContain('650+');
      expect(html, path).toContain('Delivery records, 2025');
    }
  });

  test('a figure edited in place is the fact: every page that quotes it shows the new value', async ({ page }) => {
    await signIn(page);
    await setEditMode(page);
    await page.goto('/case-studies');
    const figure = page.locator('[data-fact="average-roi"] [data-editable]');
    await expect(figure).toHaveText('450%');
    await figure.click();
    const field = page.getByRole('textbox', { name: 'Edit facts average-roi.value' });
    // The editor says, before the save, where else the fact shows.
    await expect(page.getByText('Appears on 2 pages')).toBeVisible();
    await field.fill('480%');
    await field.press('Enter');
    await expect(toastWith(page, 'Content Updated')).toBeVisible();
    await setEditMode(page, false);
    for (const path of factPages['average-roi']) {
      await page.goto(path);
      await expect(page.locator('[data-fact="average-roi"]')).toHaveText('480%');
    }
  });

  test("Undo after a fact's save brings its value back on every page", async ({ page }) => {
    await signIn(page);
    await showTab(page, 'Company facts');
    const form = page.getByRole('form', { name: 'Enterprise clients' });
    await form.getByLabel('Value').fill('210+');
    await form.getByRole('button', { name: 'Save' }).click();
    const saved = toastWith(page, 'Fact saved');
    await expect(saved).toBeVisible();
    expect(await (await page.request.get('/about-us')).text()).toContain('210+');
    await saved.getByRole('button', { name: 'Undo' }).click();
    await expect(toastWith(page, 'Undone')).toContainText('The fact is back as it was.');
    await expect(form.getByLabel('Value')).toHaveValue('200+');
    await page.goto('/about-us');
    await expect(page.locator('[data-fact="enterprise-clients"]')).toHaveText('200+');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /for 200\+ enterprise clients/);
  });

  test("a fact someone else saved since the section opened is not overwritten: the form shows theirs", async ({ page }) => {
    await signIn(page);
    await showTab(page, 'Company facts');
    const form = page.getByRole('form', { name: 'AI experts' });
    await expect(form.getByLabel('Value')).toHaveValue('50+');
    // Another editor saves the same fact meanwhile.
    const { token } = await storedSession(page);
    const theirs = await page.request.post('/api/admin/content', {
      headers: { Authorization: `Bearer ${token}` },
      data: { section: 'facts', key: 'ai-experts.value', value: '55+' },
    });
    expect(theirs.status(), await theirs.text()).toBeLessThan(300);
    await form.getByLabel('Value').fill('60+');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(toastWith(page, 'Someone else changed AI experts since you opened it')).toBeVisible();
    await expect(form.getByLabel('Value')).toHaveValue('55+');
    await page.goto('/about-us');
    await expect(page.locator('[data-fact="ai-experts"]')).toHaveText('55+');
  });
});
