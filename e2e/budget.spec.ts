import { readFileSync } from 'node:fs';
import { get } from 'node:http';
import { gzipSync } from 'node:zlib';
import { test, expect } from './fixtures';
import { gotoReady } from './page-ready';

// The byte budget of a first visit to the home page (performance issue,
// item 5): what the browser fetches before anyone touches the page, counted
// as gzip-encoded bytes. Deterministic, so it fails the build when exceeded.
const budget = { js: 110_000, css: 20_000 };

type Manifest = Record<string, { file: string; src?: string }>;
const manifest = JSON.parse(readFileSync('web/dist/client/.vite/manifest.json', 'utf8')) as Manifest;

// Chunks that only the admin portal and edit mode need.
const adminOnly = new Set(
  Object.entries(manifest)
    .filter(([key]) => key.startsWith('src/admin/') || key.startsWith('src/features/editable-text/inline-editor'))
    .map(([, v]) => '/' + v.file),
);

/** The size of a file as sent to a client that accepts only gzip. */
function gzipSize(url: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'Accept-Encoding': 'gzip' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

test('a first visit to / stays within its byte budget and loads no admin or editing code', async ({ page, baseURL }) => {
  const fetched: { url: string; type: string }[] = [];
  page.on('request', (req) => fetched.push({ url: req.url(), type: req.resourceType() }));
  await gotoReady(page, '/');
  await page.waitForLoadState('networkidle');

  const totals = { js: 0, css: 0, font: 0, image: 0, requests: fetched.length };
  const lines: string[] = [];
  for (const { url, type } of fetched) {
    if (type === 'document') continue;
    const { bytes, encoding } = await gzipSize(url);
    lines.push(`${type} ${new URL(url).pathname} ${bytes} B ${encoding}`);
    if (type === 'script') totals.js += bytes;
    else if (type === 'stylesheet') totals.css += bytes;
    else if (type === 'font') totals.font += bytes;
    else if (type === 'image') totals.image += bytes;
    // Text assets are sent compressed.
    if (type === 'script' || type === 'stylesheet') expect(encoding, url).toBe('gzip');
  }
  // The stylesheet comes inline in the HTML: count it as CSS all the same.
  const inlineCss = (await page.locator('head style').allTextContents()).join('');
  if (inlineCss) {
    const bytes = gzipSync(inlineCss).length;
    totals.css += bytes;
    lines.push(`inline <style> ${bytes} B gzip`);
  }
  test.info().annotations.push({ type: 'first load of /', description: `${JSON.stringify(totals)}\n${lines.join('\n')}` });

  expect(totals.js, `JavaScript of a first visit, gzip:\n${lines.join('\n')}`).toBeLessThanOrEqual(budget.js);
  expect(totals.css, 'CSS of a first visit, gzip').toBeLessThanOrEqual(budget.css);
  expect(adminOnly.size, 'the manifest names the admin chunks').toBeGreaterThan(0);
  const loadedAdmin = fetched.map((f) => new URL(f.url).pathname).filter((p) => adminOnly.has(p));
  expect(loadedAdmin, 'admin or editing code loaded by a visitor').toEqual([]);
  expect(new URL(baseURL!).host).toBeTruthy();
});

test('images on / are no larger than they are shown', async ({ page }) => {
  await gotoReady(page, '/');
  const images = await page.locator('img').evaluateAll((imgs) =>
    (imgs as HTMLImageElement[]).map((img) => ({
      src: img.currentSrc || img.src,
      natural: img.naturalWidth,
      shown: img.getBoundingClientRect().width * window.devicePixelRatio,
    })),
  );
  for (const img of images) {
    // Vector images scale for free; a raster image may be at most twice the
    // width it is shown at (room for high-density screens).
    if (img.src.endsWith('.svg') || img.shown === 0) continue;
    expect(img.natural, `${img.src} is ${img.natural}px wide, shown at ${img.shown}px`).toBeLessThanOrEqual(Math.max(2 * img.shown, 64));
  }
});
