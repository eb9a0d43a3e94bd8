import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from './fixtures';
import { gotoReady } from './page-ready';
import { routeName, sitemapPaths } from './site-routes';

// Full-page screenshots of every public route at five widths, from the smallest phone to a wide desktop, for looking
// at the pages as visitors get them: `make screenshots` writes them to
// screenshots/{width}/{route}.png (SCREENSHOTS_DIR sets another folder).
const widths = [320, 375, 768, 1280, 1920];
const dir = resolve(process.env.SCREENSHOTS_DIR ?? 'screenshots');

// Sections fade in as they scroll into view; reduced motion shows them at once.
test.use({ reducedMotion: 'reduce' });

test('full-page screenshots of every public route', async ({ page, site }) => {
  const paths = await sitemapPaths(page.request, site.baseURL);
  for (const width of widths) mkdirSync(join(dir, String(width)), { recursive: true });
  // Each width loads the page afresh, as a visitor's screen of that width
  // does: a page laid out at one width and then resized can keep sizes of
  // the first.
  for (const path of paths) {
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      await gotoReady(page, path);
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: join(dir, String(width), `${routeName(path)}.png`), fullPage: true });
    }
  }
  console.log(`${paths.length * widths.length} screenshots in ${dir}`);
});
