import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { RecordEditorContext, RecordText } from '@/features/editable-text/record-text';
import { signInAsAdmin, writes } from '@/test/admin-session';
import { RecordEditor } from './record-editor';

// Drafts mode (its own file: the mode lasts the page visit). A menu item's
// pending draft shows in place of its published label, and a save in place
// goes to the draft (X-Publish: draft), which leaves the record's version as
// it was; the toast says where it is published from.
const item = { id: 3, title: 'Blog', url: '/blog', order: 4, isActive: true, version: 2 };
const pending = {
  id: 11,
  section: '',
  key: 'menu-items/3',
  resource: 'menu-items',
  recordId: 3,
  value: JSON.stringify({ ...item, title: 'Articles' }),
  published: JSON.stringify(item),
  base: JSON.stringify(item),
  version: 1,
  comments: [],
};

const server = vi.fn(async (url: string, init: RequestInit = {}) => {
  if (!init.method || init.method === 'GET') {
    if (url === '/api/admin/publishing-settings') return Response.json({ data: { mode: 'drafts' } });
    if (url === '/api/admin/menu-items') return Response.json({ data: [item] });
    if (url === '/api/admin/drafts') return Response.json({ data: [pending] });
    return Response.json({ data: [] });
  }
  // A draft: the record as drafted, at the version it was.
  return Response.json({ data: { ...item, ...(JSON.parse(String(init.body)) as object), version: 2 } }, { headers: { 'X-Publish': 'draft' } });
});

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('a record edited in place in drafts mode', () => {
  it('shows its pending draft, and a save goes to the draft', async () => {
    signInAsAdmin();
    vi.stubGlobal('fetch', server);
    render(
      <RecordEditorContext.Provider value={RecordEditor}>
        <RecordText record={{ resource: 'menu-items', match: { title: 'Blog', url: '/blog', order: 4 } }} field="title" value="Blog" />
        <Toaster />
      </RecordEditorContext.Provider>,
    );
    expect(await screen.findByText('Articles')).toBeTruthy();
    fireEvent.click(await screen.findByTitle('Click to edit'));
    const field = screen.getByRole('textbox', { name: 'Edit menu item label' });
    expect((field as HTMLInputElement).value).toBe('Articles');
    fireEvent.change(field, { target: { value: 'Insights' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(await screen.findByText('Saved as draft — publish it from the Publish panel')).toBeTruthy();
    const [[url, init]] = writes(server);
    expect(url).toBe('/api/admin/menu-items/3');
    expect((init.headers as Record<string, string>)['X-Publish']).toBe('draft');
    expect(JSON.parse(String(init.body))).toMatchObject({ title: 'Insights', url: '/blog', version: 2 });
    expect(screen.queryByText(/Live on the website now/)).toBeNull();
  });
});
