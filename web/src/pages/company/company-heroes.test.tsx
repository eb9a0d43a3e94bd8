import { describe, expect, it } from 'vitest';
import { AiJourneyPage } from '@/pages/ai-journey/ai-journey-page';
import { AboutPage } from './about-page';
import { BlogPage } from './blog-page';
import { CareersPage } from './careers-page';
import { CaseStudiesPage } from './case-studies-page';
import { renderPage } from '@/test/content-test-utils';

// The heroes of the company pages, and of the free consultation, each have
// a drawing of their own beside the text, hidden from assistive technology,
// with a fixed aspect ratio.

const emptyBlog = { category: '', page: 1, pages: 1, total: 0, posts: [], popular: [], tags: [] };

describe('company page heroes', () => {
  it('each has a decorative drawing of its own in the brand colour', () => {
    const pages = [<AboutPage key="a" />, <CareersPage key="c" />, <CaseStudiesPage key="s" />, <BlogPage key="b" />, <AiJourneyPage key="j" />];
    const drawings = pages.map((page) => {
      const html = renderPage(page, {}, '/', { blog: emptyBlog });
      const hero = html.slice(html.indexOf('aria-labelledby="page-title"'), html.indexOf('</section>'));
      const art = hero.match(/<div aria-hidden="true" class="hidden lg:block[^"]*">(<svg viewBox="0 0 480 400" width="480" height="400" class="h-auto w-full text-brand".*?<\/svg>)<\/div>/);
      expect(art).not.toBeNull();
      expect(art![1]).toContain('currentColor');
      // A drawing, not words: the hero's text says it all.
      expect(art![1]).not.toContain('<text');
      return art![1];
    });
    expect(new Set(drawings).size).toBe(5);
  });
});
