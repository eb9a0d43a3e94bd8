import type { Page } from '@playwright/test';
import { adminAPI, expect, setEditMode, showTab, signIn, test, toastWith } from './admin-fixtures';
import { dropImages, png } from './media-files';

// The pictures of the public pages, chosen in place from the media library
// by an admin in edit mode: the picker, its upload and its question for alt
// text, Undo and Remove; the next server HTML a visitor gets shows the
// choice. Each test deletes what it made, as the other tests of its worker
// share the server.

async function clearSite(page: Page) {
  const api = await adminAPI(page);
  const auth = { headers: { Authorization: `Bearer ${api.token}` } };
  for (const [resource, url] of [
    ['content', '/api/admin/content'],
    ['media', '/api/admin/media?pageSize=100'],
  ] as const) {
    const res = await page.request.get(url, auth);
    for (const { id } of ((await res.json()) as { data: { id: number }[] }).data) {
      expect((await api.remove(resource, id)).ok()).toBe(true);
    }
  }
}

test.afterEach(async ({ page }) => {
  if ((await adminAPI(page)).token) await clearSite(page);
});

/** How often the server HTML of path, as a visitor gets it, holds text. */
async function countInServerHTML(page: Page, path: string, text: string): Promise<number> {
  const res = await page.request.get(path);
  expect(res.status()).toBe(200);
  return (await res.text()).split(text).length - 1;
}

test('an admin chooses pictures of /about-us in place; the server HTML shows them, and Undo and Remove bring back the built-in ones', async ({ page, consoleProblems }) => {
  test.setTimeout(90_000);
  await signIn(page);
  await clearSite(page);
  await setEditMode(page);
  await page.goto('/about-us');

  // The mission picture: an upload in the picker, which asks for its alt text first.
  await page.getByRole('button', { name: 'Change image: mission picture' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose the mission picture' });
  await expect(picker).toBeVisible();
  await dropImages(page, picker.getByRole('group', { name: 'Upload images' }), [{ name: 'harbour.png', format: 'png', width: 1200, height: 800, hue: 200 }]);
  // The server makes the image's variants before it answers: on a busy machine that takes a while.
  await expect(picker.getByText('Selected: harbour.png')).toBeVisible({ timeout: 20_000 });
  await picker.getByRole('button', { name: 'Choose image' }).click();
  await expect(picker.getByText('has no alt text yet')).toBeVisible();
  // Nothing typed: the picker says what is missing and chooses nothing.
  await picker.getByRole('button', { name: 'Save and choose' }).click();
  await expect(picker.getByText('Describe the image, or mark it decorative.')).toBeVisible();
  await picker.getByRole('textbox', { name: 'Alt text' }).fill('A harbour at dawn');
  await picker.getByRole('button', { name: 'Save and choose' }).click();
  await expect(picker).toHaveCount(0);
  await expect(toastWith(page, '“harbour.png” is now the mission picture.')).toBeVisible();
  const chosen = page.getByRole('img', { name: 'A harbour at dawn' });
  await expect(chosen).toBeVisible();
  await expect(chosen).toHaveAttribute('src', /^\/media\/[0-9a-f]{64}\.png$/);
  await expect.poll(() => chosen.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
  await expect.poll(() => countInServerHTML(page, '/about-us', 'alt="A harbour at dawn"')).toBe(1);

  // Undo: the built-in picture again, for visitors too.
  await toastWith(page, 'is now the mission picture').getByRole('button', { name: 'Undo' }).click();
  await expect(toastWith(page, 'The mission picture is as it was.')).toBeVisible();
  await expect(chosen).toHaveCount(0);
  expect(await countInServerHTML(page, '/about-us', 'alt="A harbour at dawn"')).toBe(0);

  // A leader's photo, from the same image, now usable: chosen at once, and the initials give way.
  const photo = page.getByRole('button', { name: /^Change image: photo of / }).first();
  const leader = ((await photo.getAttribute('aria-label')) ?? '').replace('Change image: photo of ', '');
  await photo.click();
  const leaderPicker = page.getByRole('dialog', { name: `Choose the photo of ${leader}` });
  await leaderPicker.getByRole('listitem', { name: 'harbour.png' }).getByRole('button').click();
  await leaderPicker.getByRole('button', { name: 'Choose image' }).click();
  await expect(leaderPicker).toHaveCount(0);
  await expect(toastWith(page, `“harbour.png” is now the photo of ${leader}.`)).toBeVisible();
  await expect(chosen).toBeVisible();
  await expect.poll(() => countInServerHTML(page, '/about-us', 'alt="A harbour at dawn"')).toBe(1);

  // Remove: the initials come back, and the focus stays on the photo's controls.
  await page.getByRole('button', { name: `Remove image: photo of ${leader}` }).click();
  await expect(toastWith(page, `The photo of ${leader} is back to the built-in one.`)).toBeVisible();
  await expect(chosen).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Change image: photo of ${leader}` })).toBeFocused();
  expect(await countInServerHTML(page, '/about-us', 'alt="A harbour at dawn"')).toBe(0);
  expect(consoleProblems).toEqual([]);
});

test('a visitor gets no picture controls, and an admin outside edit mode neither', async ({ page }) => {
  await page.goto('/about-us');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Change image/ })).toHaveCount(0);
  await signIn(page);
  await page.goto('/about-us');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Change image/ })).toHaveCount(0);
});

test('a page’s featured image is chosen in its form, and the published page shows it as its cover', async ({ page }) => {
  await signIn(page);
  await clearSite(page);
  const api = await adminAPI(page);
  const up = await page.request.post('/api/admin/media', {
    headers: { Authorization: `Bearer ${api.token}` },
    multipart: { file: { name: 'cover.png', mimeType: 'image/png', buffer: png(1600, 900) } },
  });
  expect(up.status()).toBe(201);
  const item = ((await up.json()) as { data: { id: number; name: string; version: number }[] }).data[0];
  await api.update('media', item.id, { name: item.name, altText: 'Engineers at a whiteboard', decorative: false, caption: '', credit: '', focalX: 0.5, focalY: 0.5 });
  const p = await api.create('pages', { title: 'Cover Story', slug: 'cover-story', content: 'A page with a cover.', status: 'published' });

  await showTab(page, 'Pages');
  await page.getByRole('button', { name: 'Edit Cover Story' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Page' });
  const field = dialog.getByRole('group', { name: 'Featured Image' });
  await expect(field.getByText('No image')).toBeVisible();
  await field.getByRole('button', { name: 'Choose image' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose the featured image' });
  await picker.getByRole('listitem', { name: 'cover.png' }).getByRole('button').click();
  await picker.getByRole('button', { name: 'Choose image' }).click();
  await expect(picker).toHaveCount(0);
  // Back in the form, which kept the focus trap: the choice shows, and Save sends it.
  await expect(field.getByText('Engineers at a whiteboard')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toHaveCount(0);
  expect((await api.get('pages', p.id))?.featuredImage).toBe(`media:${item.id}`);

  await page.goto('/cover-story');
  const cover = page.getByRole('img', { name: 'Engineers at a whiteboard' });
  await expect(cover).toBeVisible();
  await expect(cover).toHaveAttribute('fetchpriority', 'high');
  await expect.poll(() => cover.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
  expect((await api.remove('pages', p.id)).ok()).toBe(true);
});

test('the logo is chosen from the media library in Settings, and the header of every page shows it', async ({ page }) => {
  await signIn(page);
  await clearSite(page);
  const api = await adminAPI(page);
  const up = await page.request.post('/api/admin/media', {
    headers: { Authorization: `Bearer ${api.token}` },
    multipart: { file: { name: 'mark.png', mimeType: 'image/png', buffer: png(800, 200) } },
  });
  const item = ((await up.json()) as { data: { id: number; name: string }[] }).data[0];
  await api.update('media', item.id, { name: item.name, altText: 'Meridian AI', decorative: false, caption: '', credit: '', focalX: 0.5, focalY: 0.5 });
  const auth = { Authorization: `Bearer ${api.token}` };
  const readSettings = async () => ((await (await page.request.get('/api/admin/site-settings', { headers: auth })).json()) as { data: Record<string, unknown> & { version: number } }).data;
  const settings = await readSettings();

  await showTab(page, 'Settings');
  await page.getByRole('button', { name: 'Choose from library' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose the logo' });
  await picker.getByRole('listitem', { name: 'mark.png' }).getByRole('button').click();
  await picker.getByRole('button', { name: 'Choose image' }).click();
  await expect(picker).toHaveCount(0);
  await expect(page.getByLabel('Logo Image URL')).toHaveValue(/^\/media\/[0-9a-f]{64}\.png$/);
  await expect(page.getByLabel('Logo Alt Text')).toHaveValue('Meridian AI');
  await expect(page.getByRole('switch', { name: 'Use image logo' })).toBeChecked();
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(toastWith(page, 'Site settings updated successfully')).toBeVisible();

  await page.goto('/contact');
  const logo = page.getByRole('banner').getByRole('img', { name: 'Meridian AI' });
  await expect(logo).toHaveAttribute('src', /^\/media\/[0-9a-f]{64}\.png$/);
  await expect.poll(() => logo.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
  // The library says where the image is used.
  const used = await page.request.get(`/api/admin/media/${item.id}`, { headers: auth });
  expect(((await used.json()) as { data: { usedIn: { kind: string }[] } }).data.usedIn).toEqual([expect.objectContaining({ kind: 'settings' })]);

  // The site's logo as it was, for the other tests of this worker.
  const now = await readSettings();
  const restored = await page.request.put('/api/admin/site-settings', { headers: auth, data: { ...settings, version: now.version } });
  expect(restored.ok()).toBe(true);
});

test('a testimonial’s photo is chosen in its form, and the home page shows it in place of the initials', async ({ page }) => {
  await signIn(page);
  await clearSite(page);
  const api = await adminAPI(page);
  const up = await page.request.post('/api/admin/media', {
    headers: { Authorization: `Bearer ${api.token}` },
    multipart: { file: { name: 'priya.png', mimeType: 'image/png', buffer: png(400, 400) } },
  });
  const item = ((await up.json()) as { data: { id: number; name: string }[] }).data[0];
  await api.update('media', item.id, { name: item.name, altText: 'Priya Raman', decorative: false, caption: '', credit: '', focalX: 0.5, focalY: 0.5 });
  const quote = await api.create('testimonials', { name: 'Priya Raman', title: 'CIO, Fabrikam', content: 'They shipped.', initials: 'PR', avatarBg: 'bg-blue-600', order: 1, isActive: true });

  await showTab(page, 'Testimonials');
  await page.getByRole('button', { name: 'Edit Priya Raman' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Testimonial' });
  await dialog.getByRole('group', { name: 'Photo' }).getByRole('button', { name: 'Choose image' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose the photo' });
  await picker.getByRole('listitem', { name: 'priya.png' }).getByRole('button').click();
  await picker.getByRole('button', { name: 'Choose image' }).click();
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toHaveCount(0);

  await page.goto('/');
  const card = page.getByTestId('testimonial').filter({ hasText: 'Priya Raman' });
  const photo = card.locator('img');
  await expect(photo).toHaveAttribute('src', /^\/media\/[0-9a-f]{64}\.png$/);
  await expect(photo).toHaveAttribute('alt', '');
  await expect.poll(() => photo.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
  await expect(card.getByText('PR', { exact: true })).toHaveCount(0);
  expect((await api.remove('testimonials', quote.id)).ok()).toBe(true);
});

test('a page’s sharing image is chosen from the edit bar, and its link previews show it', async ({ page }) => {
  await signIn(page);
  await clearSite(page);
  const api = await adminAPI(page);
  const up = await page.request.post('/api/admin/media', {
    headers: { Authorization: `Bearer ${api.token}` },
    multipart: { file: { name: 'team.png', mimeType: 'image/png', buffer: png(1600, 840) } },
  });
  const item = ((await up.json()) as { data: { id: number; name: string }[] }).data[0];
  await api.update('media', item.id, { name: item.name, altText: 'The Meridian team at work', decorative: false, caption: '', credit: '', focalX: 0.5, focalY: 0.5 });
  const ogImage = async () => {
    const html = await (await page.request.get('/careers')).text();
    return /<meta property="og:image" content="([^"]*)"/.exec(html)?.[1] ?? '';
  };
  expect(await ogImage()).toMatch(/\/og\/[^/]+\/careers\.png$/);

  await setEditMode(page);
  await page.goto('/careers');
  await page.getByRole('region', { name: 'Edit mode' }).getByRole('button', { name: 'Sharing image' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sharing image of this page' });
  await expect(dialog.getByText('Generated from the page’s title')).toBeVisible();
  await dialog.getByRole('button', { name: 'Choose image' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose the sharing image' });
  await picker.getByRole('listitem', { name: 'team.png' }).getByRole('button').click();
  await picker.getByRole('button', { name: 'Choose image' }).click();
  await expect(toastWith(page, '“team.png” is now the sharing image of /careers.')).toBeVisible();
  await expect(dialog.getByRole('img', { name: 'The Meridian team at work' })).toBeVisible();
  await expect.poll(ogImage).toMatch(/\/media\/[0-9a-f]{64}\.png$/);
  const html = await (await page.request.get('/careers')).text();
  expect(html).toContain('<meta property="og:image:alt" content="The Meridian team at work" />');

  await dialog.getByRole('button', { name: 'Use the generated picture' }).click();
  await expect(toastWith(page, 'The sharing image of /careers is back to the built-in one.')).toBeVisible();
  await expect.poll(ogImage).toMatch(/\/og\/[^/]+\/careers\.png$/);
});
