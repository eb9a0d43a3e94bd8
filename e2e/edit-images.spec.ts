import type { Page } from '@playwright/test';
import { adminAPI, expect, signIn, test, toastWith } from './admin-fixtures';
import { dropImages } from './media-files';

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
  await page.evaluate(() => localStorage.setItem('editMode', 'true'));
  await page.goto('/about-us');

  // The mission picture: an upload in the picker, which asks for its alt text first.
  await page.getByRole('button', { name: 'Change image: mission picture' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose the mission picture' });
  await expect(picker).toBeVisible();
  await dropImages(page, picker.getByRole('group', { name: 'Upload images' }), [{ name: 'harbour.png', format: 'png', width: 1200, height: 800, hue: 200 }]);
  await expect(picker.getByText('Selected: harbour.png')).toBeVisible();
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
