import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContentDraft, ContentItem, MediaItem, PageCheckID } from '@/lib/api-types';
import { PublishTab } from './publish-tab';

function draft(over: Partial<ContentDraft>): ContentDraft {
  return {
    id: 1,
    section: 'vision',
    key: 'title',
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

const image = { id: 9, name: 'team.jpg', altText: '', decorative: false } as MediaItem;

type Call = { method: string; url: string; body?: unknown };

/** The API as the panel meets it; off are the page checks switched off in Settings, saved the published texts. */
function fakeAPI({ off = [], saved = [] }: { off?: PageCheckID[]; saved?: Partial<ContentItem>[] } = {}) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (method === 'POST' && url.endsWith('/publish')) return Response.json({ data: { published: [] } });
      if (url.endsWith('/api/admin/drafts')) return Response.json({ data: drafts });
      if (url.endsWith('/api/admin/publishing-settings')) return Response.json({ data: { mode: 'drafts' } });
      if (url.endsWith('/api/admin/page-check-settings')) return Response.json({ data: { checks: [], off } });
      if (url.endsWith('/api/admin/content')) return Response.json({ data: saved });
      if (url.endsWith('/api/admin/media/9')) return Response.json({ data: image });
      if (url.endsWith('/api/admin/me')) return Response.json({ data: { id: 1, username: 'ed', role: 'editor', isAdmin: false, mayPublish: false } });
      return Response.json({ data: null });
    }),
  );
  return calls;
}

function renderPanel() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PublishTab />
    </QueryClientProvider>,
  );
}

const cardMessage = "The new card “Measured outcomes” on Home is not shown yet: its description is still the template's text.";
const altMessage = 'An image on About us (about.hero · image) has no alt text.';

async function items() {
  const list = await screen.findByRole('list', { name: 'Pending changes' });
  await waitFor(() => expect(within(list).getAllByRole('listitem').length).toBeGreaterThanOrEqual(4));
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
