import type { Locator } from '@playwright/test';
import { expect as baseExpect, test } from './fixtures';
import { gotoReady } from './page-ready';
import { startSeededSite } from './seeded-site';
import { sitemapPaths } from './site-routes';

// The machine running the tests may be busy; wait longer than the default.
const expect = baseExpect.configure({ timeout: 15_000 });

test.describe('header', () => {
  test('navigation comes from the active menu items and Get Started points at the contact form', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    // AI Solutions and Company open dropdowns; their links show when open.
    await expect(nav.getByRole('link')).toHaveText(['Home', 'Benefits', 'Testimonials']);
    await expect(nav.getByRole('button')).toHaveText(['AI Solutions', 'Company']);
    await expect(nav.getByRole('link', { name: 'Benefits' })).toHaveAttribute('href', '/#benefits');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/#contact');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Meridian AI' })).toHaveAttribute('href', '/');

    await gotoReady(page, '/ai-journey');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '#contact');
    await page.getByRole('banner').getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/ai-journey#contact$/);
    await expect(page.getByRole('heading', { name: 'Request your free consultation' })).toBeInViewport();

    await page.goto('/careers');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/#contact');
  });

  test('every link and button shows the one focus ring from the keyboard: solid, 2 px, 2 px off the element', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoReady(page, '/');
    const rings: string[] = [];
    // The skip link, the header's links and button, then into the navy hero.
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Tab');
      rings.push(
        await page.evaluate(() => {
          // A card's stretched link rings the whole card (focus-within).
          let el = document.activeElement as HTMLElement;
          const name = `${el.tagName} ${el.textContent?.trim().slice(0, 20)}`;
          while (getComputedStyle(el).outlineStyle === 'none' && el.parentElement) el = el.parentElement;
          const st = getComputedStyle(el);
          return `${name}: ${st.outlineStyle} ${st.outlineWidth} ${st.outlineOffset} ${st.outlineColor}`;
        }),
      );
    }
    for (const r of rings) expect(r, r).toMatch(/: solid 2px 2px /);
    // A footer link too, which had the browser's own 1 px outline.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).focus();
    const footer = await page.evaluate(() => getComputedStyle(document.activeElement as HTMLElement).outlineWidth);
    expect(footer).toBe('2px');
  });

  test('the focus ring has 3:1 against the ground around it: white, light and dark bands, the navy hero and the call to action', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoReady(page, '/machine-learning');
    const focused = [
      page.getByRole('banner').getByRole('link', { name: 'Get Started' }),
      page.locator('#page-title ~ div a').first(),
      page.locator('section[aria-labelledby="case-study-title"] a[href="/case-studies"]'),
      page.locator('section[aria-labelledby="faq-title"] summary').first(),
      page.locator('section[aria-labelledby="cta-title"] a'),
      page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }),
    ];
    const contrasts: string[] = [];
    // From the keyboard, so that each element focused then shows its ring (:focus-visible).
    await page.keyboard.press('Tab');
    for (const target of focused) {
      await target.focus();
      contrasts.push(
        await page.evaluate(async () => {
          const el = document.activeElement as HTMLElement;
          // The ring's colour once its transition is over.
          await Promise.all(el.getAnimations().map((a) => a.finished));
          // Colours as the screen has them, whatever the syntax (oklab, color-mix).
          const ctx = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
          const rgb = (c: string) => {
            ctx.clearRect(0, 0, 1, 1);
            ctx.fillStyle = c;
            ctx.fillRect(0, 0, 1, 1);
            return [...ctx.getImageData(0, 0, 1, 1).data.slice(0, 3)];
          };
          const lum = (c: number[]) => {
            const [r, g, b] = c.map((v) => (v / 255 <= 0.04045 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
            return 0.2126 * r + 0.7152 * g + 0.0722 * b;
          };
          if (getComputedStyle(el).outlineStyle !== 'solid') return `${el.textContent?.trim().slice(0, 24)}: no ring 0`;
          const ring = rgb(getComputedStyle(el).outlineColor);
          // The ground: the first box around the element with a colour of its own.
          let g = el.parentElement;
          while (g && getComputedStyle(g).backgroundColor === 'rgba(0, 0, 0, 0)') g = g.parentElement;
          const ground = rgb(g ? getComputedStyle(g).backgroundColor : '#fff');
          const [hi, lo] = [lum(ring), lum(ground)].sort((a, b) => b - a);
          return `${el.textContent?.trim().slice(0, 24)} (ring ${ring}, ground ${ground}): ${((hi + 0.05) / (lo + 0.05)).toFixed(2)}`;
        }),
      );
    }
    for (const c of contrasts) expect(Number(c.split(': ').at(-1)), c).toBeGreaterThanOrEqual(3);
  });

  test('the header stays in view while the page scrolls', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    await page.getByRole('heading', { name: 'Start Your AI Journey', level: 2 }).scrollIntoViewIfNeeded();
    await expect(page.getByRole('banner')).toBeInViewport();
  });

  test('the mobile menu opens from the keyboard and closes when a link is chosen', async ({ page, consoleProblems }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await gotoReady(page, '/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('link')).toHaveText(['Home', 'Benefits', 'Testimonials', 'Get Started']);

    // Tab reaches the menu's links, and its sections open with Enter.
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: 'Home' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('button', { name: 'AI Solutions' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(menu.getByRole('button', { name: 'AI Solutions' })).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#solutions$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');

    // Escape closes it too.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    // Open, it dims the page below it; a press there closes it.
    await page.getByRole('button', { name: 'Open menu' }).click();
    const backdrop = page.getByTestId('menu-backdrop');
    await expect(backdrop).toBeVisible();
    await page.mouse.click(187, 760);
    await expect(menu).toBeHidden();
    await expect(backdrop).toHaveCount(0);
    expect(consoleProblems).toEqual([]);
  });
});

test.describe('page behaviour', () => {
  test('back to top appears after 300 px of scrolling and returns to the top', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoReady(page, '/');
    const button = page.getByRole('button', { name: 'Back to top' });
    await expect(button).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 250));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(250);
    await expect(button).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 1200));
    await expect(button).toBeVisible();
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(button).toBeHidden();
  });

  test('on a phone, back to top keeps out of the way of the lead form', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await gotoReady(page, '/ai-journey');
    const button = page.getByRole('button', { name: 'Back to top' });
    const form = page.locator('form').first();
    // The form's middle at the bottom of the screen, where the button sits.
    await page.evaluate(() => {
      const r = document.forms[0].getBoundingClientRect();
      window.scrollTo(0, window.scrollY + r.top + r.height / 2 - window.innerHeight + 40);
    });
    await expect.poll(() => form.evaluate((f) => f.getBoundingClientRect().bottom > window.innerHeight)).toBe(true);
    await expect(button).toBeHidden();
    // Past the form, it comes back.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(button).toBeVisible();
  });

  test('sections below the fold fade in when scrolled to, and stay put under reduced motion', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoReady(page, '/');
    const testimonials = page.locator('#testimonials');
    await expect(testimonials).toHaveAttribute('data-reveal', 'hidden');
    await testimonials.scrollIntoViewIfNeeded();
    await expect(testimonials).toHaveAttribute('data-reveal', 'shown');

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.reload();
    await expect(page.locator('html[data-page-ready]')).toBeAttached();
    await expect(page.getByRole('heading', { name: 'Trusted by enterprise leaders' })).toBeAttached();
    await expect(page.locator('[data-reveal]')).toHaveCount(0);
  });

  test('in-page anchors scroll smoothly', async ({ page }) => {
    await page.goto('/');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('smooth');
  });

  test('without JavaScript every section is visible', async ({ browser, baseURL }) => {
    const ctx = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await ctx.newPage();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Trusted by enterprise leaders' }).scrollIntoViewIfNeeded();
    await expect(page.getByRole('heading', { name: 'Trusted by enterprise leaders' })).toBeVisible();
    await expect(page.locator('[data-reveal]')).toHaveCount(0);
    await ctx.close();
  });
});

test.describe('footer', () => {
  test('shows the three columns, the legal links, three social links and the company name', async ({ page }) => {
    await page.goto('/about-us');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('heading', { level: 3 })).toHaveText(['AI Solutions', 'Services', 'Company']);
    const column = (name: string) => footer.locator('div').filter({ has: page.getByRole('heading', { name, exact: true }) }).last();
    await expect(column('AI Solutions').getByRole('link')).toHaveText([
      'Machine Learning', 'Deep Learning', 'Natural Language Processing', 'Computer Vision', 'Predictive Analytics',
    ]);
    await expect(column('Services').getByRole('link')).toHaveText([
      'AI Consulting', 'Strategy Development', 'Implementation', 'Ongoing Support', 'Training & Education',
    ]);
    await expect(column('Company').getByRole('link')).toHaveText(['About Us', 'Case Studies', 'Blog', 'Careers', 'Contact']);
    await expect(column('Company').getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/#contact');
    for (const [name, href] of [['Privacy Policy', '/privacy-policy'], ['Terms of Service', '/terms-of-service'], ['Cookie Policy', '/cookie-policy']]) {
      await expect(footer.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    const social = footer.getByRole('link', { name: /^Meridian AI on / });
    await expect(social).toHaveCount(3);
    for (const link of await social.all()) await expect(link).toHaveAttribute('href', /^https:\/\//);
    // The footer's first line is the company name.
    await expect(footer.locator('p').first()).toHaveText('Meridian AI');
  });
});

test.describe('content from the database', () => {
  test('the home page shows the three sample testimonials, five stars each, when none are active', async ({ page }) => {
    await page.goto('/');
    const items = page.getByTestId('testimonial');
    await expect(items).toHaveCount(3);
    await expect(items.first()).toContainText('Sarah Chen');
    await expect(items.getByRole('img', { name: 'Rated 5 out of 5' })).toHaveCount(3);
  });

  test('active testimonials, menu items, texts, settings and colours come from the database', async ({ browser }) => {
    const site = await startSeededSite(`
      INSERT INTO cms_testimonials (name, title, content, initials, avatar_bg, "order", is_active) VALUES
        ('Second Person', 'CFO, Beta', 'Second by order.', 'SP', 'bg-red-600', 2, 1),
        ('Hidden Person', 'CEO, Gamma', 'Not active.', 'HP', 'bg-gray-600', 0, 0),
        ('First Person', 'COO, Alpha', 'First by order.', 'FP', 'bg-yellow-600', 1, 1);
      UPDATE menu_items SET is_active = 0 WHERE title = 'Benefits';
      INSERT INTO website_content (section, key, value) VALUES
        ('hero', 'main_title', 'AI that pays for itself'),
        ('footer', 'company_name', 'Acme Intelligence'),
        ('testimonials', 'title', 'Our clients speak');
      UPDATE site_settings SET use_image_logo = 1, logo_image_url = '/favicon.svg', logo_image_alt = 'Acme logo',
        primary_color = '#7c3aed', secondary_color = '#5b21b6';
    `);
    try {
      const ctx = await browser.newContext({ baseURL: site.baseURL });
      const page = await ctx.newPage();
      const res = await page.request.get('/');
      const html = await res.text();
      expect(html).toContain('First by order.');
      expect(html).not.toContain('Not active.');
      expect(html).not.toContain('Sarah Chen');
      expect(html).toContain('--brand-primary:#7c3aed');

      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('AI that pays for itself');
      const items = page.getByTestId('testimonial');
      await expect(items).toHaveCount(2);
      await expect(items.nth(0)).toContainText('First Person');
      await expect(items.nth(1)).toContainText('Second Person');
      await expect(items.getByRole('img', { name: 'Rated 5 out of 5' })).toHaveCount(2);
      await expect(page.getByRole('heading', { name: 'Our clients speak' })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText(['Home', 'Testimonials']);
      const logo = page.getByRole('banner').getByRole('img', { name: 'Acme logo' });
      await expect(logo).toHaveAttribute('src', '/favicon.svg');
      await expect(page.getByRole('contentinfo').locator('p').first()).toHaveText('Acme Intelligence');
      const button = page.getByRole('banner').getByRole('link', { name: 'Get Started' });
      expect(await shownRGB(button)).toEqual([124, 58, 237]);
      // The hero's drawing is in the brand colour too.
      const accent = page.locator('[data-hero-art] [data-art-accent]');
      expect(await accent.evaluate((el) => getComputedStyle(el).fill)).toBe('rgb(124, 58, 237)');
      // A brand colour too light for the white text on it is darkened until it has 4.5:1.
      await page.evaluate(() => document.documentElement.style.setProperty('--brand-primary', '#facc15'));
      const [r, g, b] = await shownRGB(button);
      expect(r).toBeLessThan(0xfa);
      expect(contrastWithWhite(r, g, b)).toBeGreaterThanOrEqual(4.5);
      await ctx.close();
    } finally {
      await site.stop();
    }
  });
});

/** The background colour an element shows, as sRGB bytes (computed colours may be in any colour space). */
function shownRGB(el: Locator): Promise<number[]> {
  return el.evaluate((node) => {
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.fillStyle = getComputedStyle(node).backgroundColor;
    ctx.fillRect(0, 0, 1, 1);
    return [...ctx.getImageData(0, 0, 1, 1).data.slice(0, 3)];
  });
}

/** The WCAG contrast ratio of an sRGB colour with white. */
function contrastWithWhite(...rgb: number[]): number {
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 1.05 / (0.2126 * r + 0.7152 * g + 0.0722 * b + 0.05);
}

test.describe('notifications', () => {
  test('F8 focuses the notification region', async ({ page }) => {
    await gotoReady(page, '/');
    await page.keyboard.press('F8');
    const region = page.getByRole('region', { name: /^Notifications/ });
    await expect(region.locator('ol')).toBeFocused();
    // Once there, the toaster answers F8 itself.
    await page.getByRole('link', { name: 'Explore Solutions' }).focus();
    await page.keyboard.press('F8');
    await expect(region.locator('ol')).toBeFocused();
  });
});

test.describe('icons and manifest', () => {
  const icons = {
    '/favicon.ico': 'image/x-icon',
    '/favicon.svg': 'image/svg+xml',
    '/apple-touch-icon.png': 'image/png',
    '/site.webmanifest': 'application/manifest+json',
  };

  test('each answers with its type, and the manifest names the site and its icons', async ({ request }) => {
    for (const [path, type] of Object.entries(icons)) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      expect(res.headers()['content-type'], path).toBe(type);
    }
    const ico = await (await request.get('/favicon.ico')).body();
    // An icon file: reserved 0, type 1, then a count of images.
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 3]);
    const touch = await (await request.get('/apple-touch-icon.png')).body();
    expect([touch.readUInt32BE(16), touch.readUInt32BE(20)], 'apple-touch-icon size').toEqual([180, 180]);

    const manifest = (await (await request.get('/site.webmanifest')).json()) as {
      name: string;
      short_name: string;
      theme_color: string;
      icons: { src: string; sizes: string; type: string }[];
    };
    expect(manifest.name).toBe('Meridian AI');
    expect(manifest.short_name).toBe('Meridian AI');
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons) {
      const res = await request.get(icon.src);
      expect(res.status(), icon.src).toBe(200);
      expect(res.headers()['content-type'], icon.src).toBe(icon.type);
      const png = await res.body();
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
    }
  });

  test('every page names them in its head, the 404 page and the admin too', async ({ request, site }) => {
    const paths = [...(await sitemapPaths(request, site.baseURL)), '/no-such-page', '/admin'];
    expect(paths.length).toBeGreaterThanOrEqual(21);
    for (const path of paths) {
      const html = await (await request.get(path)).text();
      const head = html.slice(0, html.indexOf('</head>'));
      for (const link of [
        '<link rel="icon" href="/favicon.ico" sizes="48x48"',
        '<link rel="icon" href="/favicon.svg" type="image/svg+xml"',
        '<link rel="apple-touch-icon" href="/apple-touch-icon.png"',
        '<link rel="manifest" href="/site.webmanifest"',
      ]) {
        expect(head, path).toContain(link);
      }
    }
  });
});
