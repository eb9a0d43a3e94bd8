import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { emptySiteData, type ContentMap } from '@/lib/site-data';
import { SiteDataProvider } from '@/lib/site-data-context';
import { ContentItem, ContentSection, useContentGroup } from './content-scope';
import { signInAsAdmin, writes } from '@/test/admin-session';
import { EditableText } from './editable-text';

// A group of cards as the pages build one. Saved texts last the page visit,
// so each test uses a section of its own (the limits are those of `vision`
// only where the section is `vision`: elsewhere the defaults, 1 to 12).
const builtIn = [
  { id: 'one', title: 'First card' },
  { id: 'two', title: 'Second card' },
  { id: 'three', title: 'Third card' },
];
const template = { title: 'New card' };

function Cards() {
  const shown = useContentGroup('cards', builtIn, template);
  return (
    <ul>
      {shown.map((c) => (
        <li key={c.id}>
          <ContentItem group="cards" id={c.id} items={shown}>
            <EditableText as="h3" contentKey="title" fallback={c.title} />
          </ContentItem>
        </li>
      ))}
    </ul>
  );
}

function renderCards(section: string, content: ContentMap = {}) {
  return render(
    <SiteDataProvider value={{ ...emptySiteData, content }}>
      <ContentSection id={section}>
        <Cards />
      </ContentSection>
      <Toaster />
    </SiteDataProvider>,
  );
}

type Body = { section: string; key: string; value: string };

// The texts the server has saved. The page loads them once per visit, at its
// first save: the same list for every test of this file.
const g7Order = { id: 3, section: 'g7', key: 'cards', value: '["three","one"]', version: 2 };
const g8Order = { id: 4, section: 'g8', key: 'cards', value: '["two","three"]', version: 1 };
const savedOnServer = [g7Order, g8Order];

/** A server that has the texts above and saves each at version 1, or answers `post` to the saves. */
function server(post?: (body: Body) => Response | undefined) {
  return vi.fn(async (_url: string, init: RequestInit = {}) => {
    if (!init.method || init.method === 'GET') return Response.json({ data: savedOnServer });
    if (init.method === 'DELETE') return Response.json({ success: true });
    const body = JSON.parse(String(init.body)) as Body;
    return post?.(body) ?? Response.json({ data: { id: 7, ...body, version: 1 } });
  });
}

const titles = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the controls of a repeating group', () => {
  it('are not there for a visitor, even in edit mode: the markup is the plain one', () => {
    const plain = renderCards('g1').container;
    // Each li holds the item's text alone: no element around it.
    expect([...plain.querySelectorAll('li')].map((li) => li.innerHTML)).toEqual(builtIn.map((c) => `<h3>${c.title}</h3>`));
    localStorage.setItem('editMode', 'true');
    const visitor = renderCards('g1').container;
    expect(visitor.innerHTML).toBe(plain.innerHTML);
    expect(screen.queryByRole('toolbar')).toBeNull();
  });

  it('name the item and say why a button is disabled', async () => {
    signInAsAdmin();
    renderCards('g2');
    const bar = await screen.findByRole('toolbar', { name: 'Arrange item “First card”' });
    const earlier = within(bar).getByRole('button', { name: 'Move “First card” earlier' });
    expect(earlier.getAttribute('aria-disabled')).toBe('true');
    expect(earlier.title).toBe('Already the first item');
    expect(within(bar).getByRole('button', { name: 'Move “First card” later' }).getAttribute('aria-disabled')).toBeNull();
    const last = await screen.findByRole('toolbar', { name: 'Arrange item “Third card”' });
    expect(within(last).getByRole('button', { name: 'Move “Third card” later' }).title).toBe('Already the last item');
    // The texts are still the item's own, and the only editable ones, once
    // the editor's chunk (loaded apart from the controls') is in.
    expect(await screen.findAllByTitle('Click to edit')).toHaveLength(3);
    expect(document.querySelectorAll('[data-editable]')).toHaveLength(3);
    // One tab stop per item; the arrow keys move along its buttons.
    const buttons = within(bar).getAllByRole('button');
    expect(buttons.map((b) => b.tabIndex)).toEqual([0, -1, -1, -1]);
    buttons[0].focus();
    fireEvent.keyDown(buttons[0], { key: 'ArrowRight' });
    expect(document.activeElement).toBe(buttons[1]);
    fireEvent.keyDown(buttons[1], { key: 'End' });
    expect(document.activeElement).toBe(within(bar).getByRole('button', { name: 'Add an item after “First card”' }));
    expect(within(bar).getAllByRole('button').map((b) => b.tabIndex)).toEqual([-1, -1, -1, 0]);
  });

  it('saves a move at once, keeps the focus on the moved button and offers Undo', async () => {
    signInAsAdmin();
    const fetchMock = server();
    vi.stubGlobal('fetch', fetchMock);
    renderCards('g3');
    const later = await screen.findByRole('button', { name: 'Move “First card” later' });
    later.focus();
    fireEvent.click(later);
    expect(await screen.findByText('Items reordered')).toBeTruthy();
    expect(titles()).toEqual(['Second card', 'First card', 'Third card']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move “First card” later' }));
    const [url, init] = writes(fetchMock)[0];
    expect(url).toBe('/api/admin/content');
    expect(JSON.parse(String(init.body))).toEqual({ section: 'g3', key: 'cards', value: '["two","one","three"]' });

    // Undo: the built-in order showed before, so the saved order is reset.
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Change undone')).toBeTruthy();
    expect(titles()).toEqual(['First card', 'Second card', 'Third card']);
    expect(writes(fetchMock)[1][1].method).toBe('DELETE');
  });

  it('adds a card after this one and focuses its first text', async () => {
    signInAsAdmin();
    const fetchMock = server();
    vi.stubGlobal('fetch', fetchMock);
    renderCards('g4');
    // The new card's text takes the focus once the editor's chunk is in.
    await screen.findAllByTitle('Click to edit');
    fireEvent.click(await screen.findByRole('button', { name: 'Add an item after “First card”' }));
    expect(await screen.findByText('Item added')).toBeTruthy();
    expect(titles()).toEqual(['First card', 'New card', 'Second card', 'Third card']);
    expect(document.activeElement?.textContent).toBe('New card');
    const saved = JSON.parse(JSON.parse(String(writes(fetchMock)[0][1].body)).value) as string[];
    expect(saved).toHaveLength(4);
    expect(saved[1]).toMatch(/^new-[a-z0-9]{6}$/);
  });

  it("removes a card, moves the focus to its neighbour's controls, and stops at the fewest allowed", async () => {
    signInAsAdmin();
    vi.stubGlobal('fetch', server());
    // vision/cards keeps at least 2 cards.
    renderCards('vision');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove “Second card”' }));
    expect(await screen.findByText('Card removed')).toBeTruthy();
    expect(titles()).toEqual(['First card', 'Third card']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove “Third card”' }));
    const remove = screen.getByRole('button', { name: 'Remove “First card”' });
    expect(remove.getAttribute('aria-disabled')).toBe('true');
    expect(remove.title).toBe('At least 2 cards must stay');
  });

  it("takes another editor's newer order instead of overwriting it, and says so", async () => {
    signInAsAdmin();
    const theirs = { id: 9, section: 'g5', key: 'cards', value: '["three","two","one"]', version: 4 };
    const fetchMock = server(() => Response.json({ message: 'Text changed by bob', current: theirs, changedBy: 'bob' }, { status: 409 }));
    vi.stubGlobal('fetch', fetchMock);
    renderCards('g5');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove “Second card”' }));
    expect(await screen.findByText('Order not saved')).toBeTruthy();
    expect(screen.getByText(/bob changed the items here after you opened the page/)).toBeTruthy();
    expect(titles()).toEqual(['Third card', 'Second card', 'First card']);
    expect(writes(fetchMock)).toHaveLength(1);
  });

  it('tells the editor when a save fails and keeps the order', async () => {
    signInAsAdmin();
    vi.stubGlobal('fetch', server(() => new Response('', { status: 500 })));
    renderCards('g6');
    fireEvent.click(await screen.findByRole('button', { name: 'Move “Second card” earlier' }));
    expect(await screen.findByText('Update Failed')).toBeTruthy();
    expect(titles()).toEqual(['First card', 'Second card', 'Third card']);
  });

  it('show the saved order the page came with, and move from it', async () => {
    signInAsAdmin();
    const fetchMock = server();
    vi.stubGlobal('fetch', fetchMock);
    renderCards('g7', { g7: { cards: g7Order.value, 'cards.one.title': 'Saved first' } });
    expect(titles()).toEqual(['Third card', 'Saved first']);
    fireEvent.click(await screen.findByRole('button', { name: 'Move “Saved first” earlier' }));
    expect(await screen.findByText('Items reordered')).toBeTruthy();
    const [, init] = writes(fetchMock)[0];
    expect(JSON.parse(String(init.body)).value).toBe('["one","three"]');
    expect((init.headers as Record<string, string>)['If-Match']).toBe('"2"');
  });

  it('take an order saved since the page loaded instead of overwriting it', async () => {
    signInAsAdmin();
    // The page came without a saved order; the server has one now.
    const fetchMock = server();
    vi.stubGlobal('fetch', fetchMock);
    renderCards('g8');
    fireEvent.click(await screen.findByRole('button', { name: 'Move “First card” later' }));
    expect(await screen.findByText('Order not saved')).toBeTruthy();
    expect(screen.getByText(/Someone else changed the items here after you opened the page/)).toBeTruthy();
    expect(titles()).toEqual(['Second card', 'Third card']);
    expect(writes(fetchMock)).toHaveLength(0);
  });
});
