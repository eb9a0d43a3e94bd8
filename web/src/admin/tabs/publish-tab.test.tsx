import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContentDraft, ContentItem, MediaItem, PageCheckID } from '@/lib/api-types';
import { PublishTab } from './publish-tab';
import { fakeFetch, renderWithQueries } from '@/test/fake-api';

function draft(over: Partial<ContentDraft>): ContentDraft {
  return {
    id: 1,
    section: 'vision',
    key: 'title',
    resource: '',
    recordId: null,
    value: 'Our vision',
    published: null,
    base: null,
    version: 1,
    updatedAt: '2026-11-01T10:00:00Z',
    updatedBy: 'ed',
    reviewRequestedAt: null,
    reviewRequestedBy: '',
    publishAt: null,
    scheduledBy: '',
    comments: [],
    ...over,
  };
}

const order = JSON.stringify(['strategic-innovation', 'future-proof-solutions', 'client-centric-approach', 'new-abc123']);

// A card added to the vision section, its title rewritten, its description still the template's;
// a picture whose image has no alt text; a plain text.
const drafts: ContentDraft[] = [
  draft({ id: 1, section: 'vision', key: 'cards', value: order }),
  draft({ id: 2, section: 'vision', key: 'cards.new-abc123.title', value: 'Measured outcomes' }),
  draft({ id: 3, section: 'about.hero', key: 'image', value: 'media:9' }),
  draft({ id: 4, section: 'hero', key: 'subtitle', value: 'Enterprise AI that ships' }),
];

function media(id: number, over: Partial<MediaItem> = {}): MediaItem {
  const variant = (width: number) => ({ width, height: (width * 3) / 4, format: 'webp' as const, url: `/media/${id}/${width}.webp`, bytes: 1000 });
  return { id, name: `photo-${id}.jpg`, altText: '', decorative: false, variants: [variant(160), variant(320), variant(640)], ...over } as MediaItem;
}

const image = media(9, { name: 'team.jpg' });
const images = [image, media(7, { altText: 'The old office' })];

/** The API as the panel meets it; off are the page checks switched off in Settings, saved the published texts. */
function fakeAPI({ off = [], saved = [], list = drafts }: { off?: PageCheckID[]; saved?: Partial<ContentItem>[]; list?: ContentDraft[] } = {}) {
  return fakeFetch(({ method, url }) => {
    if (method === 'POST' && url.endsWith('/publish')) return Response.json({ data: { published: [] } });
    if (method === 'POST' && url.endsWith('/schedule')) return Response.json({ data: { drafts: [] } });
    if (url.endsWith('/api/admin/drafts')) return Response.json({ data: list });
    if (url.endsWith('/api/admin/publishing-settings')) return Response.json({ data: { mode: 'drafts' } });
    if (url.endsWith('/api/admin/page-check-settings')) return Response.json({ data: { checks: [], off } });
    if (url.endsWith('/api/admin/content')) return Response.json({ data: saved });
    const found = images.find((m) => url.endsWith(`/api/admin/media/${m.id}`));
    if (found) return Response.json({ data: found });
    if (url.includes('/api/admin/media/')) return Response.json({ error: { message: 'Not found' } }, { status: 404 });
    if (url.endsWith('/api/admin/me')) return Response.json({ data: { id: 1, username: 'ed', role: 'editor', isAdmin: false, mayPublish: false } });
    return Response.json({ data: null });
  });
}

function renderPanel() {
  renderWithQueries(<PublishTab />);
}

const cardMessage = "The new card “Measured outcomes” on Home is not shown yet: its description is still the template's text.";
const altMessage = 'An image on About us (about.hero · image) has no alt text.';

async function items(n = 4) {
  const list = await screen.findByRole('list', { name: 'Pending changes' });
  await waitFor(() => expect(within(list).getAllByRole('listitem').length).toBeGreaterThanOrEqual(n));
  return within(list).getAllByRole('listitem').filter((li) => li.parentElement === list);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PublishTab checks', () => {
  it("flags the added item whose texts are still the template's, and the picture without alt text", async () => {
    fakeAPI();
    renderPanel();
    const [orderItem, titleItem, pictureItem, plainItem] = await items();
    for (const li of [orderItem, titleItem]) {
      expect(await within(li).findByText('Not shown yet')).toBeTruthy();
      expect(within(li).getByRole('list', { name: 'Warnings' }).textContent).toBe(cardMessage);
    }
    expect((await within(pictureItem).findByRole('list', { name: 'Warnings' })).textContent).toBe(altMessage);
    expect(within(pictureItem).queryByText('Not shown yet')).toBeNull();
    expect(within(plainItem).queryByRole('list', { name: 'Warnings' })).toBeNull();
  });

  it('says nothing of a card whose texts are all written, nor of alt text once that check is off', async () => {
    const calls = fakeAPI({ off: ['altText'], saved: [{ section: 'vision', key: 'cards.new-abc123.description', value: 'We measure what each model earns.' }] });
    renderPanel();
    await items();
    // Once the texts, the image and the settings have loaded, there is still nothing to say.
    await waitFor(() => expect(calls.map((c) => c.url)).toEqual(expect.arrayContaining(['/api/admin/content', '/api/admin/media/9', '/api/admin/page-check-settings'])));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Not shown yet')).toBeNull();
    expect(screen.queryAllByRole('list', { name: 'Warnings' })).toHaveLength(0);
  });

  it('asks before publishing with warnings, listing them; a selection without any publishes at once', async () => {
    const calls = fakeAPI();
    renderPanel();
    const [, , pictureItem, plainItem] = await items();
    await within(pictureItem).findByRole('list', { name: 'Warnings' });
    const publishes = () => calls.filter((c) => c.method === 'POST' && c.url.endsWith('/drafts/publish'));

    fireEvent.click(screen.getByRole('button', { name: 'Publish all' }));
    let ask = await screen.findByRole('alertdialog', { name: 'Publish with 2 warnings?' });
    expect(within(ask).getAllByRole('listitem').map((li) => li.textContent)).toEqual([cardMessage, altMessage]);
    fireEvent.click(within(ask).getByRole('button', { name: 'Keep reviewing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(publishes()).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Publish all' }));
    ask = await screen.findByRole('alertdialog');
    fireEvent.click(within(ask).getByRole('button', { name: 'Publish anyway' }));
    await waitFor(() => expect(publishes()).toHaveLength(1));
    expect(publishes()[0].body).toEqual({ ids: [1, 2, 3, 4] });

    fireEvent.click(within(plainItem).getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Publish selected (1)' }));
    await waitFor(() => expect(publishes()).toHaveLength(2));
    expect(publishes()[1].body).toEqual({ ids: [4] });
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('PublishTab changes', () => {
  it('shows a picture as thumbnails with their alt text, and says when there is none', async () => {
    fakeAPI({
      list: [
        draft({ id: 1, section: 'about.hero', key: 'image', value: 'media:9', published: null }),
        draft({ id: 2, section: 'about.hero', key: 'image', value: 'media:7', published: 'media:9' }),
        draft({ id: 3, section: 'about.hero', key: 'image', value: 'media:404', published: 'media:7' }),
      ],
    });
    renderPanel();
    const [chosen, changed, gone] = await items(3);
    const sides = (li: HTMLElement) => within(li).getAllByRole('figure');
    const note = (fig: HTMLElement) => fig.querySelector('[data-picture-note]')?.textContent;
    const thumb = (fig: HTMLElement) => fig.querySelector('img')?.getAttribute('src') ?? null;

    await waitFor(() => expect(sides(chosen).map(note)).toEqual(['No picture', 'No alt text']));
    expect(sides(chosen).map(thumb)).toEqual([null, '/media/9/160.webp']);
    expect(sides(chosen).map((f) => within(f).getByText(/Now|After/).textContent)).toEqual(['Now', 'After']);
    expect(chosen.textContent).not.toContain('media:');

    await waitFor(() => expect(sides(changed).map(note)).toEqual(['No alt text', 'Alt text: “The old office”']));
    expect(sides(changed).map(thumb)).toEqual(['/media/9/160.webp', '/media/7/160.webp']);

    await waitFor(() => expect(sides(gone).map(note)).toEqual(['Alt text: “The old office”', 'Not in the media library any more']));
    expect(sides(gone).map(thumb)).toEqual(['/media/7/160.webp', null]);
  });

  it("tells a group's new order in words: the items added, removed and moved, by their names", async () => {
    const builtIn = ['lower-operating-costs', 'faster-better-decisions', 'new-revenue'];
    fakeAPI({
      list: [
        // The vision's cards: the last moved first, one added whose title is written.
        draft({ id: 1, section: 'vision', key: 'cards', value: JSON.stringify(['client-centric-approach', 'strategic-innovation', 'future-proof-solutions', 'new-abc123']) }),
        draft({ id: 2, section: 'vision', key: 'cards.new-abc123.title', value: 'Measured outcomes' }),
        // The benefits: one removed (its title rewritten when published), one added still without a title.
        draft({ id: 3, section: 'benefits', key: 'points', value: JSON.stringify(['lower-operating-costs', 'new-revenue', 'new-xyz']), published: JSON.stringify(builtIn) }),
      ],
      saved: [{ section: 'benefits', key: 'points.faster-better-decisions.title', value: 'Decisions in hours' }],
    });
    renderPanel();
    const [cards, , points] = await items(3);
    const changes = (li: HTMLElement, name: string) => within(li).getByRole('list', { name }).querySelectorAll('li');
    const texts = (nodes: NodeListOf<Element>) => [...nodes].map((n) => n.textContent);

    await waitFor(() => expect(texts(changes(cards, 'Changes to the cards'))).toEqual(['Added “Measured outcomes”', 'Moved “Client-Centric Approach” to place 1 of 4']));
    expect(cards.textContent).toContain('Now: 3 cards');
    expect(cards.textContent).toContain('After: 4 cards');
    expect(cards.textContent).not.toContain('[');

    await waitFor(() => expect(texts(changes(points, 'Changes to the benefits'))).toEqual(['Added “New benefit”', 'Removed “Decisions in hours”']));
    expect(points.textContent).toContain('Now: 3 benefits');
    expect(points.textContent).toContain('After: 3 benefits');
  });

  it('asks before scheduling with warnings, then asks when', async () => {
    const calls = fakeAPI();
    renderPanel();
    const [, , pictureItem] = await items();
    await within(pictureItem).findByRole('list', { name: 'Warnings' });

    fireEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    let ask = await screen.findByRole('alertdialog', { name: 'Schedule with 2 warnings?' });
    expect(within(ask).getAllByRole('listitem').map((li) => li.textContent)).toEqual([cardMessage, altMessage]);
    fireEvent.click(within(ask).getByRole('button', { name: 'Keep reviewing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    ask = await screen.findByRole('alertdialog');
    fireEvent.click(within(ask).getByRole('button', { name: 'Schedule anyway' }));
    const when = await screen.findByRole('dialog', { name: 'Schedule 4 changes' });
    fireEvent.change(within(when).getByLabelText(/Publish at/), { target: { value: '2099-01-02T09:30' } });
    fireEvent.click(within(when).getByRole('button', { name: 'Schedule' }));
    const schedules = () => calls.filter((c) => c.method === 'POST' && c.url.endsWith('/drafts/schedule'));
    await waitFor(() => expect(schedules()).toHaveLength(1));
    expect(schedules()[0].body).toEqual({ ids: [1, 2, 3, 4], publishAt: new Date('2099-01-02T09:30').toISOString() });
  });

  it('schedules drafts without warnings without asking', async () => {
    fakeAPI();
    renderPanel();
    const [, , , plainItem] = await items();
    fireEvent.click(within(plainItem).getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Schedule (1)' }));
    expect(await screen.findByRole('dialog', { name: 'Schedule 1 change' })).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('PublishTab records', () => {
  const was = { id: 5, name: 'Ann', title: 'CTO', content: 'Good work with us', initials: 'AN', isActive: true, order: 1, version: 3, updatedAt: '2026-11-01T09:00:00Z' };
  const record = (over: Partial<ContentDraft>, after: object, now: object | null = was, base: object = was) =>
    draft({ section: '', key: 'testimonials/5', resource: 'testimonials', recordId: 5, value: JSON.stringify({ ...was, ...after }), published: now && JSON.stringify(now), base: JSON.stringify(base), ...over });

  it("lists a record's draft by its noun and name, each field it changes with its value now and after", async () => {
    fakeAPI({ list: [record({ id: 8 }, { content: 'Great work with us', title: 'CTO, Acme' }), draft({ id: 9, section: 'hero', key: 'subtitle', value: 'New' })] });
    renderPanel();
    const [rec] = await items(2);
    expect(rec.textContent).toContain('Testimonial “Ann” · by ed');
    expect(within(rec).getByRole('checkbox', { name: 'Select Testimonial “Ann”' })).toBeTruthy();
    const fields = [...rec.querySelectorAll('[data-record-field]')].map((f) => f.getAttribute('data-record-field'));
    expect(fields).toEqual(['title', 'content']);
    const content = rec.querySelector('[data-record-field="content"]')!;
    expect(content.textContent).toContain('Now: Good work with us');
    expect(content.querySelector('del')?.textContent?.trim()).toBe('Good');
    expect(content.querySelector('ins')?.textContent?.trim()).toBe('Great');
    // Each field by the label of its form; neither the record's JSON nor the fields the server sets show.
    expect([...rec.querySelectorAll('[data-record-field] dt')].map((dt) => dt.textContent)).toEqual(['Title', 'Content']);
    expect(rec.textContent).not.toContain('{');
    expect(rec.textContent).not.toContain('version');
    expect(within(rec).queryByRole('note')).toBeNull();
  });

  it('names a record its draft deletes, and says it leaves the website', async () => {
    fakeAPI({ list: [record({ id: 8, value: 'null' }, {})] });
    renderPanel();
    const [rec] = await items(1);
    expect(within(rec).getByRole('checkbox', { name: 'Select Deleted testimonial “Ann”' })).toBeTruthy();
    expect(rec.textContent).toContain('Deleted from the website when published.');
    expect(rec.querySelectorAll('[data-record-field]')).toHaveLength(0);
  });

  it('names a record its draft adds, created hidden in drafts mode, as new, and shows it as it will be', async () => {
    const hidden = { ...was, isActive: false, version: 1 };
    fakeAPI({ list: [record({ id: 8 }, { isActive: true, version: 1, photo: 'media:4' }, hidden, hidden)] });
    renderPanel();
    const [rec] = await items(1);
    expect(within(rec).getByRole('checkbox', { name: 'Select New testimonial “Ann”' })).toBeTruthy();
    // A picture shows as one, not as its reference.
    expect(rec.querySelector('[data-record-field="photo"] figure')).not.toBeNull();
    expect(rec.textContent).not.toContain('media:4');
    expect(rec.textContent).toContain('Added to the website when published.');
    const fields = [...rec.querySelectorAll('[data-record-field]')].map((f) => [f.querySelector('dt')?.textContent, f.querySelector('dd')?.textContent]);
    expect(fields).toContainEqual(['Name', 'Ann']);
    expect(fields).toContainEqual(['Content', 'Good work with us']);
    expect(fields.map(([label]) => label)).not.toContain('Active');
    expect(rec.textContent).not.toContain('Now:');
    expect(within(rec).queryByRole('note')).toBeNull();
  });

  it('warns of a record changed or deleted on the live website since its draft was saved, and publishes it with the texts', async () => {
    const calls = fakeAPI({
      list: [record({ id: 8 }, { content: 'Drafted' }, { ...was, version: 4 }), record({ id: 10, key: 'testimonials/6', recordId: 6 }, { name: 'Bo' }, null), draft({ id: 9, section: 'hero', key: 'subtitle', value: 'New' })],
    });
    renderPanel();
    const [moved, gone, text] = await items(3);
    for (const li of [moved, gone]) expect(within(li).getByRole('note').textContent).toContain('Changed on the live website');
    expect(within(text).queryByRole('note')).toBeNull();
    fireEvent.click(within(moved).getByRole('checkbox'));
    fireEvent.click(within(text).getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Publish selected (2)' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST' && c.url.endsWith('/drafts/publish')).map((c) => c.body)).toEqual([{ ids: [8, 9] }]));
  });
});
