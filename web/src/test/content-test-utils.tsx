// Helpers of the pages' content tests: render a page the way the server
// does, with every registry key of its sections overridden by a marker, and
// read back what a visitor sees.
import { sampleStudies } from './case-study-fixtures';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
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

/** The server's HTML of a page at path, as React writes it (text separators and all, but keepTogether's spans, so that a text reads as it was typed); data adds to the page data (an article, the blog's list). */
export function renderRaw(node: React.ReactNode, content: ContentMap = {}, path = '/', data: Partial<SiteData> = {}): string {
  return withoutKeptTogether(renderToString(
    <SiteDataProvider value={{ ...emptySiteData, caseStudies: sampleStudies, ...data, content }}>
      <MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>
    </SiteDataProvider>,
  ));
}

/** html without the spans that keep a figure and its unit on one line (keepTogether), so that a text reads as it was typed. */
export function withoutKeptTogether(html: string): string {
  return html.replace(/<span class="whitespace-nowrap">([^<]*)<\/span>/g, '$1');
}

/** The server's HTML of a page, with React's text separators removed. */
export function renderPage(node: React.ReactNode, content: ContentMap = {}, path = '/', data: Partial<SiteData> = {}): string {
  return renderRaw(node, content, path, data).replace(/<!-- -->/g, '');
}

/** A renderer of the pages of `components` (by their first address): the server's HTML with the page data's texts. */
export function pageRenderer(components: Record<string, React.ComponentType>) {
  return (page: ContentPage, content: ContentMap = {}): string => {
    const Page = components[page.paths[0]];
    return renderRaw(<Page />, content, page.paths[0]);
  };
}

/** Expects the HTML to show every built-in text of the page's sections (or of those named). */
export function expectBuiltInCopy(html: string, page: ContentPage, sections: string[] = Object.keys(page.sections)) {
  for (const section of sections) {
    for (const e of sectionTexts(section, page.sections[section])) expect(html, `${e.section} ${e.key}`).toContain(escapeHtml(e.fallback));
  }
}

/**
 * Renders the page with every text of its sections (and of the shared ones
 * given) stored as its marker, and expects each of its own texts, more than
 * `least` of them, to show its marker. Returns the HTML.
 */
export function renderMarked(page: ContentPage, render: (content: ContentMap) => string, least = 0, ...shared: ContentPage[]): string {
  const { content } = markedContent(page, ...shared);
  const html = render(content);
  const own = pageTexts(page);
  expect(own.length).toBeGreaterThan(least);
  for (const e of own) expect(html, `${e.section} ${e.key}`).toContain(marker(e.section, e.key));
  return html;
}

/** Expects the page, rendered with every text of its sections stored as its marker, to show none of its built-in texts. Returns the HTML. */
export function expectNoBuiltInCopy(page: ContentPage, render: (content: ContentMap) => string): string {
  const html = renderMarked(page, render);
  for (const e of pageTexts(page)) expect(html, `${e.section} ${e.key}`).not.toContain(escapeHtml(e.fallback));
  return html;
}

type TemplatePagesOptions = {
  /** The names of a page's sections, each after the page's slug: `${slug}.${name}`. */
  sections: (path: string) => string[];
  /** Words the code once wrote itself and are copy now: none shows once every text is stored. */
  formerLabels: string[];
  /** More to expect of a page's HTML when nothing is stored. */
  builtIn?: (html: string) => void;
  /** The family's own tests of each page. */
  each?: (path: string, page: ContentPage) => void;
};

/** A page made from a template: its address, its name in the admin and its component. */
export type TemplatePage = [path: string, name: string, component: React.ComponentType];

/**
 * The contract of pages made from one template, as `listed`: the registry
 * lists them under their names, with no two texts of a page under one key;
 * each has its component and sections named after its path, shows every
 * built-in text when nothing is stored, and renders every registry key under
 * its key and none of the built-in texts. Returns the renderer of the pages.
 */
export function describeTemplatePages(name: string, pages: ContentPage[], listed: TemplatePage[], options: TemplatePagesOptions) {
  const { sections, formerLabels, builtIn, each } = options;
  const components = Object.fromEntries(listed.map(([path, , component]) => [path, component]));
  const render = pageRenderer(components);

  describe(`${name}s registry`, () => {
    it('lists the routes with readable names and unique keys', () => {
      expectRegistered(pages, listed.map(([path, title]) => [path, title]));
    });
  });

  describe.each(pages.map((p) => [p.paths[0], p] as const))(`${name} %s`, (path, page) => {
    it('has a component and sections named after its path', () => {
      expect(components[path]).toBeDefined();
      const slug = path.slice(1);
      expect(Object.keys(page.sections)).toEqual(sections(path).map((n) => `${slug}.${n}`));
    });

    it('shows every built-in text when nothing is stored', () => {
      const html = render(page);
      expectBuiltInCopy(html, page);
      builtIn?.(html);
    });

    it('renders every registry key under its key, and none of the built-in texts', () => {
      const html = expectNoBuiltInCopy(page, (content) => render(page, content));
      for (const label of formerLabels) expect(html).not.toContain(label);
    });

    each?.(path, page);
  });
  return render;
}

/** Expects the page's name, addresses and sections to be these. */
export function expectListed(page: ContentPage, name: string, paths: string[], sections: string[]) {
  expect(page.name).toBe(name);
  expect(page.paths).toEqual(paths);
  expect(Object.keys(page.sections)).toEqual(sections);
}

/** Expects the pages to have these addresses and names, and no two texts of a page the same key. */
export function expectRegistered(pages: ContentPage[], listed: [path: string, name: string][]) {
  expect(pages.map((p) => [p.paths, p.name])).toEqual(listed.map(([path, name]) => [[path], name]));
  for (const page of pages) {
    const keys = pageTexts(page).map((t) => `${t.section}|${t.key}`);
    expect(new Set(keys).size).toBe(keys.length);
  }
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'", nbsp: ' ' };

/** The texts between the tags of the HTML, markers removed, trimmed, empty ones left out. */
export function visibleTexts(html: string): string[] {
  return html
    // A drawing's labels are part of the picture, as a photo's are; its
    // alt text is the copy (an svg with role="img" and its aria-label).
    .replace(/<svg[^>]*>[\s\S]*?<\/svg>/g, '\n')
    .replace(/«[^»]*»/g, '\n')
    .split(/<[^>]*>/)
    .flatMap((t) => t.split('\n'))
    .map((t) => t.replace(/&(#?\w+);/g, (m, name: string) => entities[name] ?? m).trim())
    .filter(Boolean);
}

/**
 * The texts without the marks of the facts' footnotes (components/marketing/fact-figure.tsx):
 * a marker's number and the brackets around a date are made, not copy.
 */
export function withoutFootnoteMarks(texts: string[]): string[] {
  return texts.filter((t) => !/^(\d+|\(|\))$/.test(t));
}
