import { describe, expect, it } from 'vitest';
import { blog, blogContent } from '@/content/blog';
import { sectionTexts } from '@/content/registry';
import { sharedContent } from '@/content/shared';
import { BlogPage } from './blog-page';
import { markedContent, marker, renderPage, visibleTexts } from '@/test/content-test-utils';

describe('Blog content', () => {
  it('renders every registry key of its sections, each under its own key', () => {
    const { entries, content } = markedContent(blogContent, sharedContent);
    const html = renderPage(<BlogPage />, content);
    const own = entries.filter((e) => e.section.startsWith('blog.'));
    expect(own.length).toBeGreaterThan(70);
    for (const e of own) expect(html, `${e.section} ${e.key}`).toContain(marker(e.section, e.key));
    expect(html).toContain(`placeholder="${marker('blog.newsletter', 'emailPlaceholder')}"`);
    // Left in code: the separators of a post's byline and the numbers of
    // the pages and of the popular posts.
    expect(new Set(visibleTexts(html))).toEqual(new Set(['·', '1', '2', '3']));
  });

  it('shows a post edited once in the listing and among the popular posts', () => {
    const html = renderPage(<BlogPage />, { 'blog.posts': { 'items.ai-pilots-to-production.title': 'Edited title' } });
    expect(html.split('Edited title').length - 1).toBe(2);
    expect(html).not.toContain(blog.posts.items[0].title);
  });

  it('keeps the category ids as filter values: All is the pressed one, wherever it is', () => {
    const html = renderPage(<BlogPage />, { 'blog.categories': { items: '["nlp","all"]', 'items.all.label': 'Everything' } });
    expect(html).toMatch(/<button type="button" aria-pressed="false"[^>]*><span>NLP<\/span><\/button><button type="button" aria-pressed="true"[^>]*><span>Everything<\/span>/);
    const group = html.match(/<div role="group" aria-label="Categories"[^>]*>([\s\S]*?)<\/div>/)?.[1] ?? '';
    expect(group.match(/<button/g)).toHaveLength(2);
  });

  it('shows the built-in copy when nothing is stored', () => {
    const html = renderPage(<BlogPage />);
    for (const [section, copy] of Object.entries(blogContent.sections)) {
      for (const e of sectionTexts(section, copy)) expect(html).toContain(e.fallback.replace(/&/g, '&amp;').replace(/'/g, '&#x27;'));
    }
  });

  it('lists the sections of the page', () => {
    expect(blogContent.name).toBe('Blog');
    expect(blogContent.paths).toEqual(['/blog']);
    expect(Object.keys(blogContent.sections)).toEqual([
      'blog.hero',
      'blog.categories',
      'blog.posts',
      'blog.pagination',
      'blog.popular',
      'blog.tags',
      'blog.newsletter',
      'blog.cta',
    ]);
  });
});
