import { expect, test } from './fixtures';
import { gotoReady } from './page-ready';
import { sitemapPaths } from './site-routes';

// A call to action's label stays on one line on a phone and a tablet: no
// "Start Your AI / Journey". The buttons of the site (components/ui/button)
// are found by their minimum height, which a one-line label fills.

for (const width of [320, 375, 768]) {
  test(`no button label wraps at ${width} px on any page`, async ({ page, request, site }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    const wrapped: string[] = [];
    for (const path of await sitemapPaths(request, site.baseURL)) {
      await gotoReady(page, path);
      const found = await page.locator('a[class*="min-h-1"], button[class*="min-h-1"]').evaluateAll((els) =>
        els
          .filter((el) => el.getClientRects().length > 0)
          .filter((el) => el.getBoundingClientRect().height > parseFloat(getComputedStyle(el).minHeight) + 4)
          .map((el) => (el.textContent ?? '').trim()),
      );
      wrapped.push(...found.map((label) => `${path}: ${label}`));
      // Kept on one line, none sticks out of the screen either.
      const outside = await page.locator('a[class*="min-h-1"], button[class*="min-h-1"]').evaluateAll((els, w) =>
        els
          .filter((el) => el.getClientRects().length > 0)
          .filter((el) => el.getBoundingClientRect().left < 0 || el.getBoundingClientRect().right > w)
          .map((el) => (el.textContent ?? '').trim()),
      width);
      wrapped.push(...outside.map((label) => `${path}: ${label} (outside the screen)`));
    }
    expect(wrapped).toEqual([]);
  });
}
