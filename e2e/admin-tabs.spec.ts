import type { Locator, Page } from '@playwright/test';
import { expect, showTab, signIn, storedSession, test, toastWith, typeBody } from './admin-fixtures';

/** Signs in and opens one tab of the dashboard. */
async function openTab(page: Page, name: string) {
  await signIn(page);
  await showTab(page, name);
}

/** Picks an option of the Radix select labelled label in the open dialog. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('dialog').getByLabel(label).click();
  await page.getByRole('option', { name: option }).click();
}

function row(page: Page, name: string) {
  return page.getByRole('main').getByRole('listitem', { name, exact: true });
}

/** A record as the API returns it now, found by a field. */
async function apiRecord(page: Page, resource: string, field: string, value: string) {
  const { token } = await storedSession(page);
  const res = await page.request.get(`/api/admin/${resource}`, { headers: { Authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { data: Record<string, unknown>[] };
  return body.data.find((r) => r[field] === value);
}

/** An element's background and text colours as sRGB bytes, drawn on a canvas (a computed style may be in oklab). */
function colours(el: Locator) {
  return el.evaluate((node) => {
    const style = getComputedStyle(node);
    const g = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
    const rgb = (css: string) => {
      g.clearRect(0, 0, 1, 1);
      g.fillStyle = css;
      g.fillRect(0, 0, 1, 1);
      return [...g.getImageData(0, 0, 1, 1).data.slice(0, 3)];
    };
    return { bg: rgb(style.backgroundColor), fg: rgb(style.color) };
  });
}

/** The WCAG 2 contrast ratio of two sRGB colours. */
function contrast(a: number[], b: number[]) {
  const luminance = (c: number[]) =>
    c.map((v) => v / 255).map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)).reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

test.describe('menu tab', () => {
  test('creates, edits and deletes a menu item', async ({ page }) => {
    await openTab(page, 'Menu');
    await expect(row(page, 'Home')).toContainText('Active');
    await page.getByRole('button', { name: 'Add Menu Item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Menu Item' });
    await dialog.getByLabel('Title').fill('Success Stories');
    await dialog.getByLabel('URL').fill('/success-stories');
    await dialog.getByLabel('Order').fill('7');
    await choose(page, 'Parent', 'Company');
    await dialog.getByRole('button', { name: 'Create Menu Item' }).click();
    await expect(toastWith(page, 'Menu item created successfully')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(row(page, 'Success Stories')).toContainText('/success-stories');
    expect(await apiRecord(page, 'menu-items', 'title', 'Success Stories')).toMatchObject({ order: 7, isActive: true, parentId: (await apiRecord(page, 'menu-items', 'title', 'Company'))?.id });
    // Shown under its parent, indented.
    await expect(row(page, 'Success Stories').locator('[data-menu-child]')).toHaveCount(1);
    const titles = await page.getByRole('main').getByRole('listitem').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    expect(titles.indexOf('Success Stories')).toBeGreaterThan(titles.indexOf('Company'));

    await page.getByRole('button', { name: 'Edit Success Stories' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Menu Item' });
    await expect(edit.getByLabel('Title')).toHaveValue('Success Stories');
    await edit.getByLabel('Title').fill('Our Work');
    await edit.getByRole('switch', { name: 'Active' }).click();
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    const updated = toastWith(page, 'Menu item updated successfully');
    await expect(updated).toBeVisible();
    await expect(row(page, 'Our Work')).toContainText('Inactive');
    await expect(row(page, 'Success Stories')).toHaveCount(0);
    // The item is last on the page, where the toast sits: dismissed first.
    await updated.getByRole('button', { name: 'Close' }).click();
    await expect(updated).toHaveCount(0);

    await page.getByRole('button', { name: 'Delete Our Work' }).click();
    await expect(toastWith(page, 'Menu item deleted successfully')).toBeVisible();
    await expect(row(page, 'Our Work')).toHaveCount(0);
    expect(await apiRecord(page, 'menu-items', 'title', 'Our Work')).toBeUndefined();
  });

  test("an item's Parent select offers neither the item itself nor, for a parent, any other item", async ({ page }) => {
    await openTab(page, 'Menu');
    const parentChoices = async (item: string) => {
      await page.getByRole('button', { name: `Edit ${item}`, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Menu Item' });
      await dialog.getByLabel('Parent').click();
      const choices = await page.getByRole('option').allTextContents();
      await page.keyboard.press('Escape');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
      return choices;
    };
    // Home is top-level without items: every other top-level item, not itself.
    const home = await parentChoices('Home');
    expect(home).toContain('None (top level)');
    expect(home).toContain('Company');
    expect(home).not.toContain('Home');
    // AI Solutions has items under it: it stays top-level (one level only), and its own items are never offered.
    expect(await parentChoices('AI Solutions')).toEqual(['None (top level)']);
  });

  test('the menu dialog requires title and URL and sends nothing without them', async ({ page }) => {
    await openTab(page, 'Menu');
    let posts = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/admin/menu-items')) posts++;
    });
    await page.getByRole('button', { name: 'Add Menu Item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Menu Item' });
    await dialog.getByRole('button', { name: 'Create Menu Item' }).click();
    await expect(dialog.getByText('Title is required')).toBeVisible();
    await expect(dialog.getByText('URL is required')).toBeVisible();
    await expect(dialog.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByLabel('Title').fill('Only a title');
    await dialog.getByRole('button', { name: 'Create Menu Item' }).click();
    await expect(dialog.getByText('Title is required')).toHaveCount(0);
    await expect(dialog.getByText('URL is required')).toBeVisible();
    expect(posts).toBe(0);
  });

  test("a menu item's address is chosen among the site's pages, or typed", async ({ page }) => {
    await openTab(page, 'Menu');
    await page.getByRole('button', { name: 'Add Menu Item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Menu Item' });
    const picker = dialog.getByRole('combobox', { name: 'Pages of the site' });
    await expect(picker).toHaveText('Or choose a page of the site…');
    await picker.click();
    await expect(page.getByRole('option', { name: /Article: .* · \/blog\// }).first()).toBeVisible();
    await page.getByRole('option', { name: /· \/about-us$/ }).click();
    await expect(dialog.getByRole('textbox', { name: 'URL' })).toHaveValue('/about-us');
    await dialog.getByRole('textbox', { name: 'URL' }).fill('/#solutions');
    await expect(picker).toHaveText('Another address, as typed above');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });
});

test.describe('images tab', () => {
  test('creates, edits and deletes an image, with its rules', async ({ page }) => {
    await openTab(page, 'Images');
    await expect(page.getByText('No images yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Add Image' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Image' });
    await dialog.getByRole('button', { name: 'Create Image' }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await expect(dialog.getByText('URL is required')).toBeVisible();
    await dialog.getByLabel('Name').fill('Team photo');
    await dialog.getByLabel('Image URL').fill('/favicon.svg');
    await dialog.getByLabel('Alt Text').fill('Our team');
    await dialog.getByLabel('Section').fill('about');
    await dialog.getByRole('button', { name: 'Create Image' }).click();
    await expect(toastWith(page, 'Image created successfully')).toBeVisible();
    await expect(row(page, 'Team photo')).toContainText('/favicon.svg');

    await page.getByRole('button', { name: 'Edit Team photo' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Image' });
    await edit.getByLabel('Name').fill('Leadership photo');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toastWith(page, 'Image updated successfully')).toBeVisible();
    await expect(row(page, 'Leadership photo')).toBeVisible();

    await page.getByRole('button', { name: 'Delete Leadership photo' }).click();
    await expect(toastWith(page, 'Image deleted successfully')).toBeVisible();
    await expect(page.getByText('No images yet.')).toBeVisible();
  });
});

test.describe('testimonials tab', () => {
  test('creates, edits and deletes a testimonial', async ({ page }) => {
    await openTab(page, 'Testimonials');
    await page.getByRole('button', { name: 'Add Testimonial' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Testimonial' });
    await dialog.getByLabel('Name').fill('Dana Whitfield');
    await dialog.getByLabel('Title').fill('COO, Northwind');
    await dialog.getByLabel('Content').fill('They cut our forecasting error in half.');
    await dialog.getByLabel('Initials').fill('DW');
    await choose(page, 'Avatar Colour', 'Green');
    await dialog.getByLabel('Order').fill('2');
    await dialog.getByRole('button', { name: 'Create Testimonial' }).click();
    await expect(toastWith(page, 'Testimonial created successfully')).toBeVisible();
    await expect(row(page, 'Dana Whitfield')).toContainText('Active');
    expect(await apiRecord(page, 'testimonials', 'name', 'Dana Whitfield')).toMatchObject({ avatarBg: 'bg-green-600', order: 2, initials: 'DW' });

    await page.getByRole('button', { name: 'Edit Dana Whitfield' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Testimonial' });
    await edit.getByRole('switch', { name: 'Active' }).click();
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toastWith(page, 'Testimonial updated successfully')).toBeVisible();
    await expect(row(page, 'Dana Whitfield')).toContainText('Inactive');

    await page.getByRole('button', { name: 'Delete Dana Whitfield' }).click();
    await expect(toastWith(page, 'Testimonial deleted successfully')).toBeVisible();
    await expect(row(page, 'Dana Whitfield')).toHaveCount(0);
  });

  test('the testimonial dialog requires its fields and at most 3 initials', async ({ page }) => {
    await openTab(page, 'Testimonials');
    await page.getByRole('button', { name: 'Add Testimonial' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Testimonial' });
    await dialog.getByRole('button', { name: 'Create Testimonial' }).click();
    for (const msg of ['Name is required', 'Title is required', 'Content is required', 'Initials is required']) {
      await expect(dialog.getByText(msg)).toBeVisible();
    }
    await dialog.getByLabel('Name').fill('A');
    await dialog.getByLabel('Title').fill('B');
    await dialog.getByLabel('Content').fill('C');
    await dialog.getByLabel('Initials').fill('ABCD');
    await dialog.getByRole('button', { name: 'Create Testimonial' }).click();
    await expect(dialog.getByText('Initials must be at most 3 characters')).toBeVisible();
    await expect(dialog).toBeVisible();
  });
});

test.describe('footer tab', () => {
  test('groups links by category and creates, edits and deletes one', async ({ page }) => {
    await openTab(page, 'Footer');
    const legal = page.getByRole('region', { name: 'Legal' });
    await expect(legal.getByRole('listitem', { name: 'Privacy Policy' })).toContainText('Active');
    await page.getByRole('button', { name: 'Add Footer Link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Footer Link' });
    await dialog.getByRole('button', { name: 'Create Footer Link' }).click();
    await expect(dialog.getByText('Title is required')).toBeVisible();
    await dialog.getByLabel('Title').fill('Accessibility');
    await choose(page, 'Category', 'Legal');
    await dialog.getByRole('button', { name: 'Create Footer Link' }).click();
    await expect(toastWith(page, 'Footer link created successfully')).toBeVisible();
    await expect(legal.getByRole('listitem', { name: 'Accessibility' })).toContainText('No link');

    await page.getByRole('button', { name: 'Edit Accessibility' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Footer Link' });
    await edit.getByLabel('URL').fill('/accessibility');
    await choose(page, 'Category', 'Company');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toastWith(page, 'Footer link updated successfully')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Company' }).getByRole('listitem', { name: 'Accessibility' })).toContainText('/accessibility');
    await expect(legal.getByRole('listitem', { name: 'Accessibility' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Delete Accessibility' }).click();
    await expect(toastWith(page, 'Footer link deleted successfully')).toBeVisible();
    await expect(page.getByRole('listitem', { name: 'Accessibility' })).toHaveCount(0);
  });

  test('an empty category says so', async ({ page }) => {
    await openTab(page, 'Footer');
    const legal = page.getByRole('region', { name: 'Legal' });
    for (const name of ['Privacy Policy', 'Terms of Service', 'Cookie Policy']) {
      await page.getByRole('button', { name: `Delete ${name}` }).click();
      await expect(legal.getByRole('listitem', { name })).toHaveCount(0);
    }
    await expect(legal.getByText('No links in this category yet.')).toBeVisible();
  });
});

test.describe('pages tab', () => {
  test('creates a draft with a slug from its title, publishes, edits and deletes it', async ({ page }) => {
    await openTab(page, 'Pages');
    // The seeded articles of the blog are pages too.
    await expect(row(page, 'Why most AI pilots never reach production, and how to fix it')).toContainText('/blog/ai-pilots-to-production');
    await page.getByRole('button', { name: 'Add Page' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Page' });
    await dialog.getByRole('button', { name: 'Create Page' }).click();
    await expect(dialog.getByText('Title is required')).toBeVisible();
    await expect(dialog.getByText('Body is required')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill('  Our New Approach: AI & You!  ');
    const long = 'x'.repeat(150);
    await typeBody(dialog, long);
    await dialog.getByRole('button', { name: 'Create Page' }).click();
    await expect(toastWith(page, 'Page created successfully')).toBeVisible();
    const item = row(page, 'Our New Approach: AI & You!');
    await expect(item).toContainText('/our-new-approach-ai-you');
    await expect(item).toContainText(`${'x'.repeat(100)}...`);
    await expect(item).not.toContainText('x'.repeat(101));
    await expect(item).toContainText('Draft');

    await item.getByRole('button', { name: 'Publish' }).click();
    await expect(toastWith(page, 'Page published successfully')).toBeVisible();
    await expect(item).toContainText('Published');
    await expect(item.getByRole('button', { name: 'Publish' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Edit Our New Approach: AI & You!' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Page' });
    await choose(page, 'Status', 'Draft');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toastWith(page, 'Page updated successfully')).toBeVisible();
    await expect(item.getByRole('button', { name: 'Publish' })).toBeVisible();

    await page.getByRole('button', { name: 'Delete Our New Approach: AI & You!' }).click();
    await expect(toastWith(page, 'Page deleted successfully')).toBeVisible();
    await expect(item).toHaveCount(0);
  });

  test('a slug already taken shows the failure toast', async ({ page }) => {
    await openTab(page, 'Pages');
    for (const title of ['Pricing', 'Pricing Two']) {
      await page.getByRole('button', { name: 'Add Page' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Page' });
      await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
      await dialog.getByLabel('Slug').fill('pricing');
      await typeBody(dialog, 'Plans and prices.');
      await dialog.getByRole('button', { name: 'Create Page' }).click();
    }
    await expect(toastWith(page, 'Failed to create page')).toBeVisible();
    const dialog = page.getByRole('dialog', { name: 'Add Page' });
    await expect(dialog.getByRole('alert')).toHaveText('A page with the slug "pricing" already exists.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(row(page, 'Pricing')).toBeVisible();
    await expect(row(page, 'Pricing Two')).toHaveCount(0);
  });
});

test.describe('dashboard and read-only tabs', () => {
  test('shows the counts, lists a contact submission and refreshes on demand', async ({ page }) => {
    await signIn(page);
    await expect(page.getByText('Contact submissions')).toBeVisible();
    const contacts = page.getByRole('main').locator('section', { hasText: 'Contact submissions' });
    // Other tests of this worker may have sent leads already: count from what is there.
    await expect(contacts).toContainText(/\d/);
    const before = Number(await contacts.locator('p').nth(1).textContent());
    const res = await page.request.post('/api/contact', {
      data: { firstName: 'Ada', lastName: 'Byron', email: 'ada@example.com', company: 'Engines Ltd', jobTitle: 'cto', aiSolutionInterest: 'nlp', projectDetails: 'Parse our contracts.' },
    });
    expect(res.ok()).toBe(true);
    await page.getByRole('button', { name: 'Refresh Data' }).click();
    await expect(contacts.locator('p').nth(1)).toHaveText(String(before + 1));
    await showTab(page, 'Contacts');
    await expect(row(page, 'Ada Byron')).toContainText('ada@example.com');
  });
});

test.describe('content tab', () => {
  test('lists every editable text by page; a text edited there is live, and reset brings back the built-in one', async ({ page, request }) => {
    await openTab(page, 'Content');
    await expect(page.getByRole('main')).toContainText(/\d{3,} editable texts on the site/);
    await page.getByLabel('Search texts').fill('Our core values');
    const row = page.getByRole('listitem', { name: 'about.values title' });
    await expect(row).toContainText('Our core values');
    await row.getByRole('button', { name: 'Edit about.values title' }).click();
    await row.getByLabel('Text of about.values title').fill('What we stand for');
    await row.getByRole('button', { name: 'Save' }).click();
    await expect(toastWith(page, 'Content Updated')).toBeVisible();
    await expect(row).toContainText('Built-in: Our core values');
    expect(await (await request.get('/about-us')).text()).toContain('What we stand for');

    await row.getByRole('button', { name: 'Reset about.values title to default' }).click();
    await expect(toastWith(page, 'Text reset')).toBeVisible();
    await expect(row.getByText('Changed')).toHaveCount(0);
    const html = await (await request.get('/about-us')).text();
    expect(html).toContain('Our core values');
    expect(html).not.toContain('What we stand for');
  });
});

test.describe('settings tab', () => {
  test('logo and colours saved in settings show on the public site', async ({ page, request }) => {
    await openTab(page, 'Settings');
    await page.getByLabel('Logo Image URL').fill('/no-such-logo.png');
    await expect(page.getByRole('img', { name: 'Company Logo' })).toHaveCount(0);
    await page.getByLabel('Logo Image URL').fill('/favicon.svg');
    await expect(page.getByRole('img', { name: 'Company Logo' })).toBeVisible();
    await page.getByLabel('Logo Alt Text').fill('Meridian mark');
    await page.getByRole('switch', { name: 'Use image logo' }).click();
    await page.getByLabel('Primary Colour', { exact: true }).fill('#ff0000');
    await page.getByLabel('Secondary Colour', { exact: true }).fill('#00aa00');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(toastWith(page, 'Site settings updated successfully. Changes are now live on the website!')).toBeVisible();

    const html = await (await request.get('/')).text();
    expect(html).toContain('--brand-primary:#ff0000;--brand-secondary:#00aa00');
    const site = await page.context().newPage();
    await site.goto('/');
    await expect(site.getByRole('img', { name: 'Meridian mark' }).first()).toHaveAttribute('src', '/favicon.svg');
  });

  test('the admin takes the primary colour of the settings, darkened where white text would not read on it', async ({ page }) => {
    await openTab(page, 'Settings');
    const save = page.getByRole('button', { name: 'Save Settings' });
    await page.getByLabel('Primary Colour', { exact: true }).fill('#facc15');
    await save.click();
    try {
      await expect(toastWith(page, 'Site settings updated successfully. Changes are now live on the website!')).toBeVisible();
      await page.mouse.move(0, 0);
      // At once, and from the server's page after a reload: a dark yellow under white text.
      for (const reload of [false, true]) {
        if (reload) await page.reload();
        await expect.poll(async () => {
          const { bg, fg } = await colours(save);
          return { yellow: bg[0] > bg[2] + 60 && bg[1] > bg[2] + 40, readable: contrast(bg, fg) >= 4.5 };
        }).toEqual({ yellow: true, readable: true });
      }
    } finally {
      // The default again, for the worker's other tests.
      await page.getByLabel('Primary Colour', { exact: true }).fill('#2563eb');
      const saved = page.waitForResponse((r) => r.url().endsWith('/api/admin/site-settings') && r.request().method() === 'PUT');
      await save.click();
      expect((await saved).status()).toBe(200);
    }
  });

  test('a colour that is not hex is refused beside the field', async ({ page }) => {
    await openTab(page, 'Settings');
    await page.getByLabel('Primary Colour', { exact: true }).fill('red');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Use a colour like #2563eb')).toBeVisible();
  });
});

test('no tab of the admin breaks the Content-Security-Policy', async ({ page, consoleProblems }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  await signIn(page);
  for (const name of ['Contacts', 'Content', 'Settings', 'Pages', 'Menu', 'Images', 'Testimonials', 'Footer', 'Dashboard']) {
    await showTab(page, name);
  }
  // Open a form, so that its schema runs.
  await showTab(page, 'Menu');
  await page.getByRole('button', { name: 'Add Menu Item' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Create Menu Item' }).click();
  await expect(page.getByRole('dialog').getByText('Title is required')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  expect(consoleProblems).toEqual([]);
});
