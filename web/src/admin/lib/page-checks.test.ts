// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { pageChecks, type OtherPage } from './page-checks';

const doc = (...content: object[]) => JSON.stringify({ type: 'doc', content });
const heading = (level: number, words: string) => ({ type: 'heading', attrs: { level }, content: [{ type: 'text', text: words }] });
const link = (href: string) => ({ type: 'paragraph', content: [{ type: 'text', text: 'see', marks: [{ type: 'link', attrs: { href } }] }] });

const good = {
  title: 'Forecasting demand for retail chains',
  metaTitle: '',
  metaDescription: 'How we forecast demand for two thousand products a day, and what it saved a retail chain in stock.',
  template: 'default',
  body: doc(heading(2, 'The problem'), heading(3, 'Data'), link('/about-us')),
};
const others: OtherPage[] = [
  { id: 1, title: 'Pricing', slug: 'pricing', template: 'default' },
  { id: 2, title: 'Ship it', slug: 'ship-it', template: 'article' },
];

describe('pageChecks', () => {
  it('gives no warning of a check switched off, and the others still', () => {
    const body = doc(heading(2, 'Intro'), heading(4, 'Detail'), { type: 'image', attrs: { mediaId: 3, alt: '' } }, link('/gone'));
    const values = { ...good, title: 'Pricing', metaDescription: '', template: 'article', body };
    expect(pageChecks(values, others, undefined, new Set(['headingOrder', 'brokenLinks', 'metaTitleLength', 'articleCover']))).toEqual([
      'An image in the body has no alt text.',
      'No meta description: search results will show a piece of the text instead.',
      'Another page has the same title: “Pricing”.',
    ]);
    expect(pageChecks(values, others, undefined, new Set(['altText', 'metaDescription', 'duplicateTitle']))).toEqual([
      'The heading “Detail” (h4) follows an h2: use an h3 first.',
      'The title search results show has 7 characters: 30 to 60 show best.',
      'The link to /gone leads to no page of the site.',
      'The article has no cover: the blog shows a plain card for it.',
      'The article has no excerpt: the blog cuts one from its text.',
    ]);
  });

  it('finds nothing to say of a page that has it all', () => {
    expect(pageChecks(good, others)).toEqual([]);
  });

  it('names a skipped heading level, images without alt text and links to no page', () => {
    const body = doc(heading(2, 'Intro'), heading(4, 'Detail'), { type: 'image', attrs: { mediaId: 3, alt: '' } }, link('/pricing'), link('/blog/ship-it'), link('/gone'), link('https://example.com'));
    expect(pageChecks({ ...good, body }, others)).toEqual([
      'The heading “Detail” (h4) follows an h2: use an h3 first.',
      'An image in the body has no alt text.',
      'The link to /gone leads to no page of the site.',
    ]);
  });

  it('measures what search results show, and finds a title another page has', () => {
    expect(pageChecks({ ...good, title: 'Pricing', metaDescription: '' }, others)).toEqual([
      'The title search results show has 7 characters: 30 to 60 show best.',
      'No meta description: search results will show a piece of the text instead.',
      'Another page has the same title: “Pricing”.',
    ]);
    // Its own title is no duplicate.
    expect(pageChecks({ ...good, title: 'Pricing for every size of team', metaTitle: '' }, [{ ...others[0], title: 'Pricing for every size of team' }], 1)).toEqual([]);
  });

  it('asks an article for its cover and excerpt', () => {
    expect(pageChecks({ ...good, template: 'article', featuredImage: '', excerpt: '' }, others)).toEqual([
      'The article has no cover: the blog shows a plain card for it.',
      'The article has no excerpt: the blog cuts one from its text.',
    ]);
  });
});
