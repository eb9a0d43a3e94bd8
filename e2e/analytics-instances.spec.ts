import { ADMIN_PASSWORD, expect as baseExpect, showTab, signIn, storedSession } from './admin-fixtures';
import { startInstances, test, testDatabaseURL } from './fixtures';
import { gotoReady } from './page-ready';

// Two instances of the site on one PostgreSQL database: each counts the
// visits it serves and writes its own share, and either shows the sum.

const expect = baseExpect.configure({ timeout: 15_000 });
test.skip(!testDatabaseURL, 'PostgreSQL tests need TEST_DATABASE_URL');

/** A person's browser: the analytics leave out headless browsers as robots. */
const person = (n: number) => `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/13${n}.0.0.0 Safari/537.36`;

test('two instances on one PostgreSQL count their own visits into the same totals', async ({ browser }) => {
  // Two sites start, and the counts wait for the instances' flushes (every
  // 10 s) for up to 30 s: more than the default 30 s of a whole test.
  test.setTimeout(90_000);
  const instances = await startInstances(2, { SITE_ADMIN_PASSWORD: ADMIN_PASSWORD });
  const [one, two] = instances.sites;
  try {
    // A visitor of each instance: two pages on the first, three on the second.
    const visit = async (baseURL: string, agent: string, paths: string[]) => {
      const context = await browser.newContext({ baseURL, userAgent: agent });
      const page = await context.newPage();
      for (const p of paths) await gotoReady(page, p);
      await context.close();
    };
    await visit(one.baseURL, person(1), ['/?utm_source=first', '/about-us']);
    await visit(two.baseURL, person(2), ['/?utm_source=second', '/careers', '/blog']);

    // The first stops, writing what it counted; the second writes every 10 s.
    await one.stop();
    const staff = await browser.newContext({ baseURL: two.baseURL });
    const page = await staff.newPage();
    await signIn(page);
    await showTab(page, 'Analytics');
    const { token } = await storedSession(page);
    const today = new Date().toISOString().slice(0, 10);
    await expect
      .poll(
        async () => {
          const res = await page.request.get(`/api/admin/analytics?from=${today}&to=${today}`, { headers: { Authorization: `Bearer ${token}` } });
          const { data } = (await res.json()) as { data: { visitors: number; pageviews: number } };
          return [data.visitors, data.pageviews];
        },
        { timeout: 30_000 },
      )
      .toEqual([2, 5]);

    // The tab of the second shows the first one's visitor beside its own.
    await page.getByRole('combobox', { name: 'Period' }).click();
    await page.getByRole('option', { name: 'Today', exact: true }).click();
    const campaigns = page.getByRole('main').locator('section', { hasText: 'Campaigns' });
    // Visitors and views of each instance's campaign.
    await expect(campaigns.getByRole('row', { name: 'first / - / - 1 2 0 0.0%' })).toBeVisible();
    await expect(campaigns.getByRole('row', { name: 'second / - / - 1 3 0 0.0%' })).toBeVisible();
    await expect(page.getByRole('main').locator('section', { hasText: 'Pages' }).getByRole('rowheader', { name: '/about-us', exact: true })).toBeVisible();
    await staff.close();
  } finally {
    await instances.stop();
  }
});
