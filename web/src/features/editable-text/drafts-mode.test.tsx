import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SiteDataProvider } from '@/lib/site-data-context';
import { Toaster } from '@/components/ui/toaster';
import { emptySiteData } from '@/lib/site-data';
import { signInAsAdmin, writes } from '@/test/admin-session';
import { EditableText } from './editable-text';

// Drafts mode (its own file: the mode and the drafts last the page visit).
// The editor shows the pending draft in place of the published text, and a
// save goes to the draft from the draft's version, saying so.
const draft = { id: 4, section: 'hero', key: 'main_title', value: 'Draft title', published: 'Published title', version: 2, updatedAt: '2026-01-01T00:00:00Z', updatedBy: 'ed' };

const server = vi.fn(async (url: string, init: RequestInit = {}) => {
  if (!init.method || init.method === 'GET') {
    if (url === '/api/admin/publishing-settings') return Response.json({ data: { mode: 'drafts' } });
    if (url === '/api/admin/drafts') return Response.json({ data: [draft] });
    return Response.json({ data: [] });
  }
  const body = JSON.parse(String(init.body)) as { value: string };
  return Response.json({ data: { ...draft, value: body.value, version: 3 } });
});

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('EditableText in drafts mode', () => {
  it('shows the pending draft and saves to it', async () => {
    signInAsAdmin();
    vi.stubGlobal('fetch', server);
    render(
      <SiteDataProvider value={{ ...emptySiteData, content: { hero: { main_title: 'Published title' } } }}>
        <EditableText as="h1" section="hero" contentKey="main_title" fallback="Built-in" />
        <Toaster />
      </SiteDataProvider>,
    );
    fireEvent.click(await screen.findByTitle('Click to edit'));
    const input = screen.getByRole('textbox', { name: 'Edit hero main_title' });
    fireEvent.change(input, { target: { value: 'Newer draft' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByText('Saved as draft — publish it from the Publish panel')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Newer draft' })).toBeTruthy();
    const [url, init] = writes(server)[0];
    expect(url).toBe('/api/admin/content');
    const headers = init.headers as Record<string, string>;
    expect(headers['X-Publish']).toBe('draft');
    expect(headers['If-Match']).toBe('"2"');
  });
});
