import { adminAPI, expect, recordRow, showTab, signIn, test, toastWith } from './admin-fixtures';
import { png } from './media-files';

// A page's body written in the admin's rich-text editor: headings, lists,
// links and an image of the media library, with its toolbar and shortcuts;
// the published article's server HTML (a plain request, no JavaScript)
// shows each as its element.

test('an article written in the editor, with a heading, a list, a link and an image, is published and served as those elements', async ({ page, consoleProblems }) => {
  test.setTimeout(90_000);
  await signIn(page);
  const api = await adminAPI(page);
  const up = await page.request.post('/api/admin/media', {
    headers: { Authorization: `Bearer ${api.token}` },
    multipart: { file: { name: 'uptime-chart.png', mimeType: 'image/png', buffer: png(1600, 900) } },
  });
  expect(up.status()).toBe(201);
  const item = ((await up.json()) as { data: { id: number; name: string }[] }).data[0];
  await api.update('media', item.id, { name: item.name, altText: 'Uptime by month', decorative: false, caption: '', credit: '', focalX: 0.5, focalY: 0.5 });

  await showTab(page, 'Pages');
  await page.getByRole('button', { name: 'Add Page' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Page' });
  await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill('Shipping models that last');
  const body = dialog.getByRole('textbox', { name: 'Body' });
  const toolbar = dialog.getByRole('toolbar', { name: 'Formatting' });
  const tool = (name: string) => toolbar.getByRole('button', { name, exact: true });

  // A heading from the toolbar, which says it is on.
  await body.click();
  await tool('Heading').click();
  await expect(tool('Heading')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.insertText('What production needs');
  await page.keyboard.press('Enter');
  await expect(tool('Heading')).toHaveAttribute('aria-pressed', 'false');
  await expect(tool('Paragraph')).toHaveAttribute('aria-pressed', 'true');

  // A paragraph with bold by its shortcut and a link by the link form.
  await page.keyboard.insertText('Read ');
  await page.keyboard.press('ControlOrMeta+b');
  await expect(tool('Bold')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.insertText('the checklist');
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.insertText(' or ');
  await page.keyboard.press('ControlOrMeta+k');
  const address = dialog.getByRole('textbox', { name: 'Link address' });
  await expect(address).toBeFocused();
  // Escape closes the address, and leaves the form open.
  await address.press('Escape');
  await expect(address).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await expect(body).toBeFocused();
  await page.keyboard.press('ControlOrMeta+k');
  await expect(address).toBeFocused();
  await address.fill('javascript:alert(1)');
  await address.press('Enter');
  await expect(dialog.getByText('Use an address starting with https://')).toBeVisible();
  await address.fill('https://example.com/mlops');
  await address.press('Enter');
  await expect(address).toHaveCount(0);
  // The editor takes the focus back on the next frame.
  await expect(body).toBeFocused();
  await page.keyboard.insertText('.');
  await page.keyboard.press('Enter');

  // A bulleted list by the toolbar, two items.
  await tool('Bulleted list').click();
  await expect(tool('Bulleted list')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.insertText('An owner in the business');
  await page.keyboard.press('Enter');
  await page.keyboard.insertText('Pipelines with tests');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');

  // An image of the library, through the picker.
  await tool('Image from the library').click();
  const picker = page.getByRole('dialog', { name: 'Choose an image for the text' });
  await picker.getByRole('listitem', { name: 'uptime-chart.png' }).getByRole('button').click();
  await picker.getByRole('button', { name: 'Choose image' }).click();
  await expect(picker).toHaveCount(0);
  await expect(dialog.getByRole('textbox', { name: 'Alt text' })).toHaveValue('Uptime by month');
  await dialog.getByRole('textbox', { name: 'Alt text' }).fill('Uptime rose every month');

  // The toolbar is one tab stop whose arrow keys move along it.
  await tool('Paragraph').focus();
  await page.keyboard.press('ArrowRight');
  await expect(tool('Heading')).toBeFocused();

  await dialog.getByLabel('Template').click();
  await page.getByRole('option', { name: 'Blog article' }).click();
  await dialog.getByLabel('Category').click();
  await page.getByRole('option', { name: 'AI Strategy' }).click();
  await dialog.getByRole('button', { name: 'Create Page' }).click();
  await expect(toastWith(page, 'Page created successfully')).toBeVisible();
  await recordRow(page, 'Shipping models that last').getByRole('button', { name: 'Publish' }).click();
  await expect(toastWith(page, 'Page published successfully')).toBeVisible();

  // The server's record: the document, and its plain text as content.
  const pages = (await (await page.request.get('/api/admin/pages', { headers: { Authorization: `Bearer ${api.token}` } })).json()) as {
    data: { slug: string; content: string; body: unknown }[];
  };
  const saved = pages.data.find((p) => p.slug === 'shipping-models-that-last')!;
  expect(saved.content).toBe('What production needs\n\nRead the checklist or https://example.com/mlops.\n\n- An owner in the business\n\n- Pipelines with tests');
  expect(saved.body).toMatchObject({ type: 'doc' });

  // What a visitor without JavaScript gets.
  const res = await page.request.get('/blog/shipping-models-that-last');
  expect(res.status()).toBe(200);
  const html = await res.text();
  const main = html.slice(html.indexOf('data-article="text"'));
  expect(main).toMatch(/<h2[^>]*>What production needs<\/h2>/);
  expect(main).toMatch(/<p>Read <strong[^>]*>the checklist<\/strong> or <a href="https:\/\/example.com\/mlops" rel="noopener"[^>]*>https:\/\/example.com\/mlops<\/a>.<\/p>/);
  expect(main).toMatch(/<ul[^>]*><li[^>]*><p>An owner in the business<\/p><\/li><li[^>]*><p>Pipelines with tests<\/p><\/li><\/ul>/);
  expect(main).toMatch(/<picture><source type="image\/webp" srcSet="[^"]+ 320w[^"]*" sizes="[^"]+"\/><img src="\/media\/[0-9a-f]+\.png" srcSet="[^"]+" sizes="[^"]+" width="1600" height="900" alt="Uptime rose every month"/);
  expect(html).not.toContain('javascript:');
  expect(consoleProblems).toEqual([]);

  await api.remove('pages', (pages.data.find((p) => p.slug === 'shipping-models-that-last') as unknown as { id: number }).id);
  await api.remove('media', item.id);
});

test('words made a link stay as they are: what is typed or inserted next goes after them', async ({ page }) => {
  await signIn(page);
  await showTab(page, 'Pages');
  await page.getByRole('button', { name: 'Add Page' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Page' });
  const body = dialog.getByRole('textbox', { name: 'Body' });
  await body.click();
  await page.keyboard.insertText('Read the guide');
  await expect(body).toHaveText('Read the guide');
  await page.keyboard.press('Shift+Home');
  await page.keyboard.press('ControlOrMeta+k');
  const address = dialog.getByRole('textbox', { name: 'Link address' });
  await address.fill('https://example.com/guide');
  await address.press('Enter');
  await expect(body).toBeFocused();
  await page.keyboard.insertText(' today');
  await expect(body.getByRole('link', { name: 'Read the guide' })).toHaveAttribute('href', 'https://example.com/guide');
  await expect(body).toHaveText('Read the guide today');
});
