import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { TooltipProvider } from '@/components/ui/tooltip';
import { signInAsAdmin, writes } from '@/test/admin-session';
import { ResourceTab } from './resource-tab';
import { testimonials } from './resources/testimonials';
import { renderWithQueries } from '@/test/fake-api';

// A resource's tab in drafts mode: a record with a pending draft shows as
// drafted, marked Draft, and its form saves to the draft (X-Publish: draft).
const ann = { id: 5, name: 'Ann', title: 'CTO', content: 'Good work', initials: 'AN', avatarBg: 'bg-blue-600', photo: '', order: 1, isActive: true, createdAt: '', updatedAt: '', version: 3 };
const bo = { ...ann, id: 6, name: 'Bo', order: 2 };
const pending = {
  id: 11,
  section: '',
  key: 'testimonials/5',
  resource: 'testimonials',
  recordId: 5,
  value: JSON.stringify({ ...ann, content: 'Great work' }),
  published: JSON.stringify(ann),
  base: JSON.stringify(ann),
  version: 1,
  comments: [],
};

function fakeAPI(mode: string) {
  const server = vi.fn(async (url: string, init: RequestInit = {}) => {
    if (!init.method || init.method === 'GET') {
      if (url === '/api/admin/publishing-settings') return Response.json({ data: { mode } });
      if (url === '/api/admin/testimonials') return Response.json({ data: [ann, bo] });
      if (url === '/api/admin/drafts') return Response.json({ data: [pending] });
      return Response.json({ data: [] });
    }
    return Response.json({ data: { ...ann, ...(JSON.parse(String(init.body)) as object), version: 3 } });
  });
  vi.stubGlobal('fetch', server);
  return server;
}

function renderTab() {
  renderWithQueries(
    <TooltipProvider>
      <ResourceTab config={testimonials} />
      <Toaster />
    </TooltipProvider>,
  );
}

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('a resource tab in drafts mode', () => {
  it('shows a record as drafted, marked Draft, and saves its form to the draft', async () => {
    signInAsAdmin();
    const server = fakeAPI('drafts');
    renderTab();
    const row = (await screen.findByText('Great work')).closest('li')!;
    expect(within(row).getByText('Draft', { exact: true })).toBeTruthy();
    expect(screen.getAllByText('Draft', { exact: true })).toHaveLength(1);
    fireEvent.click(within(row).getByRole('button', { name: 'Edit Ann' }));
    const content = await screen.findByLabelText(/^Content/);
    expect((content as HTMLTextAreaElement).value).toBe('Great work');
    fireEvent.change(content, { target: { value: 'Great work, again' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Testimonial saved as draft — publish it from the Publish panel')).toBeTruthy();
    const [[url, init]] = writes(server);
    expect(url).toBe('/api/admin/testimonials/5');
    expect((init.headers as Record<string, string>)['X-Publish']).toBe('draft');
    expect(JSON.parse(String(init.body))).toMatchObject({ content: 'Great work, again', version: 3 });
  });

  it('in live mode shows the published records, unmarked, without loading the drafts', async () => {
    signInAsAdmin();
    const server = fakeAPI('live');
    renderTab();
    expect(await screen.findAllByText('Good work')).toHaveLength(2);
    expect(screen.queryByText('Draft', { exact: true })).toBeNull();
    await waitFor(() => expect(server.mock.calls.some(([u]) => u === '/api/admin/drafts')).toBe(false));
  });
});
