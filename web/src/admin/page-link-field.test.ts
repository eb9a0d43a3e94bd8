// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Page } from '@/lib/api-types';
import { pageOptions } from './page-link-field';

const page = (over: Partial<Page>): Page => ({
  id: 1,
  title: 'T',
  slug: 't',
  content: '',
  body: { type: 'doc', content: [] },
  excerpt: '',
  metaTitle: '',
  metaDescription: '',
  status: 'published',
  template: 'default',
  featuredImage: '',
  authorId: null,
  publishedAt: '2026-01-01T00:00:00Z',
  isActive: true,
  createdAt: '',
  updatedAt: '',
  version: 1,
  author: '',
  category: '',
  tags: [],
  readingMinutes: 1,
  ...over,
});

describe('page options of a link', () => {
  it('offers the built-in pages, then the published pages and articles at their addresses', () => {
    const options = pageOptions([
      page({ title: 'Pricing', slug: 'pricing' }),
      page({ title: 'Edge vision', slug: 'edge-vision', template: 'article' }),
      page({ title: 'Draft', slug: 'draft', status: 'draft' }),
      page({ title: 'Hidden', slug: 'hidden', isActive: false }),
      page({ title: 'Later', slug: 'later', publishedAt: '2999-01-01T00:00:00Z' }),
    ]);
    expect(options[0]).toEqual({ value: '/', label: 'Home · /' });
    expect(options.find((o) => o.value === '/about-us')?.label).toMatch(/ · \/about-us$/);
    const own = options.filter((o) => /^(Page|Article): /.test(o.label));
    expect(own).toEqual([
      { value: '/blog/edge-vision', label: 'Article: Edge vision · /blog/edge-vision' },
      { value: '/pricing', label: 'Page: Pricing · /pricing' },
    ]);
  });
});
