import type { Page } from '@playwright/test';
import { adminAPI, ADMIN_PASSWORD, expect, showTab, signIn, test, toastWith } from './admin-fixtures';
import { dropImages, imageTransfer } from './media-files';

// The media library of the Images tab against the real server: uploads by
// drag and drop and by paste, the server's refusals, alt text and focal
// point, search, delete with Undo. Each test deletes what it uploaded, as
// the other tests of its worker share the server.

type Item = { id: number; name: string; altText: string; focalX: number; focalY: number; usable: boolean; version: number };

async function library(page: Page, q = ''): Promise<Item[]> {
  const { token } = await adminAPI(page);
  const res = await page.request.get(`/api/admin/media?pageSize=100&q=${encodeURIComponent(q)}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: Item[] }).data;
}

test.afterEach(async ({ page }) => {
  const api = await adminAPI(page);
  if (!api.token) return;
  for (const item of await library(page)) await api.remove('media', item.id);
});

const zoneOf = (page: Page) => page.getByRole('group', { name: 'Upload images' });
const uploadRow = (page: Page, name: string) => page.getByRole('list', { name: 'Uploads' }).getByRole('listitem', { name, exact: true });
const card = (page: Page, name: string) => page.getByRole('list', { name: 'Uploaded images' }).getByRole('listitem', { name, exact: true });

/** Whether the card's thumbnail loaded, from a WebP variant. */
async function expectThumbnail(page: Page, name: string) {
  const img = card(page, name).locator('img');
  await expect(img).toHaveAttribute('src', /^\/media\/[0-9a-f]{64}\.webp$/);
  await expect(img).toHaveAttribute('loading', 'lazy');
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
}

test('uploads two dropped images, each with its progress, then describes, finds, deletes and restores one', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  await showTab(page, 'Images');
  await expect(page.getByText('No uploads yet.')).toBeVisible();
  // The images registered by address are still listed, below.
  await expect(page.getByRole('heading', { name: 'Images by address' })).toBeVisible();
  await expect(page.getByText('No images yet.')).toBeVisible();

  const zone = zoneOf(page);
  const drag = await imageTransfer(page, [{ name: 'probe.jpg', format: 'jpeg', width: 8, height: 8, hue: 0 }]);
  await zone.dispatchEvent('dragenter', { dataTransfer: drag });
  await expect(zone.getByText('Drop to upload')).toBeVisible();
  await zone.dispatchEvent('dragleave', { dataTransfer: drag });
  await expect(zone.getByText('Drop images here, paste, or choose files')).toBeVisible();

  // A slow line, so that each file's progress shows on its way.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 200 * 1024 });
  await dropImages(page, zone, [
    { name: 'harbour.jpg', format: 'jpeg', width: 900, height: 600, hue: 20, noise: true },
    { name: 'team.png', format: 'png', width: 500, height: 500, hue: 210, noise: true },
  ]);
  for (const name of ['harbour.jpg', 'team.png']) {
    const bar = uploadRow(page, name).getByRole('progressbar', { name: `Upload of ${name}` });
    await expect(bar).toBeVisible();
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 20_000 }).toBeGreaterThan(0);
  }
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  for (const name of ['harbour.jpg', 'team.png']) {
    await expect(uploadRow(page, name).getByText('Uploaded', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(uploadRow(page, name).getByRole('progressbar')).toHaveCount(0);
    await expect(card(page, name)).toContainText('Needs alt text');
    await expectThumbnail(page, name);
  }
  await expect(page.getByRole('status').filter({ hasText: '2 images uploaded.' })).toBeAttached();
  await expect(card(page, 'team.png')).toContainText('500 × 500');

  // Alt text and focal point.
  await card(page, 'harbour.jpg').getByRole('button').click();
  const details = page.getByRole('dialog', { name: 'harbour.jpg' });
  await expect(details.getByText('Not usable yet.')).toBeVisible();
  await expect(details.getByRole('textbox', { name: 'Alt text' })).toBeFocused();
  await details.getByRole('textbox', { name: 'Alt text' }).fill('Fishing boats moored by the lighthouse at dusk');
  await expect(details.getByText('Not usable yet.')).toHaveCount(0);
  const point = details.getByRole('slider', { name: 'Focal point' });
  const box = (await point.boundingBox())!;
  await point.click({ position: { x: box.width * 0.25, y: box.height * 0.75 } });
  await expect(point).toHaveAttribute('aria-valuetext', '25% from the left, 75% from the top');
  await point.press('ArrowRight');
  await point.press('ArrowUp');
  await expect(point).toHaveAttribute('aria-valuetext', '30% from the left, 70% from the top');
  await expect(details.getByRole('link', { name: /Open largest size \(900 × 600\)/ })).toHaveAttribute('href', /^\/media\/[0-9a-f]{64}\.jpg$/);
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(toastWith(page, 'Image details saved')).toBeVisible();
  await expect(details).toHaveCount(0);
  await expect(card(page, 'harbour.jpg')).not.toContainText('Needs alt text');
  const [saved] = await library(page, 'lighthouse');
  expect(saved).toMatchObject({ name: 'harbour.jpg', altText: 'Fishing boats moored by the lighthouse at dusk', usable: true, version: 2 });
  expect(saved.focalX).toBeCloseTo(0.3, 2);
  expect(saved.focalY).toBeCloseTo(0.7, 2);

  // Search by alt text.
  const search = page.getByRole('searchbox', { name: 'Search uploads' });
  await search.fill('LIGHTHOUSE');
  await expect(card(page, 'team.png')).toHaveCount(0);
  await expect(card(page, 'harbour.jpg')).toBeVisible();
  await search.fill('no such picture');
  await expect(page.getByText('No uploads match “no such picture”.')).toBeVisible();
  await search.fill('');
  await expect(card(page, 'team.png')).toBeVisible();

  // Delete asks first; its toast undoes it.
  await card(page, 'team.png').getByRole('button').click();
  await page.getByRole('dialog', { name: 'team.png' }).getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete team.png?' });
  await expect(confirm).toContainText('It is not used on the site.');
  await confirm.getByRole('button', { name: 'Keep it' }).click();
  await expect(confirm).toHaveCount(0);
  await page.getByRole('dialog', { name: 'team.png' }).getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete image' }).click();
  await expect(toastWith(page, 'Image deleted')).toBeVisible();
  await expect(card(page, 'team.png')).toHaveCount(0);
  expect((await library(page)).map((i) => i.name)).toEqual(['harbour.jpg']);
  await toastWith(page, 'Image deleted').getByRole('button', { name: 'Undo' }).click();
  await expect(toastWith(page, 'Image restored')).toBeVisible();
  await expect(card(page, 'team.png')).toBeVisible();
  await expectThumbnail(page, 'team.png');
  expect((await library(page)).map((i) => i.name).sort()).toEqual(['harbour.jpg', 'team.png']);
});

test('a truncated and a mislabelled file are refused with the server’s message, while a good one of the same drop is stored', async ({ page, consoleProblems }) => {
  await signIn(page);
  await showTab(page, 'Images');
  await dropImages(page, zoneOf(page), [
    { name: 'cut.jpg', format: 'jpeg', width: 600, height: 400, hue: 40, noise: true, truncate: true },
    { name: 'drawing.jpg', format: 'png', width: 300, height: 200, hue: 90, type: 'image/jpeg' },
    { name: 'good.png', format: 'png', width: 400, height: 300, hue: 300 },
  ]);
  await expect(uploadRow(page, 'cut.jpg')).toContainText('cut.jpg: the JPEG data ends early: the file is truncated or damaged.');
  await expect(uploadRow(page, 'drawing.jpg')).toContainText('drawing.jpg: the name says JPEG but the file is a PNG image.');
  await expect(uploadRow(page, 'good.png').getByText('Uploaded', { exact: true })).toBeVisible();
  await expectThumbnail(page, 'good.png');
  await expect(card(page, 'cut.jpg')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: '1 image uploaded. 2 not uploaded: cut.jpg' })).toBeAttached();
  expect((await library(page)).map((i) => i.name)).toEqual(['good.png']);

  // A refusal is dismissed; the server's answers are the only console lines.
  await uploadRow(page, 'cut.jpg').getByRole('button', { name: 'Dismiss cut.jpg' }).click();
  await expect(uploadRow(page, 'cut.jpg')).toHaveCount(0);
  expect(consoleProblems.filter((p) => !p.includes('status of 400'))).toEqual([]);
});

test('a pasted image uploads, and one that meets an ended session goes on after signing in again', async ({ page }) => {
  await signIn(page);
  await showTab(page, 'Images');
  const paste = async (name: string, hue: number) => {
    const dataTransfer = await imageTransfer(page, [{ name, format: 'png', width: 360, height: 240, hue }]);
    await page.evaluate((clipboardData) => document.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true })), dataTransfer);
  };
  await paste('pasted.png', 150);
  await expect(uploadRow(page, 'pasted.png').getByText('Uploaded', { exact: true })).toBeVisible();
  await expectThumbnail(page, 'pasted.png');

  // The session ends behind the page's back.
  const api = await adminAPI(page);
  await page.request.post('/api/admin/logout', { headers: { Authorization: `Bearer ${api.token}` } });
  await paste('after-sign-in.png', 260);
  const signInDialog = page.getByRole('dialog', { name: 'Sign in again' });
  await expect(signInDialog).toBeVisible();
  await signInDialog.getByLabel('Password').fill(ADMIN_PASSWORD);
  await signInDialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(signInDialog).toHaveCount(0);
  await expect(uploadRow(page, 'after-sign-in.png').getByText('Uploaded', { exact: true })).toBeVisible();
  await expectThumbnail(page, 'after-sign-in.png');
  expect((await library(page)).map((i) => i.name).sort()).toEqual(['after-sign-in.png', 'pasted.png']);
});
