import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { ADMIN_PASSWORD, expect as baseExpect } from './admin-fixtures';
import { startSite, test } from './fixtures';

// Two instances of the site on one PostgreSQL database: drafts of a text and
// of a record saved on one are seen by no visitor of either, and their
// publish goes live on both together (one transaction, one notification).

const expect = baseExpect.configure({ timeout: 15_000 });
const databaseURL = process.env.TEST_DATABASE_URL ?? '';

test.skip(!databaseURL, 'PostgreSQL tests need TEST_DATABASE_URL');

test('a release published on one instance goes live on both at once', async ({ playwright }) => {
  test.setTimeout(60_000);
  const schema = `e2e_${randomBytes(6).toString('hex')}`;
  execFileSync('psql', [databaseURL, '-qc', `CREATE SCHEMA ${schema}`]);
  const url = new URL(databaseURL);
  url.searchParams.set('search_path', schema);
  const env = { DATABASE_URL: url.toString(), SITE_ADMIN_PASSWORD: ADMIN_PASSWORD };
  // One after the other: the first makes the tables.
  const one = await startSite(env);
  const two = await startSite(env);
  const api = await playwright.request.newContext({ baseURL: one.baseURL });
  try {
    const login = await api.post('/api/admin/login', { data: { username: 'admin', password: ADMIN_PASSWORD } });
    expect(login.status()).toBe(200);
    const { sessionToken } = (await login.json()) as { sessionToken: string };
    const auth = { Authorization: `Bearer ${sessionToken}` };
    const draft = { ...auth, 'X-Publish': 'draft' };
    const created = await api.post('/api/admin/testimonials', {
      headers: auth,
      data: { name: 'Ann Weber', title: 'CTO, Northwind', content: 'They shipped our model in weeks.', initials: 'AW', isActive: true },
    });
    expect(created.status()).toBe(201);
    const rec = ((await created.json()) as { data: Record<string, unknown> & { id: number } }).data;
    expect((await api.put('/api/admin/publishing-settings', { headers: auth, data: { mode: 'drafts' } })).status()).toBe(200);

    // The drafts: the home page's title, and the testimonial's name.
    expect((await api.post('/api/admin/content', { headers: draft, data: { section: 'hero', key: 'main_title', value: 'Released title' } })).status()).toBe(200);
    const put = await api.put(`/api/admin/testimonials/${rec.id}`, { headers: draft, data: { ...rec, name: 'Ann Weber-Lang' } });
    expect(put.status()).toBe(200);
    expect(put.headers()['x-publish']).toBe('draft');

    /** The home page as a visitor of each instance gets it. */
    const homes = () => Promise.all([one, two].map(async (site) => (await api.get(`${site.baseURL}/`)).text()));
    /** Whether each instance's home page has the released title, and the testimonial's new name. */
    const seen = async () => (await homes()).map((html) => [html.includes('Released title'), html.includes('Ann Weber-Lang')]);
    // Both serve the testimonial as published (the second once it has heard of it), and no draft.
    await expect.poll(async () => (await homes()).map((html) => html.includes('Ann Weber'))).toEqual([true, true]);
    expect(await seen()).toEqual([
      [false, false],
      [false, false],
    ]);

    // Published on the first: each instance shows the whole release, never half of it.
    const published = await api.post('/api/admin/drafts/publish', { headers: auth });
    expect(published.status()).toBe(200);
    expect(await published.json()).toMatchObject({ data: { records: 1 } });
    await expect
      .poll(async () => {
        const now = await seen();
        for (const [title, name] of now) expect(title).toBe(name);
        return now;
      })
      .toEqual([
        [true, true],
        [true, true],
      ]);
  } finally {
    await api.dispose();
    await one.stop();
    await two.stop();
    execFileSync('psql', [databaseURL, '-qc', `DROP SCHEMA ${schema} CASCADE`], { stdio: 'ignore' });
  }
});
