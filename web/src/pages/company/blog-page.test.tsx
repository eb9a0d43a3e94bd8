import { describe, expect, it } from 'vitest';
import { blogContent } from '@/content/blog';
import { sharedContent } from '@/content/shared';
import type { ArticleCard, BlogList, PublishedArticle } from '@/lib/site-data';
import { ArticlePage } from './article-page';
import { BlogPage, blogHref, pageWindow } from './blog-page';
import { coverSizes } from './post-cover';
import { expectBuiltInCopy, expectListed, markedContent, marker, renderPage, visibleTexts } from '@/test/content-test-utils';

const card = (n: number, category = 'NLP'): ArticleCard => ({
  title: `Article ${n}`,
  slug: `article-${n}`,
  excerpt: `Excerpt ${n}.`,
  author: 'Rahul Mehta',
  category,
  tags: ['LLMs', `Tag ${n}`],
  publishedAt: `2024-11-0${n}T09:00:00Z`,
  readingMinutes: n,
});

const list = (over: Partial<BlogList> = {}): BlogList => ({
  category: '',
  page: 2,
  pages: 3,
  total: 14,
  posts: [card(1), card(2)],
  popular: [card(3), card(4), card(5)].map(({ title, slug, publishedAt }) => ({ title, slug, publishedAt })),
  tags: ['LLMs', 'Strategy'],
  ...over,
});

const article: PublishedArticle = {
  ...card(5, 'Computer Vision'),
  content: 'First paragraph.\n\nSecond paragraph,\nwith a second line.',
  body: {
    type: 'doc',
    content: [
      { type: 'paragraph', content: [{ type: 'text', text: 'First paragraph.' }] },
      { type: 'paragraph', content: [{ type: 'text', text: 'Second paragraph,' }, { type: 'hardBreak' }, { type: 'text', text: 'with a second line.' }] },
    ],
  },
  images: {},
  metaTitle: '',
  metaDescription: '',
  updatedAt: '2024-11-20T10:00:00Z',
  previous: { title: 'Older one', slug: 'older-one', publishedAt: '2024-10-01T09:00:00Z' },
  next: { title: 'Newer one', slug: 'newer-one', publishedAt: '2024-12-01T09:00:00Z' },
};

describe('Blog content', () => {
  it('renders every registry key of its sections, each under its own key, on a list, an empty list and an article', () => {
    const { entries, content } = markedContent(blogContent, sharedContent);
    const pages = [
      renderPage(<BlogPage />, content, '/blog', { blog: list() }),
      renderPage(<BlogPage />, content, '/blog', { blog: list({ posts: [], pages: 1, page: 1, total: 0 }) }),
      renderPage(<BlogPage />, content, '/blog', { blog: list({ category: 'nlp', posts: [], pages: 1, page: 1, total: 0 }) }),
      renderPage(<ArticlePage />, content, '/blog/article-5', { article }),
    ];
    const own = entries.filter((e) => e.section.startsWith('blog.'));
    for (const e of own) expect(pages.some((html) => html.includes(marker(e.section, e.key))), `${e.section} ${e.key}`).toBe(true);
    // What a visitor reads on the list besides the texts: the articles' own (data-article, edited in
    // the Pages tab), the numbers of the pages and of the popular posts, and the newsletter form's
    // trap for scripts, as the lead form's.
    const html = pages[0].replace(/<(article|ol|ul)[^>]*data-article[\s\S]*?<\/\1>/g, '');
    expect(new Set(visibleTexts(html))).toEqual(new Set(['1', '2', '3', 'Leave this field empty']));
  });

  it('shows the cards of the page, each linking to its article, with the category label as the button says it', () => {
    const html = renderPage(<BlogPage />, { 'blog.categories': { 'items.nlp.label': 'Language' } }, '/blog', { blog: list() });
    expect(html).toContain('href="/blog/article-1"');
    expect(html).toContain('href="/blog/article-2"');
    expect(html).toContain('>Language</p>');
    expect(html).toContain('November 1, 2024');
    expect(html).toMatch(/href="\/blog\?page=1"|href="\/blog"[^>]*rel="prev"/);
    expect(html).toContain('href="/blog?page=3"');
    expect(html).toMatch(/aria-current="page" aria-label="Page 2"/);
  });

  it('shows each cover as a responsive image at the card\'s width, loading at once only in the first row, and a drawing of its category without one', () => {
    const variant = (width: number, format: 'webp' | 'jpeg') => ({ width, height: (width * 9) / 16, format, url: `/media/${width}.${format}` });
    const cover = { id: 4, alt: 'A control room', width: 1600, height: 900, focalX: 0.5, focalY: 0.3, variants: [variant(640, 'webp'), variant(640, 'jpeg')] };
    const posts = [{ ...card(1), cover }, card(2, 'Computer Vision'), { ...card(3), cover }, card(4, 'Other')];
    const html = renderPage(<BlogPage />, {}, '/blog', { blog: list({ posts }) });
    const imgs = html.match(/<img [^>]*>/g) ?? [];
    expect(imgs).toHaveLength(2);
    for (const img of imgs) {
      for (const attr of ['alt="A control room"', 'width="1600"', 'height="900"', `sizes="${coverSizes}"`, 'srcSet="/media/640.jpeg 640w"', 'object-position:50% 30%'])
        expect(img).toContain(attr);
    }
    expect(imgs[0]).toContain('loading="eager"');
    expect(imgs[1]).toContain('loading="lazy"');
    expect(imgs[0]).not.toContain('fetchPriority');
    // Without a cover: the category's drawing in its tint of the brand colour, hidden from assistive technology; an unknown category gets a neutral ground.
    const drawn = html.match(/<div aria-hidden="true" data-cover="drawn" class="[^"]*"/g) ?? [];
    expect(drawn).toHaveLength(2);
    expect(drawn[0]).toContain('from-brand-100 to-brand-50 text-brand-strong');
    expect(drawn[1]).toContain('from-slate-50 to-slate-100 text-brand');
    // Every card has its frame of the same shape, cover or not.
    expect(html.match(/aspect-\[16\/9\]/g)).toHaveLength(4);
  });

  it('keeps the category ids as filter values and marks the current one', () => {
    const html = renderPage(<BlogPage />, {}, '/blog', { blog: list({ category: 'nlp' }) });
    expect(html).toMatch(/<a href="\/blog\?category=nlp" aria-current="page"/);
    expect(html).toMatch(/<a href="\/blog" class/);
    expect(html).toContain('href="/blog?category=nlp&amp;page=3"');
    expect(html.match(/<nav aria-label="Categories">[\s\S]*?<\/nav>/)?.[0].match(/<a /g)).toHaveLength(7);
  });

  it('shows the built-in copy when nothing is stored', () => {
    const html = renderPage(<BlogPage />, {}, '/blog', { blog: list() });
    expectBuiltInCopy(html, blogContent, ['blog.hero', 'blog.categories', 'blog.pagination', 'blog.popular', 'blog.tags', 'blog.newsletter', 'blog.cta']);
  });

  it('numbers the pages around the current one', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageWindow(1, 20)).toEqual([1, 2, 0, 20]);
    expect(pageWindow(10, 20)).toEqual([1, 0, 9, 10, 11, 0, 20]);
    expect(pageWindow(20, 20)).toEqual([1, 0, 19, 20]);
    expect(blogHref('', 1)).toBe('/blog');
    expect(blogHref('nlp', 2)).toBe('/blog?category=nlp&page=2');
  });

  it('renders an article with its byline, paragraphs, tags and neighbours', () => {
    const html = renderPage(<ArticlePage />, {}, '/blog/article-5', { article });
    expect(html).toContain('<h1 id="page-title"');
    expect(html).toContain('Article 5</h1>');
    expect(html).toContain('<p>First paragraph.</p>');
    expect(html).toContain('<p>Second paragraph,<br/>with a second line.</p>');
    expect(html).toContain('November 5, 2024');
    expect(html).toContain('5 <span');
    expect(html).toContain('href="/blog/older-one" rel="prev"');
    expect(html).toContain('href="/blog/newer-one" rel="next"');
    expect(html).toContain('href="/blog?category=computer-vision"');
  });

  it('lists the sections of the page', () => {
    expectListed(blogContent, 'Blog', ['/blog'], [
      'blog.hero',
      'blog.categories',
      'blog.article',
      'blog.empty',
      'blog.pagination',
      'blog.popular',
      'blog.tags',
      'blog.newsletter',
      'blog.cta',
    ]);
  });
});
