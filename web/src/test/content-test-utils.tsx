// Helpers of the pages' content tests: render a page the way the server
// does, with every registry key of its sections overridden by a marker, and
// read back what a visitor sees.
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { SiteDataProvider } from '@/lib/site-data-context';
import { emptySiteData, type ContentMap, type SiteData } from '@/lib/site-data';
import { sectionTexts, type ContentPage, type EditableEntry } from '@/content/registry';

/** Every text of the pages' sections, as the registry lists them. */
export function pageTexts(...pages: ContentPage[]): EditableEntry[] {
  return pages.flatMap((p) => Object.entries(p.sections).flatMap(([section, copy]) => sectionTexts(section, copy)));
}

/** React's escaping of text in HTML. */
export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
}

/** The unique value a test stores under (section, key). */
export const marker = (section: string, key: string) => `«${section}|${key}»`;

/** Every text of the pages' sections, and page data that overrides each with its marker. */
export function markedContent(...pages: ContentPage[]): { entries: EditableEntry[]; content: ContentMap } {
  const entries = pageTexts(...pages);
  const content: ContentMap = {};
  for (const e of entries) (content[e.section] ??= {})[e.key] = marker(e.section, e.key);
  return { entries, content };
}

/** The server's HTML of a page at path, as React writes it (text separators and all); data adds to the page data (an article, the blog's list). */
export function renderRaw(node: React.ReactNode, content: ContentMap = {}, path = '/', data: Partial<SiteData> = {}): string {
  return renderToString(
    <SiteDataProvider value={{ ...emptySiteData, ...data, content }}>
      <MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>
    </SiteDataProvider>,
  );
}

/** The server's HTML of a page, with React's text separators removed. */
export function renderPage(node: React.ReactNode, content: ContentMap = {}, path = '/', data: Partial<SiteData> = {}): string {
  return renderRaw(node, content, path, data).replace(/<!-- -->/g, '');
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'", nbsp: ' ' };

/** The texts between the tags of the HTML, markers removed, trimmed, empty ones left out. */
export function visibleTexts(html: string): string[] {
  return html
    .replace(/«[^»]*»/g, '\n')
    .split(/<[^>]*>/)
    .flatMap((t) => t.split('\n'))
    .map((t) => t.replace(/&(#?\w+);/g, (m, name: string) => entities[name] ?? m).trim())
    .filter(Boolean);
}
