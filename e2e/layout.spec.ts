import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { gotoReady } from './page-ready';
import { sitemapPaths } from './site-routes';

// Every public route at the widths people use, from the smallest phone to a
// wide desktop: nothing may stick out past the right edge of the viewport
// (which makes the whole page scroll sideways), and no text may be cut off
// by its container, and no button's label may wrap below desktop widths.
// One page load per route, which may not shift the
// layout; the viewport is then resized through the widths.
const widths = [320, 375, 768, 1024, 1280, 1536];

// The built-in routes of the web router (web/src/app/routes.tsx), checked
// below against the sitemap of a fresh site, which lists exactly those.
/** A seeded article of the blog: the article pages share one layout. */
const article = '/blog/predictive-maintenance-lessons';
/** A seeded position: the position pages share one layout too. */
const position = '/careers/senior-machine-learning-engineer';
const study = '/case-studies/predictive-maintenance';

const routes = [
  '/',
  '/ai-journey',
  '/privacy-policy',
  '/terms-of-service',
  '/cookie-policy',
  '/machine-learning',
  '/deep-learning',
  '/natural-language-processing',
  '/computer-vision',
  '/predictive-analytics',
  '/ai-consulting',
  '/strategy-development',
  '/implementation',
  '/ongoing-support',
  '/training-education',
  '/about-us',
  '/case-studies',
  '/blog',
  '/careers',
];

/** What overflows or is clipped on the page as it is laid out now. */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const vw = document.documentElement.clientWidth;
    const describe = (el: Element) => {
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).slice(0, 4).join('.')}` : '';
      const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${cls}>${text ? ` "${text}"` : ''}`;
    };
    // Deliberately hidden from sight, e.g. sr-only: a 1 px box clipped away.
    const visuallyHidden = (el: Element, s: CSSStyleDeclaration) =>
      s.clipPath === 'inset(50%)' || s.clip === 'rect(0px, 0px, 0px, 0px)' || (el.clientWidth <= 1 && el.clientHeight <= 1);
    const clips = (s: CSSStyleDeclaration) => s.overflowX === 'hidden' || s.overflowX === 'clip';

    if (document.documentElement.scrollWidth > vw) {
      problems.push(`the document is ${document.documentElement.scrollWidth} px wide in a ${vw} px viewport`);
    }
    // The outermost box past the edge stands for everything inside it.
    const reported = new Set<Element>();
    for (const el of document.body.querySelectorAll('*')) {
      const s = getComputedStyle(el);
      if (s.display === 'none' || s.visibility === 'hidden' || visuallyHidden(el, s)) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (box.right > vw + 0.5 && !(el.parentElement && reported.has(el.parentElement))) {
        // Past the edge, unless an ancestor that ends inside the viewport clips it.
        let clipped = false;
        for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
          if (clips(getComputedStyle(a)) && a.getBoundingClientRect().right <= vw + 0.5) {
            clipped = true;
            break;
          }
        }
        if (!clipped) {
          reported.add(el);
          problems.push(`${describe(el)} reaches ${Math.round(box.right)} px, past the viewport's ${vw} px`);
        }
      }
      if (clips(s) && el.scrollWidth > el.clientWidth + 1 && (el.textContent ?? '').trim()) {
        const how = s.textOverflow === 'ellipsis' ? 'ends in an ellipsis' : 'is cut off';
        problems.push(`${describe(el)} ${how}: ${el.scrollWidth} px of content in ${el.clientWidth} px`);
      }
    }
    return problems;
  });
}

/**
 * The calls to action whose label wraps onto a second line or sticks out
 * of the screen: no "Start Your AI / Journey" on a phone or a tablet. The
 * site's buttons (components/ui/button) are found by their minimum
 * height, which a one-line label fills. The header's links and buttons (the
 * logo, the menu's items) are measured against their line height: no
 * "Meridian / AI" or "AI / Solutions" either.
 */
function wrappedLabels(page: Page): Promise<string[]> {
  return page.locator('a[class*="min-h-1"], button[class*="min-h-1"], header :is(a, button)').evaluateAll((els) => {
    const vw = document.documentElement.clientWidth;
    return els
      .filter((el) => el.getClientRects().length > 0 && (el.textContent ?? '').trim() !== '')
      .flatMap((el) => {
        const box = el.getBoundingClientRect();
        const label = (el.textContent ?? '').trim();
        const s = getComputedStyle(el);
        const oneLine = el.className.includes('min-h-1')
          ? parseFloat(s.minHeight) + 4
          : parseFloat(s.paddingTop) + parseFloat(s.paddingBottom) + Math.max(parseFloat(s.lineHeight) * 1.5, 36);
        if (box.height > oneLine) return [`the label "${label}" wraps`];
        if (box.left < 0 || box.right > vw) return [`the label "${label}" is outside the screen`];
        return [];
      });
  });
}

/** The widths at which no call to action's label may wrap. */
const labelWidths = [320, 375, 768];

/**
 * The layout shifts of the page's load so far, once its fonts are in and
 * 100 ms more have passed: each as its value and the elements it moved.
 */
function loadShift(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    await document.fonts.ready;
    return new Promise<string[]>((resolve) => {
      const shifts: string[] = [];
      type Rect = { x: number; y: number; width: number; height: number };
      type Shift = PerformanceEntry & { value: number; sources: { node?: Node; previousRect: Rect; currentRect: Rect }[] };
      const box = (r: Rect) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as Shift[]) {
          // Below a ten-thousandth, a shift is sub-pixel rounding of text
          // as the web font replaces its fallback (a right-aligned figure
          // moving by a fraction of a pixel); reports show it as 0.
          if (e.value < 0.0001) continue;
          // Each moved node with where it was and where it went, so that a rare shift can be told apart from a font's.
          const moved = e.sources.map(
            (s) =>
              `${s.node instanceof Element ? `<${s.node.tagName.toLowerCase()}> "${(s.node.textContent ?? '').trim().slice(0, 30)}"` : String(s.node?.nodeName)} from ${box(s.previousRect)} to ${box(s.currentRect)}`,
          );
          shifts.push(`${e.value.toFixed(4)} at ${Math.round(e.startTime)} ms: ${moved.join(', ')}`);
        }
      }).observe({ type: 'layout-shift', buffered: true });
      setTimeout(() => resolve(shifts), 100);
    });
  });
}

/** The states of the Inter face: 'loaded' once it is in. */
function interStatus(page: Page): Promise<string[]> {
  return page.evaluate(() => [...document.fonts].filter((f) => f.family === 'Inter Variable').map((f) => f.status));
}

/** The font Chromium draws the page's h1 in, as its DevTools report it ('Inter', 'Liberation Sans'...). */
async function headingFont(page: Page): Promise<string | undefined> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument');
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: 'h1' });
    // The text node inside the heading carries the fonts.
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    return fonts.toSorted((a, b) => b.glyphCount - a.glyphCount)[0]?.familyName;
  } finally {
    await cdp.detach();
  }
}

test.describe('layout at every width', () => {
  // Sections fade in from below as they scroll into view; without motion
  // they stand where they belong from the start.
  test.use({ reducedMotion: 'reduce' });

  test('the routes checked here are the ones the site serves', async ({ page, site }) => {
    // The built-in pages, and the seeded articles under /blog/, positions under /careers/ and case studies under /case-studies/, one of each checked as well.
    const paths = await sitemapPaths(page.request, site.baseURL);
    expect(paths.filter((p) => !/^\/(blog|careers|case-studies)\//.test(p)).toSorted()).toEqual(routes.toSorted());
    expect(paths).toContain(article);
    expect(paths).toContain(position);
    expect(paths).toContain(study);
    expect(routes).toHaveLength(19);
  });

  for (const path of [...routes, article, position, study]) {
    test(`${path} neither overflows nor clips text nor wraps a button's label from ${widths[0]} to ${widths.at(-1)} px`, async ({ page }) => {
      await page.setViewportSize({ width: widths[0], height: 900 });
      await gotoReady(page, path);
      // Nothing moves while the page loads and hydrates, nor when the web
      // font arrives.
      expect(await loadShift(page), 'cumulative layout shift of the load').toEqual([]);
      const found: string[] = [];
      for (const width of widths) {
        await page.setViewportSize({ width, height: 900 });
        // Let the resize lay the page out (media queries, observers) before measuring.
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        for (const p of await layoutProblems(page)) found.push(`${width} px: ${p}`);
        if (labelWidths.includes(width)) for (const p of await wrappedLabels(page)) found.push(`${width} px: ${p}`);
      }
      expect(found).toEqual([]);
    });
  }

  test('the closing call to action stacks its button over its note on a phone and at 768 px, the hero its two buttons on a phone, and no label wraps', async ({ page }) => {
    await gotoReady(page, '/machine-learning');
    // The closing call to action: its button above its note. The hero: the consultation above the case studies.
    const banner = page.locator('section[aria-labelledby="cta-title"]');
    const hero = page.locator('section[aria-labelledby="page-title"]');
    const below = async (upper: { boundingBox(): Promise<{ y: number; height: number } | null> }, lower: { boundingBox(): Promise<{ y: number } | null> }) => {
      const [a, b] = [await upper.boundingBox(), await lower.boundingBox()];
      return b!.y >= a!.y + a!.height;
    };
    for (const width of [320, 375, 479, 768]) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const ctaButton = banner.getByRole('link', { name: 'Start Your AI Journey' });
      expect(await below(ctaButton, banner.getByText('Free 30-minute consultation'))).toBe(true);
      expect(await ctaButton.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe('nowrap');
      const consult = hero.getByRole('link', { name: 'Book a free consultation' });
      expect(await consult.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe('nowrap');
      if (width < 640) expect(await below(consult, hero.getByRole('link', { name: 'See client results' }))).toBe(true);
    }
  });

  // The font is preloaded, and mostly there before the first paint. When it
  // is slow, as on a phone's first visit, the page paints in the
  // metric-adjusted fallback ('Inter Fallback' in web/src/styles.css) and,
  // with `font-display: optional`, stays in it: a late font is kept for the
  // next page rather than swapped in, which would move text whose lines
  // wrap differently (a legal page's paragraphs at 320 px did). The font is
  // held back here until the page has painted and hydrated in the fallback.
  test.describe('a late font', () => {
    // Each page at one width of a phone, a small phone or a desktop, and
    // the home page at two: the pages whose lines wrap differently in the
    // fallback (a legal page's paragraphs at 320 px once did) and the
    // header's row of links on a desktop.
    const cases: [string, number][] = [
      ['/', 320],
      ['/', 1280],
      ['/about-us', 375],
      ['/implementation', 1280],
      ['/privacy-policy', 320],
      ['/cookie-policy', 375],
    ];
    for (const [path, width] of cases) {
      test(`${path} at ${width} px does not shift when Inter comes late, and shows Inter once it is cached`, async ({ page }) => {
        let release = () => {};
        const held = new Promise<void>((r) => (release = r));
        await page.route('**/*.woff2', async (route) => {
          await held;
          await route.continue();
        });
        await page.setViewportSize({ width, height: 900 });
        // The load event waits for the preloaded font: wait for hydration instead.
        await page.goto(path, { waitUntil: 'domcontentloaded' });
        await expect(page.locator('html[data-page-ready]')).toBeAttached({ timeout: 15_000 });
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        expect(await interStatus(page)).not.toEqual(['loaded']);
        release();
        await expect.poll(() => interStatus(page)).toEqual(['loaded']);
        expect(await loadShift(page), 'layout shifts of the load and the late font').toEqual([]);
        expect(await headingFont(page), 'the heading, still in the fallback').not.toBe('Inter');

        await page.unroute('**/*.woff2');
        await gotoReady(page, path);
        expect(await loadShift(page), 'layout shifts of the next load').toEqual([]);
        expect(await headingFont(page), 'the heading, in Inter from the cache').toBe('Inter');
      });
    }
  });
});
