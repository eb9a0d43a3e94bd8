import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import type { ContentItem, Revision, RevisionAction } from '@/lib/api-types';
import { SiteDataProvider } from '@/lib/site-data-context';
import { emptySiteData } from '@/lib/site-data';
import { signInAsAdmin } from '@/test/admin-session';
import { EditableText } from './editable-text';
import { readableHistory } from './text-history';

// The history of a text in the in-place editor, against a small fake of the
// content API: texts with versions and revisions, If-Match and
// If-None-Match as the server checks them. The texts this visit knows are
// loaded once per page, so every test edits a section of its own, set up
// before the first load.

type Text = ContentItem & { deleted?: boolean };

const texts: Text[] = [];
const revisions: Revision[] = [];
let nextRevision = 1;
let clock = Date.parse('2026-03-03T10:00:00Z');
let failRevisions = 0;

function write(text: Text, action: RevisionAction, username: string, version = text.version) {
  clock += 60_000;
  revisions.unshift({
    id: nextRevision++,
    resource: 'content',
    recordId: text.id,
    version,
    action,
    data: { ...text, deleted: undefined },
    userId: null,
    username,
    createdAt: new Date(clock).toISOString(),
  });
}

/** A text saved value by value, each by its user; null is a reset. */
function seed(section: string, key: string, steps: [string | null, string][]) {
  const text: Text = { id: texts.length + 1, section, key, value: '', createdAt: '', updatedAt: '', version: 0 };
  texts.push(text);
  for (const [value, user] of steps) {
    if (value === null) {
      text.deleted = true;
      text.version++;
      write(text, 'delete', user);
    } else if (text.deleted) {
      // A save after a reset: the record comes back, then takes the value.
      text.deleted = false;
      text.version++;
      write(text, 'restore', user);
      clock -= 59_999;
      text.value = value;
      text.version++;
      write(text, 'update', user);
    } else {
      text.value = value;
      text.version++;
      write(text, text.version === 1 ? 'create' : 'update', user);
    }
  }
  return text;
}

const json = (data: unknown, status = 200) => Response.json(data, { status });

function versionOf(init: RequestInit): number | undefined {
  const h = (init.headers ?? {}) as Record<string, string>;
  return h['If-Match'] ? Number(h['If-Match'].replaceAll('"', '')) : undefined;
}

const server = vi.fn(async (url: string, init: RequestInit = {}) => {
  const method = init.method ?? 'GET';
  const alive = texts.filter((t) => !t.deleted);
  if (method === 'GET' && url === '/api/admin/content') return json({ data: alive });
  if (method === 'GET' && url === '/api/admin/publishing-settings') return json({ data: { mode: 'live' } });
  if (method === 'GET' && url === '/api/admin/content/deleted') {
    return json({ data: revisions.filter((r) => r.action === 'delete' && texts.find((t) => t.id === r.recordId)?.deleted) });
  }
  let m = url.match(/^\/api\/admin\/content\/(\d+)\/revisions$/);
  if (method === 'GET' && m) {
    if (failRevisions > 0) {
      failRevisions--;
      return json({ message: 'Internal error.' }, 500);
    }
    return json({ data: revisions.filter((r) => r.recordId === Number(m![1])) });
  }
  m = url.match(/^\/api\/admin\/content\/(\d+)\/revisions\/(\d+)\/restore$/);
  if (method === 'POST' && m) {
    const text = texts.find((t) => t.id === Number(m![1]))!;
    const rev = revisions.find((r) => r.id === Number(m![2]))!;
    const v = versionOf(init);
    if (!text.deleted && v !== undefined && v !== text.version) return json({ message: 'Text changed', current: text, changedBy: 'someone' }, 409);
    Object.assign(text, { value: (rev.data as ContentItem).value, deleted: false, version: text.version + 1 });
    write(text, 'restore', 'admin');
    return json({ data: { ...text, deleted: undefined } });
  }
  m = url.match(/^\/api\/admin\/content\/(\d+)$/);
  if (method === 'DELETE' && m) {
    const text = texts.find((t) => t.id === Number(m![1]))!;
    text.deleted = true;
    text.version++;
    write(text, 'delete', 'admin');
    return json({ success: true });
  }
  if (method === 'POST' && url === '/api/admin/content') {
    const body = JSON.parse(String(init.body)) as { section: string; key: string; value: string };
    const text = texts.find((t) => t.section === body.section && t.key === body.key)!;
    if (text.deleted) {
      text.deleted = false;
      text.version++;
      write(text, 'restore', 'admin');
    }
    text.value = body.value;
    text.version++;
    write(text, 'update', 'admin');
    return json({ data: { ...text, deleted: undefined } });
  }
  return json({ message: `Not faked: ${method} ${url}` }, 404);
});

/** The writes the page sent. */
function writes(): [string, RequestInit][] {
  return (server.mock.calls as unknown as [string, RequestInit][]).filter(([, init]) => init?.method && init.method !== 'GET');
}

beforeAll(() => {
  // jsdom has no layout: the panel is placed beside nothing.
  window.scrollBy = () => {};
  seed('h.list', 'title', [['First', 'alice'], ['Second', 'bob'], [null, 'alice'], ['Third', 'carol']]);
  seed('h.restore', 'title', [['Old title', 'alice'], ['New title', 'bob']]);
  seed('h.reset', 'title', [['Saved title', 'alice'], [null, 'bob'], ['Again', 'carol']]);
  seed('h.clash', 'title', [['Mine', 'alice']]);
  seed('h.keys', 'title', [['Keyed', 'alice']]);
  seed('h.retry', 'title', [['Retried', 'alice']]);
});

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
  server.mockClear();
});

function renderText(section: string, stored?: string, fallback = 'Built-in title') {
  signInAsAdmin();
  vi.stubGlobal('fetch', server);
  const key = section === 'footer' ? 'company_description' : 'title';
  return render(
    <SiteDataProvider value={{ ...emptySiteData, content: stored === undefined ? {} : { [section]: { [key]: stored } } }}>
      <EditableText as="h1" section={section} contentKey={key} fallback={fallback} />
      <Toaster />
    </SiteDataProvider>,
  );
}

async function openHistory() {
  fireEvent.click(await screen.findByTitle('Click to edit'));
  fireEvent.click(screen.getByRole('button', { name: 'History' }));
  return screen.findByRole('dialog', { name: 'History of this text' });
}

describe('the history of a text', () => {
  it('lists the versions newest first with what was done, by whom, when and the value; a reset shows the built-in text', async () => {
    renderText('h.list', 'Third');
    const panel = await openHistory();
    const items = await within(panel).findAllByRole('listitem');
    // The save after the reset brought the record back: one step, not two.
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^UpdatedCurrent.*Thirdby carol$/),
      expect.stringMatching(/^Reset.*Built-in text · Built-in titleby aliceRestore$/),
      expect.stringMatching(/^Updated.*Secondby bobRestore$/),
      expect.stringMatching(/^Created.*Firstby aliceRestore$/),
    ]);
    const when = items[2].querySelector('time')!;
    const second = revisions.find((r) => (r.data as ContentItem).value === 'Second' && r.action === 'update')!;
    expect(when.getAttribute('dateTime')).toBe(second.createdAt);
    expect(when.textContent).toMatch(/2026/);
    expect(when.textContent).not.toContain('T10:');
    expect(within(items[0]).queryByRole('button', { name: /^Restore/ })).toBeNull();
  });

  it('brings an older version back from the version shown, and Undo puts the text back', async () => {
    renderText('h.restore', 'New title');
    fireEvent.click(await screen.findByTitle('Click to edit'));
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'Typed, not saved' } });
    fireEvent.click(screen.getByRole('button', { name: 'History' }));
    const panel = await screen.findByRole('dialog', { name: 'History of this text' });
    const [, older] = await within(panel).findAllByRole('listitem');
    // The editor is told what a restore drops.
    expect(within(panel).getByText('The field holds a change you have not saved: restoring a version drops it.')).toBeTruthy();
    fireEvent.click(within(older).getByRole('button', { name: /^Restore/ }));
    expect(await screen.findByText('Text restored')).toBeTruthy();
    // The editor closes on the restored text.
    expect(screen.getByRole('heading', { name: 'Old title' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    const [url, init] = writes()[0];
    expect(url).toMatch(/^\/api\/admin\/content\/\d+\/revisions\/\d+\/restore$/);
    expect((init.headers as Record<string, string>)['If-Match']).toBe('"2"');

    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Change undone')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'New title' })).toBeTruthy();
    const [, undo] = writes()[1];
    expect(JSON.parse(String(undo.body))).toEqual({ section: 'h.restore', key: 'title', value: 'New title' });
    expect((undo.headers as Record<string, string>)['If-Match']).toBe('"3"');
  });

  it('brings the built-in text back from a reset version, and a reset text back to a saved one', async () => {
    renderText('h.reset', 'Again');
    let panel = await openHistory();
    let items = await within(panel).findAllByRole('listitem');
    expect(items.map((li) => li.textContent?.slice(0, 5))).toEqual(['Updat', 'Reset', 'Creat']);
    fireEvent.click(within(items[1]).getByRole('button', { name: /^Restore/ }));
    expect(await screen.findByText('Text reset')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Built-in title' })).toBeTruthy();
    expect(writes()[0][1].method).toBe('DELETE');

    panel = await openHistory();
    items = await within(panel).findAllByRole('listitem');
    expect(items[0].textContent).toMatch(/^ResetCurrent/);
    // The earlier reset shows what shows now.
    expect(within(items[2]).queryByRole('button', { name: /^Restore/ })).toBeNull();
    expect(items[2].textContent).toContain('Same as now');
    fireEvent.click(within(items[3]).getByRole('button', { name: /^Restore/ }));
    expect(await screen.findByRole('heading', { name: 'Saved title' })).toBeTruthy();
  });

  it('says when a text has never been changed', async () => {
    renderText('h.never');
    const panel = await openHistory();
    expect(await within(panel).findByText('This text shows its built-in copy; it has not been changed.')).toBeTruthy();
  });

  it('shows why the history did not load, and Retry loads it', async () => {
    failRevisions = 1;
    renderText('h.retry', 'Retried');
    const panel = await openHistory();
    expect(await within(panel).findByText('The history could not be loaded.')).toBeTruthy();
    expect(within(panel).getByText('The server answered with an error. Try again in a moment.')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Retry' }));
    expect(await within(panel).findByRole('listitem')).toBeTruthy();
  });

  it("meets another editor's change: the page takes their text and the history shows it", async () => {
    renderText('h.clash', 'Mine');
    // Loaded by this page; then someone else saves.
    fireEvent.click(await screen.findByTitle('Click to edit'));
    await act(async () => {
      const text = texts.find((t) => t.section === 'h.clash')!;
      text.value = 'Theirs';
      text.version++;
      write(text, 'update', 'dave');
    });
    fireEvent.click(screen.getByRole('button', { name: 'History' }));
    const panel = await screen.findByRole('dialog', { name: 'History of this text' });
    const [, mine] = await within(panel).findAllByRole('listitem');
    fireEvent.click(within(mine).getByRole('button', { name: /^Restore/ }));
    expect(await within(panel).findByRole('alert')).toHaveProperty('textContent', expect.stringContaining('dave changed this text after you opened the page'));
    expect(writes()).toEqual([]);
    // The editor is still open on what was typed; the page behind it knows theirs.
    expect((screen.getByRole('textbox') as HTMLTextAreaElement).value).toBe('Mine');
    fireEvent.keyDown(panel, { key: 'Escape' });
    fireEvent.keyDown(screen.getByRole('textbox'), { key: 'Escape' });
    expect(screen.getByRole('heading', { name: 'Theirs' })).toBeTruthy();
  });

  it('closes on Escape before the editor does, and returns to the field', async () => {
    renderText('h.keys', 'Keyed');
    const panel = await openHistory();
    expect(document.activeElement).toBe(panel);
    fireEvent.keyDown(panel, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('textbox')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('textbox'));
    // From the field too: the panel first, then the editor.
    fireEvent.click(screen.getByRole('button', { name: 'History' }));
    await screen.findByRole('dialog');
    fireEvent.keyDown(screen.getByRole('textbox'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('textbox')).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('textbox'), { key: 'Escape' });
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(writes()).toEqual([]);
  });

  it('closes on a press outside it, not on one on its field or its History button, and keeps the editor open', async () => {
    renderText('h.keys', 'Keyed');
    await openHistory();
    // Presses are watched from a moment after the panel opens.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    const field = screen.getByRole('textbox');
    fireEvent.pointerDown(field);
    fireEvent.click(field);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'History' }));
    expect(screen.getByRole('dialog', { name: 'History of this text' })).toBeTruthy();
    fireEvent.pointerDown(document.body);
    fireEvent.click(document.body);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('textbox')).toBeTruthy();
    expect(writes()).toEqual([]);
  });

  it('keeps Tab among its controls while it is open', async () => {
    renderText('h.list', 'Third');
    const panel = await openHistory();
    await within(panel).findAllByRole('listitem');
    const buttons = within(panel).getAllByRole('button');
    const [first, last] = [buttons[0], buttons[buttons.length - 1]];
    expect(first.getAttribute('aria-label')).toBe('Close history');
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  it('moving from the field to its buttons saves nothing; leaving the editor saves', async () => {
    renderText('h.keys', 'Keyed');
    fireEvent.click(await screen.findByTitle('Click to edit'));
    const field = screen.getByRole('textbox');
    fireEvent.change(field, { target: { value: 'Keyed again' } });
    fireEvent.blur(field, { relatedTarget: screen.getByRole('button', { name: 'Cancel' }) });
    expect(screen.getByRole('textbox')).toBeTruthy();
    expect(writes()).toEqual([]);
    fireEvent.blur(screen.getByRole('button', { name: 'Cancel' }), { relatedTarget: document.body });
    expect(await screen.findByText('Content Updated')).toBeTruthy();
    expect(writes()).toHaveLength(1);
  });
});

describe('the note on a shared text', () => {
  it('says on how many pages a footer text appears, while it is edited', async () => {
    renderText('footer', undefined, 'Enterprise AI solutions.');
    fireEvent.click(await screen.findByTitle('Click to edit'));
    const note = screen.getByText('Appears on 19 pages');
    expect(note.parentElement?.textContent).toBe(
      'Appears on 19 pages, and on the 404 page and every published page. A change here shows on all of them.',
    );
    // Read with the field.
    const describedBy = screen.getByRole('textbox').getAttribute('aria-describedby')!;
    expect(document.getElementById(describedBy)?.textContent).toContain('Appears on 19 pages');
  });

  it("is not there for a page's own text", async () => {
    renderText('h.never');
    fireEvent.click(await screen.findByTitle('Click to edit'));
    expect(screen.queryByText(/Appears on/)).toBeNull();
  });
});

describe('readableHistory', () => {
  const rev = (id: number, action: RevisionAction, version: number, username: string, at: string): Revision => ({
    id,
    resource: 'content',
    recordId: 1,
    version,
    action,
    data: {},
    userId: null,
    username,
    createdAt: at,
  });

  it('leaves out the restore of a save after a reset, and nothing else', () => {
    const save = [
      rev(5, 'update', 5, 'bob', '2026-03-03T10:05:00.120Z'),
      rev(4, 'restore', 4, 'bob', '2026-03-03T10:05:00.100Z'),
      rev(3, 'delete', 3, 'alice', '2026-03-03T10:00:00Z'),
      rev(2, 'update', 2, 'alice', '2026-03-03T09:00:00Z'),
    ];
    expect(readableHistory(save).map((r) => r.id)).toEqual([5, 3, 2]);
    // A restore someone chose (from Recently deleted), changed later or by another.
    const chosen = [
      rev(5, 'update', 5, 'bob', '2026-03-03T11:00:00Z'),
      rev(4, 'restore', 4, 'bob', '2026-03-03T10:05:00Z'),
      rev(3, 'delete', 3, 'alice', '2026-03-03T10:00:00Z'),
    ];
    expect(readableHistory(chosen).map((r) => r.id)).toEqual([5, 4, 3]);
    const other = [
      rev(5, 'update', 5, 'carol', '2026-03-03T10:05:00.200Z'),
      rev(4, 'restore', 4, 'bob', '2026-03-03T10:05:00Z'),
      rev(3, 'delete', 3, 'alice', '2026-03-03T10:00:00Z'),
    ];
    expect(readableHistory(other).map((r) => r.id)).toEqual([5, 4, 3]);
  });
});
