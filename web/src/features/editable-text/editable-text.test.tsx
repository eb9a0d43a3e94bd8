import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SiteDataProvider } from '@/lib/site-data-context';
import { Toaster } from '@/components/ui/toaster';
import { emptySiteData } from '@/lib/site-data';
import { signInAsAdmin, writes } from '@/test/admin-session';
import { EditableText } from './editable-text';

// Saved texts outlive a render (they last the page visit), so each test
// edits a section of its own.
function renderTitle(section: string, multiline = false) {
  const key = multiline ? 'subtitle' : 'main_title';
  return render(
    <SiteDataProvider value={{ ...emptySiteData, content: { [section]: { [key]: 'Stored title' } } }}>
      <EditableText as="h1" section={section} contentKey={key} fallback="Built-in" multiline={multiline} />
      <Toaster />
    </SiteDataProvider>,
  );
}

/** A server that knows no saved text and saves each one at version 1, or answers `post` to the saves. */
function server(post?: (body: { section: string; key: string; value: string }, init: RequestInit) => Response) {
  return vi.fn(async (_url: string, init: RequestInit = {}) => {
    if (!init.method || init.method === 'GET') return Response.json({ data: [] });
    const body = JSON.parse(String(init.body)) as { section: string; key: string; value: string };
    return post?.(body, init) ?? Response.json({ data: { id: 7, ...body, version: 1 } });
  });
}

/** Signs in an admin, lets `fetchMock` answer, and opens the title of `section` in its editor. Returns fetchMock. */
async function openEditor(section: string, { multiline = false, fetchMock = server() } = {}) {
  signInAsAdmin();
  vi.stubGlobal('fetch', fetchMock);
  renderTitle(section, multiline);
  fireEvent.click(await screen.findByTitle('Click to edit'));
  return fetchMock;
}

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('EditableText', () => {
  it('is a plain element for a visitor, even in edit mode', () => {
    localStorage.setItem('editMode', 'true');
    renderTitle('s1');
    const h1 = screen.getByRole('heading', { name: 'Stored title' });
    fireEvent.click(h1);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(h1.getAttribute('data-editable')).toBeNull();
  });

  it('is a plain element for a stored user who is not an admin', () => {
    signInAsAdmin(false);
    renderTitle('s2');
    fireEvent.click(screen.getByRole('heading', { name: 'Stored title' }));
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('saves a changed single line on Enter and shows it at once', async () => {
    const fetchMock = await openEditor('s3');
    const input = screen.getByRole('textbox', { name: 'Edit s3 main_title' });
    expect((input as HTMLInputElement).value).toBe('Stored title');
    fireEvent.change(input, { target: { value: 'New title' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByText('Content Updated')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'New title' })).toBeTruthy();
    expect(writes(fetchMock)).toHaveLength(1);
    const [url, init] = writes(fetchMock)[0];
    expect(url).toBe('/api/admin/content');
    expect(JSON.parse(String(init.body))).toEqual({ section: 's3', key: 'main_title', value: 'New title' });
    const headers = init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok');
    // No saved text was known: one saved by someone else since would be a conflict.
    expect(headers['If-None-Match']).toBe('*');
  });

  it('sends nothing on Escape or when the value did not change', async () => {
    const fetchMock = await openEditor('s4');
    const input = screen.getByRole('textbox');
    fireEvent.change(input, { target: { value: 'Dropped' } });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.getByRole('heading', { name: 'Stored title' })).toBeTruthy();
    fireEvent.click(screen.getByTitle('Click to edit'));
    fireEvent.blur(screen.getByRole('textbox'));
    expect(screen.queryByRole('textbox')).toBeNull();
    // The saved texts may load (they do once per visit, with the editor); nothing is written.
    expect(writes(fetchMock)).toEqual([]);
  });

  it('uses a textarea for multi-line texts, saving on Ctrl+Enter only', async () => {
    const fetchMock = await openEditor('s5', { multiline: true });
    const area = screen.getByRole('textbox', { name: 'Edit s5 subtitle' });
    expect(area.tagName).toBe('TEXTAREA');
    expect(area.className).toContain('min-h-[100px]');
    fireEvent.change(area, { target: { value: 'Line one\nLine two' } });
    fireEvent.keyDown(area, { key: 'Enter' });
    expect(writes(fetchMock)).toHaveLength(0);
    fireEvent.keyDown(area, { key: 'Enter', ctrlKey: true });
    expect(await screen.findByText('Content Updated')).toBeTruthy();
    expect(writes(fetchMock)).toHaveLength(1);
  });

  it('refuses an empty text and keeps the field open', async () => {
    const fetchMock = await openEditor('s8');
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '   ' } });
    fireEvent.keyDown(screen.getByRole('textbox'), { key: 'Enter' });
    expect(await screen.findByText('Text cannot be empty')).toBeTruthy();
    expect(screen.getByRole('textbox')).toBeTruthy();
    expect(writes(fetchMock)).toHaveLength(0);
  });

  it("shows another editor's newer text and saves mine over it only when asked", async () => {
    const theirs = { id: 9, section: 's9', key: 'main_title', value: 'Their title', version: 4 };
    let first = true;
    const fetchMock = await openEditor('s9', {
      fetchMock: server((body) => {
        if (first) {
          first = false;
          return Response.json({ message: 'Text changed by bob', current: theirs, changedBy: 'bob' }, { status: 409 });
        }
        return Response.json({ data: { ...theirs, ...body, version: 5 } });
      }),
    });
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'My title' } });
    fireEvent.keyDown(screen.getByRole('textbox'), { key: 'Enter' });
    expect(await screen.findByText(/bob changed this text after you opened the page. Theirs: “Their title”/)).toBeTruthy();
    expect((screen.getByRole('textbox') as HTMLTextAreaElement).value).toBe('My title');
    fireEvent.click(screen.getByRole('button', { name: 'Save mine' }));
    expect(await screen.findByRole('heading', { name: 'My title' })).toBeTruthy();
    const [, init] = writes(fetchMock)[1];
    expect((init.headers as Record<string, string>)['If-Match']).toBe('"4"');
  });

  it('shows Update Failed and keeps the draft open when the save fails', async () => {
    await openEditor('s6', { fetchMock: vi.fn(async () => new Response('', { status: 500 })) });
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'Will fail' } });
    fireEvent.keyDown(screen.getByRole('textbox'), { key: 'Enter' });
    expect(await screen.findByText('Update Failed')).toBeTruthy();
    expect(screen.getByText('Failed to update content')).toBeTruthy();
    // What was typed stays in the field; Cancel brings back the stored text.
    expect((screen.getByRole('textbox') as HTMLTextAreaElement).value).toBe('Will fail');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('heading', { name: 'Stored title' })).toBeTruthy();
  });

  it('follows edit mode switched on in another tab', async () => {
    localStorage.setItem('adminUser', JSON.stringify({ username: 'admin', isAdmin: true }));
    renderTitle('s7');
    expect(screen.queryByTitle('Click to edit')).toBeNull();
    act(() => {
      localStorage.setItem('editMode', 'true');
      window.dispatchEvent(new StorageEvent('storage', { key: 'editMode', newValue: 'true' }));
    });
    expect(await screen.findByTitle('Click to edit')).toBeTruthy();
  });
});
