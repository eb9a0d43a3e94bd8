// Copy of the Blog page, one object per section (see registry.ts): the fixed
// labels around the articles, which are pages of the admin (template
// article) and come with the page data.
import type { ContentPage } from './registry';
import type { HeroContent } from './types';

/**
 * The categories of the filter buttons, by their filter value
 * (/blog?category=nlp); `all` shows every article. The values are fixed
 * (an article's category is one of them: site.BlogCategories on the
 * server); only the labels are texts.
 */
export const categoryIds = ['all', 'machine-learning', 'deep-learning', 'nlp', 'computer-vision', 'ai-strategy', 'industry-insights'] as const;

export type CategoryId = (typeof categoryIds)[number];

const hero: HeroContent = {
  eyebrow: 'Blog',
  title: 'Insights on enterprise AI',
  lead: 'Practical writing from our consultants and engineers on strategy, delivery and the latest methods that are ready for production.',
};

const categories = {
  items: {
    all: { label: 'All' },
    'machine-learning': { label: 'Machine Learning' },
    'deep-learning': { label: 'Deep Learning' },
    nlp: { label: 'NLP' },
    'computer-vision': { label: 'Computer Vision' },
    'ai-strategy': { label: 'AI Strategy' },
    'industry-insights': { label: 'Industry Insights' },
  } satisfies Record<CategoryId, { label: string }>,
};

/** The labels of an article, on its card and its page. */
const article = {
  minRead: 'min read',
  back: 'All articles',
  tags: 'Tags',
  previous: 'Previous article',
  next: 'Next article',
};

/** What the list shows when it has no article: none at all, or none in the chosen category. */
const empty = {
  title: 'New articles are on their way',
  text: 'Our consultants are writing up what they learn on client projects. Until the first article is published, our case studies show the results.',
  action: 'See our case studies',
  categoryTitle: 'Nothing in this category yet',
  categoryText: 'We have not published an article on this subject yet. The other categories have plenty to read.',
  all: 'See all articles',
};

const pagination = { previous: 'Previous', next: 'Next' };

/** The sidebar's list of the three newest articles (their titles and dates are the articles' own). */
const popular = { title: 'Popular posts' };

/** The sidebar's tags: the eight that most articles carry. */
const tags = { title: 'Popular tags' };

const newsletter = {
  title: 'Get our insights monthly',
  text: 'One email a month with our best articles and case studies. No spam.',
  emailLabel: 'Email address',
  emailPlaceholder: 'you@company.com',
  subscribe: 'Subscribe',
};

const cta = { title: 'Want these ideas applied to your business?', text: 'Talk to the authors in a free 30-minute consultation.' };

export const blog = { hero, categories, article, empty, pagination, popular, tags, newsletter, cta };

export const blogContent: ContentPage = {
  paths: ['/blog'],
  name: 'Blog',
  sections: {
    'blog.hero': blog.hero,
    'blog.categories': blog.categories,
    'blog.article': blog.article,
    'blog.empty': blog.empty,
    'blog.pagination': blog.pagination,
    'blog.popular': blog.popular,
    'blog.tags': blog.tags,
    'blog.newsletter': blog.newsletter,
    'blog.cta': blog.cta,
  },
};
