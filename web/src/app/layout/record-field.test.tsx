import { fireEvent, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { RecordEditorContext, RecordText, type RecordRef, type RecordTextProps } from '@/features/editable-text/record-text';
import type { Revision } from '@/lib/api-types';
import { dismissToast, getToasts } from '@/lib/toast-store';
import { signInAsAdmin } from '@/test/admin-session';
import { RecordEditor } from './record-editor';
import { findRecord, sameValue } from './save-record';

// A record's field edited in place, against a small fake of the admin's
// resources: records with versions and revisions, PUT and restore checking
// the version they start from as the server does. A resource's records are
// loaded once per visit, so every test edits a record of its own, all of
// them there before the first load.

type Rec = { id: number; version: number; isActive: boolean } & Record<string, unknown>;

const pages: Rec[] = [
  { id: 1, slug: 'saved', title: 'Saved title', excerpt: 'An excerpt.', tags: ['LLMs'], publishedAt: '2024-11-12T09:00:00Z', version: 3, isActive: true },
  { id: 2, slug: 'clash', title: 'Clash title', excerpt: '', tags: [], publishedAt: '2024-11-12T09:00:00Z', version: 1, isActive: true },
  { id: 3, slug: 'other-field', title: 'Other field title', excerpt: 'Old excerpt.', tags: [], publishedAt: '2024-11-12T09:00:00Z', version: 1, isActive: true },
  { id: 4, slug: 'stale', title: 'Newer title', excerpt: '', tags: [], publishedAt: '2024-11-12T09:00:00Z', version: 2, isActive: true },
  { id: 5, slug: 'undo', title: 'Before undo', excerpt: '', tags: [], publishedAt: '2024-11-12T09:00:00Z', version: 1, isActive: true },
  { id: 6, slug: 'lists', title: 'Lists', excerpt: '', tags: ['A'], publishedAt: '2024-11-12T09:00:00Z', version: 1, isActive: true },
  { id: 7, slug: 'empty', title: 'Empty', excerpt: 'Kept.', tags: [], publishedAt: '2024-11-12T09:00:00Z', version: 1, isActive: true },
  { id: 8, slug: 'history', title: 'First', excerpt: 'One.', tags: [], publishedAt: '2024-11-12T09:00:00Z', version: 1, isActive: true },
];
const revisions: Revision[] = [];
let nextRevision = 1;

const json = (data: unknown, status = 200) => Response.json(data, { status });

function revise(rec: Rec, action: Revision['action'], username = 'admin') {
  revisions.unshift({
    id: nextRevision++,
    resource: 'pages',
    recordId: rec.id,
    version: rec.version,
    action,
    data: { ...rec },
    userId: null,
    username,
    createdAt: new Date(Date.UTC(2026, 2, 3, 10, nextRevision)).toISOString(),
  });
}

/** Another editor's save, behind the page's back. */
function theirSave(slug: string, fields: Partial<Rec>) {
  const rec = pages.find((p) => p.slug === slug)!;
  Object.assign(rec, fields, { version: rec.version + 1 });
  revise(rec, 'update', 'bob');
}

const server = vi.fn(async (url: string, init: RequestInit = {}) => {
  const method = init.method ?? 'GET';
  if (method === 'GET' && url === '/api/admin/pages') return json({ data: pages.map((p) => ({ ...p })) });
  if (method === 'GET' && url === '/api/admin/publishing-settings') return json({ data: { mode: 'live' } });
  let m = url.match(/^\/api\/admin\/pages\/(\d+)\/revisions$/);
  if (method === 'GET' && m) return json({ data: revisions.filter((r) => r.recordId === Number(m![1])) });
  m = url.match(/^\/api\/admin\/pages\/(\d+)\/revisions\/(\d+)\/restore$/);
  if (method === 'POST' && m) {
    const rec = pages.find((p) => p.id === Number(m![1]))!;
    const rev = revisions.find((r) => r.id === Number(m![2]))!;
    const version = Number(String((init.headers as Record<string, string>)['If-Match']).replaceAll('"', ''));
    if (version !== rec.version) return json({ message: 'Article changed', current: rec, changedBy: 'bob' }, 409);
    Object.assign(rec, rev.data, { version: rec.version + 1 });
    revise(rec, 'restore');
    return json({ data: { ...rec } });
  }
  m = url.match(/^\/api\/admin\/pages\/(\d+)$/);
  if (method === 'PUT' && m) {
    const rec = pages.find((p) => p.id === Number(m![1]))!;
    const body = JSON.parse(String(init.body)) as Rec;
    if (body.version !== rec.version) return json({ message: 'Article changed by bob', current: { ...rec }, changedBy: 'bob' }, 409);
    if (body.title === '') return json({ message: 'Check the fields.', errors: { title: 'Title is required' } }, 400);
    Object.assign(rec, body, { version: rec.version + 1 });
    revise(rec, 'update');
    return json({ data: { ...rec } });
  }
  return json({ message: `Not faked: ${method} ${url}` }, 404);
});

// The history record: created, then retitled by carol.
revise(pages[7], 'create', 'alice');
theirSave('history', { title: 'Second' });
revisions[0].username = 'carol';

/** The writes the page sent. */
function writes(): [string, RequestInit][] {
  return (server.mock.calls as unknown as [string, RequestInit][]).filter(([, init]) => init?.method && init.method !== 'GET');
}

const article = (slug: string): RecordRef => ({ resource: 'pages', match: { slug } });

/** The title of an article as a card shows it (in its link), and its excerpt, in edit mode. */
function renderArticle(slug: string, title: string, extra?: Partial<RecordTextProps>) {
  return render(
    <RecordEditorContext.Provider value={RecordEditor}>
      <h2>
        <a href={`/blog/${slug}`}>
          <RecordText record={article(slug)} field="title" value={title} />
        </a>
      </h2>
      {extra && <RecordText record={article(slug)} field="excerpt" value="" {...extra} />}
      <Toaster />
    </RecordEditorContext.Provider>,
  );
}

async function edit(name: string, value: string) {
  const field = await screen.findByRole('textbox', { name });
  fireEvent.change(field, { target: { value } });
  fireEvent.keyDown(field, { key: 'Enter' });
}

beforeAll(() => {
  // jsdom has no layout: the history panel is placed beside nothing.
  window.scrollBy = () => {};
});

beforeEach(() => {
  signInAsAdmin();
  vi.stubGlobal('fetch', server);
  server.mockClear();
});

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
  // The toasts outlive a render: the next test's are its own.
  for (const t of getToasts()) dismissToast(t.id);
});

describe('RecordText', () => {
  it("is, for a visitor, exactly the element it replaces, and a stored user who is no admin gets no editor", () => {
    localStorage.setItem('editMode', 'true');
    const ref = article('saved');
    const tree = (
      <RecordEditorContext.Provider value={RecordEditor}>
        <a href="/blog/saved">
          <RecordText record={ref} field="title" value="Saved title" />
        </a>
        <RecordText as="time" record={ref} field="publishedAt" kind="date" value="2024-11-12T09:00:00Z" show={() => 'November 12, 2024'} attrs={{ dateTime: '2024-11-12T09:00:00Z' }} className="whitespace-nowrap" />
        <RecordText as="ul" record={ref} field="tags" kind="tags" value={['LLMs']} className="flex" attrs={{ 'aria-label': 'Tags' }} show={(v) => [...v].map((t) => <li key={t}>{t}</li>)} />
      </RecordEditorContext.Provider>
    );
    expect(renderToString(tree)).toBe(
      '<a href="/blog/saved">Saved title</a><time class="whitespace-nowrap" dateTime="2024-11-12T09:00:00Z">November 12, 2024</time><ul class="flex" aria-label="Tags"><li>LLMs</li></ul>',
    );
    signInAsAdmin(false);
    render(tree);
    fireEvent.click(screen.getByText('November 12, 2024'));
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(server).not.toHaveBeenCalled();
  });

  it('saves a field with the PUT of its resource from the version loaded, and shows it wherever the record shows', async () => {
    render(
      <RecordEditorContext.Provider value={RecordEditor}>
        <RecordText as="h1" record={article('saved')} field="title" value="Saved title" />
        <a href="/blog/saved">
          <RecordText record={article('saved')} field="title" value="Saved title" />
        </a>
        <Toaster />
      </RecordEditorContext.Provider>,
    );
    fireEvent.click(await screen.findByRole('heading', { name: 'Saved title' }));
    await edit('Edit article title', 'A better title');
    expect(await screen.findByText('Content Updated')).toBeTruthy();
    expect(screen.getByText('Changes saved successfully')).toBeTruthy();
    // The link that shows the same article's title has it too.
    expect(screen.getAllByText('A better title')).toHaveLength(2);
    const [[url, init]] = writes();
    expect(url).toBe('/api/admin/pages/1');
    expect(init.method).toBe('PUT');
    // The record as loaded, its field changed, from its version.
    expect(JSON.parse(String(init.body))).toMatchObject({ id: 1, slug: 'saved', excerpt: 'An excerpt.', title: 'A better title', version: 3 });
    // The focus is back on the title, which is editable again.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'A better title' }));
  });

  it("shows another editor's newer title and saves mine over it only when asked", async () => {
    renderArticle('clash', 'Clash title');
    fireEvent.click(await screen.findByText('Clash title'));
    await screen.findByRole('textbox', { name: 'Edit article title' });
    // They save while this field is open.
    theirSave('clash', { title: 'Their title' });
    await edit('Edit article title', 'My title');
    expect(await screen.findByText('bob changed this article after you opened the page. Theirs: “Their title”')).toBeTruthy();
    expect((screen.getByRole('textbox') as HTMLTextAreaElement).value).toBe('My title');
    fireEvent.click(screen.getByRole('button', { name: 'Save mine' }));
    expect(await screen.findByText('Content Updated')).toBeTruthy();
    expect(screen.getByText('My title')).toBeTruthy();
    const bodies = writes().map(([, init]) => JSON.parse(String(init.body)) as Rec);
    expect(bodies.map((b) => [b.title, b.version])).toEqual([
      ['My title', 1],
      ['My title', 2],
    ]);
  });

  it("keeps theirs when asked: the page shows their title and sends nothing", async () => {
    renderArticle('clash', 'My title');
    // Theirs again, since the last test's save.
    theirSave('clash', { title: 'Theirs again' });
    fireEvent.click(await screen.findByText('My title'));
    await edit('Edit article title', 'Mine again');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', expect.stringContaining('Theirs: “Theirs again”'));
    const before = writes().length;
    fireEvent.click(screen.getByRole('button', { name: 'Keep theirs' }));
    expect(screen.getByText('Theirs again')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(writes()).toHaveLength(before);
  });

  it("goes on from a newer version that changed other fields only, keeping them", async () => {
    renderArticle('other-field', 'Other field title');
    fireEvent.click(await screen.findByText('Other field title'));
    await screen.findByRole('textbox');
    theirSave('other-field', { excerpt: 'Their excerpt.' });
    await edit('Edit article title', 'Retitled');
    expect(await screen.findByText('Content Updated')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    const last = JSON.parse(String(writes().at(-1)![1].body)) as Rec;
    expect(last).toMatchObject({ title: 'Retitled', excerpt: 'Their excerpt.', version: 2 });
    expect(pages[2]).toMatchObject({ title: 'Retitled', excerpt: 'Their excerpt.', version: 3 });
  });

  it('meets a change made before the record was loaded, without sending anything', async () => {
    // The page was rendered with the title before someone changed it.
    renderArticle('stale', 'Older title');
    fireEvent.click(await screen.findByText('Older title'));
    await edit('Edit article title', 'Mine');
    expect(await screen.findByText(/changed this article after you opened the page. Theirs: “Newer title”/)).toBeTruthy();
    expect(writes()).toEqual([]);
  });

  it('undoes a save from the toast, from the version the save left', async () => {
    renderArticle('undo', 'Before undo');
    fireEvent.click(await screen.findByText('Before undo'));
    await edit('Edit article title', 'After undo');
    const toast = (await screen.findByText('Content Updated')).closest('li')!;
    fireEvent.click(within(toast).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Change undone')).toBeTruthy();
    expect(await screen.findByText('Before undo')).toBeTruthy();
    // The record had no revision before the save (older than its history): it gets back what it was, from version 2.
    const [url, init] = writes().at(-1)!;
    expect(url).toBe('/api/admin/pages/5');
    expect(JSON.parse(String(init.body))).toMatchObject({ title: 'Before undo', version: 2 });
    // A second save's Undo restores the revision before it.
    fireEvent.click(screen.getByText('Before undo'));
    await edit('Edit article title', 'Once more');
    const second = (await screen.findAllByText('Content Updated')).at(-1)!.closest('li')!;
    fireEvent.click(within(second).getByRole('button', { name: 'Undo' }));
    expect((await screen.findAllByText('Change undone')).length).toBeGreaterThan(0);
    const [restoreURL, restore] = writes().at(-1)!;
    expect(restoreURL).toMatch(/^\/api\/admin\/pages\/5\/revisions\/\d+\/restore$/);
    expect((restore.headers as Record<string, string>)['If-Match']).toBe('"4"');
    expect(pages[4]).toMatchObject({ title: 'Before undo', version: 5 });
  });

  it('edits tags as one line separated by commas and a date as a day, keeping its time', async () => {
    render(
      <RecordEditorContext.Provider value={RecordEditor}>
        <RecordText as="ul" record={article('lists')} field="tags" kind="tags" value={['A']} show={(v) => [...v].map((t) => <li key={t}>{t}</li>)} />
        <RecordText as="time" record={article('lists')} field="publishedAt" kind="date" value="2024-11-12T09:00:00Z" show={(v) => String(v).slice(0, 10)} />
        <Toaster />
      </RecordEditorContext.Provider>,
    );
    fireEvent.click(await screen.findByText('A'));
    expect(screen.getByText('Separate the tags with commas.')).toBeTruthy();
    await edit('Edit article tags', 'A,  Generative AI , ,LLMs');
    expect(await screen.findByText('Generative AI')).toBeTruthy();
    expect(within(screen.getByText('Generative AI').closest('ul')!).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['A', 'Generative AI', 'LLMs']);
    expect(JSON.parse(String(writes()[0][1].body)).tags).toEqual(['A', 'Generative AI', 'LLMs']);

    fireEvent.click(screen.getByText('2024-11-12'));
    const day = screen.getByLabelText('Edit article date') as HTMLInputElement;
    expect(day.type).toBe('date');
    expect(day.value).toBe('2024-11-12');
    // A day still to come would take the article off the blog: refused.
    fireEvent.change(day, { target: { value: '2999-01-01' } });
    fireEvent.keyDown(day, { key: 'Enter' });
    expect(await screen.findByText('Choose a day up to today')).toBeTruthy();
    expect(writes()).toHaveLength(1);
    fireEvent.change(day, { target: { value: '2024-10-01' } });
    fireEvent.keyDown(day, { key: 'Enter' });
    expect(await screen.findByText('2024-10-01')).toBeTruthy();
    expect(JSON.parse(String(writes()[1][1].body)).publishedAt).toBe('2024-10-01T09:00:00.000Z');
  });

  it('refuses an empty title before sending, and says why the server refused a value', async () => {
    renderArticle('empty', 'Empty', { as: 'p', value: 'Kept.' });
    fireEvent.click(await screen.findByText('Empty'));
    await edit('Edit article title', '  ');
    expect(await screen.findByText('Type a text: the title of a article cannot be empty.')).toBeTruthy();
    expect(screen.getByRole('textbox')).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('textbox'), { key: 'Escape' });
    // An excerpt may be empty.
    fireEvent.click(screen.getByText('Kept.'));
    await edit('Edit article excerpt', '');
    expect(await screen.findByText('Content Updated')).toBeTruthy();
    expect(JSON.parse(String(writes()[0][1].body)).excerpt).toBe('');
  });
});

describe('the history of a record beside its field', () => {
  it("lists the record's versions with the field's value, and brings one back from the newest shown, with Undo", async () => {
    renderArticle('history', 'Second');
    fireEvent.click(await screen.findByText('Second'));
    fireEvent.click(await screen.findByRole('button', { name: 'History' }));
    const panel = await screen.findByRole('dialog', { name: 'History of this article' });
    const items = await within(panel).findAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([expect.stringMatching(/^UpdatedCurrent.*Secondby carol$/), expect.stringMatching(/^Created.*Firstby aliceRestore$/)]);
    fireEvent.click(within(items[1]).getByRole('button', { name: /^Restore/ }));
    expect(await screen.findByText('Article restored')).toBeTruthy();
    expect(screen.getByText('First')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    const [url, init] = writes().at(-1)!;
    expect(url).toMatch(/^\/api\/admin\/pages\/8\/revisions\/\d+\/restore$/);
    expect((init.headers as Record<string, string>)['If-Match']).toBe('"2"');
    // Undo in the toast goes back to the version before the restore.
    fireEvent.click(within(screen.getByText('Article restored').closest('li')!).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Change undone')).toBeTruthy();
    expect(await screen.findByText('Second')).toBeTruthy();
    expect(pages[7]).toMatchObject({ title: 'Second', version: 4 });
  });
});

describe('finding the record a page shows', () => {
  const menu = [
    { id: 1, title: 'Blog', url: '/blog', order: 4, isActive: false },
    { id: 2, title: 'Blog', url: '/blog', order: 4, isActive: true },
    { id: 3, title: 'Careers', url: '/careers', order: 5, isActive: true },
  ];

  it('takes the record every field agrees with, an active one first', () => {
    expect(findRecord(menu, { title: 'Blog', url: '/blog', order: 4 })?.id).toBe(2);
  });

  it('allows one field changed since the page was rendered, not two', () => {
    expect(findRecord(menu, { title: 'Jobs', url: '/careers', order: 5 })?.id).toBe(3);
    expect(findRecord(menu, { title: 'Jobs', url: '/jobs', order: 5 })).toBeUndefined();
    // A slug alone must agree.
    expect(findRecord([{ id: 1, slug: 'a' }], { slug: 'b' })).toBeUndefined();
  });

  it('compares times as instants and lists by their items', () => {
    expect(sameValue('2024-11-12T09:00:00Z', '2024-11-12T10:00:00+01:00')).toBe(true);
    expect(sameValue('2024-11-12T09:00:00Z', '2024-11-12T09:00:01Z')).toBe(false);
    expect(sameValue(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameValue(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(sameValue('Title', 'title')).toBe(false);
  });
});
