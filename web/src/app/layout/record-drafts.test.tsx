import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { RecordEditorContext, RecordText } from '@/features/editable-text/record-text';
import { signInAsAdmin, writes } from '@/test/admin-session';
import { RecordEditor } from './record-editor';

// Drafts mode (its own file: the mode lasts the page visit). Records are not
// drafted: a menu item's label saved in place is live at once, and the
// toast says so.
const item = { id: 3, title: 'Blog', url: '/blog', order: 4, isActive: true, version: 2 };

const server = vi.fn(async (url: string, init: RequestInit = {}) => {
  if (!init.method || init.method === 'GET') {
    if (url === '/api/admin/publishing-settings') return Response.json({ data: { mode: 'drafts' } });
    if (url === '/api/admin/menu-items') return Response.json({ data: [item] });
    return Response.json({ data: [] });
  }
  return Response.json({ data: { ...item, ...(JSON.parse(String(init.body)) as object), version: 3 } });
});

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('a record edited in place in drafts mode', () => {
  it('is saved live, and the toast says so', async () => {
    signInAsAdmin();
    vi.stubGlobal('fetch', server);
    render(
      <RecordEditorContext.Provider value={RecordEditor}>
        <RecordText record={{ resource: 'menu-items', match: { title: 'Blog', url: '/blog', order: 4 } }} field="title" value="Blog" />
        <Toaster />
      </RecordEditorContext.Provider>,
    );
    fireEvent.click(await screen.findByTitle('Click to edit'));
    const field = screen.getByRole('textbox', { name: 'Edit menu item label' });
    fireEvent.change(field, { target: { value: 'Insights' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(await screen.findByText('Live on the website now: menu items are not held as drafts for the Publish panel.')).toBeTruthy();
    const [[url, init]] = writes(server);
    expect(url).toBe('/api/admin/menu-items/3');
    // No X-Publish: the record's own PUT, published at once.
    expect((init.headers as Record<string, string>)['X-Publish']).toBeUndefined();
    expect(JSON.parse(String(init.body))).toMatchObject({ title: 'Insights', url: '/blog', version: 2 });
  });
});
