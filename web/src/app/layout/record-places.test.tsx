import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { RecordEditorContext } from '@/features/editable-text/record-text';
import { emptySiteData, type SiteData } from '@/lib/site-data';
import { SiteDataProvider } from '@/lib/site-data-context';
import { dismissToast, getToasts } from '@/lib/toast-store';
import { TestimonialsSection } from '@/pages/home/testimonials-section';
import { BlogPage } from '@/pages/company/blog-page';
import { signInAsAdmin, writes } from '@/test/admin-session';
import { RecordEditor } from './record-editor';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

// Where the public pages show records, each is edited in place as the
// record it is: the page's element names its resource and finds its record
// by what it shows; the save is that record's PUT.

const records: Record<string, ({ id: number; version: number } & Record<string, unknown>)[]> = {
  'menu-items': [
    { id: 1, title: 'Company', url: '#', order: 5, isActive: true, version: 1 },
    { id: 2, title: 'Careers', url: '/careers', order: 2, parentId: 1, isActive: true, version: 4 },
    { id: 3, title: 'About', url: '/about-us', order: 1, parentId: 1, isActive: true, version: 1 },
  ],
  'footer-links': [
    { id: 7, category: 'Company', title: 'Blog', url: '/blog', order: 3, isActive: true, version: 2 },
    { id: 8, category: 'Services', title: 'Blog', url: '/blog', order: 3, isActive: true, version: 1 },
  ],
  testimonials: [{ id: 5, name: 'Ana Ruiz', title: 'CTO, Halden', content: 'They shipped.', order: 1, isActive: true, version: 3 }],
  pages: [{ id: 9, slug: 'edge', title: 'Edge AI', excerpt: 'On the edge.', tags: ['Edge AI'], version: 6, isActive: true }],
};

const server = vi.fn(async (url: string, init: RequestInit = {}) => {
  const m = url.match(/^\/api\/admin\/([a-z-]+)(?:\/(\d+))?$/);
  if (!init.method || init.method === 'GET') {
    if (url === '/api/admin/publishing-settings') return Response.json({ data: { mode: 'live' } });
    return Response.json({ data: m ? (records[m[1]] ?? []) : [] });
  }
  const rec = records[m![1]].find((r) => r.id === Number(m![2]))!;
  return Response.json({ data: { ...rec, ...(JSON.parse(String(init.body)) as object), version: rec.version + 1 } });
});

function renderPage(node: React.ReactNode, data: Partial<SiteData>) {
  signInAsAdmin();
  vi.stubGlobal('fetch', server);
  return render(
    <SiteDataProvider value={{ ...emptySiteData, ...data }}>
      <MemoryRouter>
        <RecordEditorContext.Provider value={RecordEditor}>
          {node}
          <Toaster />
        </RecordEditorContext.Provider>
      </MemoryRouter>
    </SiteDataProvider>,
  );
}

/** Edits the record text shown as `shown` (within `scope`) to `value`, and returns the write it sent. */
async function edit(scope: HTMLElement, shown: string, field: string, value: string) {
  const el = await within(scope).findByText(shown, { selector: '[data-editable]' });
  fireEvent.click(el);
  const input = await screen.findByRole('textbox', { name: field });
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter' });
  await screen.findByText('Content Updated');
  const [url, init] = writes(server).at(-1)!;
  return { url, body: JSON.parse(String(init.body)) as Record<string, unknown> };
}

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
  server.mockClear();
  for (const t of getToasts()) dismissToast(t.id);
});

describe('records edited where the pages show them', () => {
  it("a dropdown's item in the header is its menu item", async () => {
    const menu = [{ title: 'Company', url: '#', order: 5, children: [{ title: 'About', url: '/about-us', order: 1 }, { title: 'Careers', url: '/careers', order: 2 }] }];
    const { container } = renderPage(<SiteHeader />, { menu });
    const nav = container.querySelector<HTMLElement>('nav[aria-label="Main"]')!;
    // Its button opens the dropdown (in edit mode, a click on its label edits the label).
    fireEvent.click(within(nav).getByRole('button', { name: 'Company' }));
    const { url, body } = await edit(nav, 'Careers', 'Edit menu item label', 'Jobs');
    expect(url).toBe('/api/admin/menu-items/2');
    expect(body).toMatchObject({ title: 'Jobs', url: '/careers', parentId: 1, version: 4 });
  });

  it('a footer link is the link of its column, not another with the same label', async () => {
    const footer = [
      { category: 'Services', title: 'Blog', url: '/blog', order: 3 },
      { category: 'Company', title: 'Blog', url: '/blog', order: 3 },
    ];
    const { container } = renderPage(<SiteFooter />, { footer });
    const company = [...container.querySelectorAll<HTMLElement>('footer ul')].find((ul) => ul.previousElementSibling?.textContent === 'Company')!;
    const { url, body } = await edit(company, 'Blog', 'Edit footer link label', 'Insights');
    expect(url).toBe('/api/admin/footer-links/7');
    expect(body).toMatchObject({ category: 'Company', title: 'Insights', version: 2 });
  });

  it("a stored testimonial's quote, without the quotation marks the page sets around it", async () => {
    const { container } = renderPage(<TestimonialsSection />, {
      testimonials: [{ name: 'Ana Ruiz', title: 'CTO, Halden', content: 'They shipped.', initials: 'AR', avatarBg: 'bg-blue-600', photo: '', order: 1 }],
    });
    const { url, body } = await edit(container, '“They shipped.”', 'Edit testimonial quote', 'They shipped, on time.');
    expect(url).toBe('/api/admin/testimonials/5');
    expect(body).toMatchObject({ content: 'They shipped, on time.', name: 'Ana Ruiz', version: 3 });
    expect(screen.getByText('“They shipped, on time.”')).toBeTruthy();
  });

  it("a blog card's title, the article's, also where the sidebar lists it", async () => {
    const card = { title: 'Edge AI', slug: 'edge', excerpt: 'On the edge.', author: '', category: 'Computer Vision', tags: ['Edge AI'], publishedAt: '2024-10-01T09:00:00Z', readingMinutes: 2 };
    const blog = { category: '', page: 1, pages: 1, total: 1, posts: [card], popular: [{ title: 'Edge AI', slug: 'edge', publishedAt: card.publishedAt }], tags: [] };
    const { container } = renderPage(<BlogPage />, { blog });
    const article = container.querySelector<HTMLElement>('article')!;
    const { url, body } = await edit(article, 'Edge AI', 'Edit article title', 'Vision at the edge');
    expect(url).toBe('/api/admin/pages/9');
    expect(body).toMatchObject({ slug: 'edge', title: 'Vision at the edge', version: 6 });
    // The card and the popular posts show it.
    expect(screen.getAllByText('Vision at the edge')).toHaveLength(2);
  });
});
