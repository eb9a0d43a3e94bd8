// Copy of the Blog page, one object per section (see registry.ts): a static
// listing with categories, popular posts and tags.
import type { ContentPage } from './registry';
import type { HeroContent } from './types';

export type BlogPost = {
  id: string;
  title: string;
  excerpt: string;
  author: string;
  date: string;
  /** The category shown on the card. */
  category: string;
  readTime: string;
  /** A short list of strings: keys `tags.0`, `tags.1`, … */
  tags: string[];
};

/** A category button: its id is the filter value, its label what visitors read. */
export type BlogCategory = { id: string; label: string };

const hero: HeroContent = {
  eyebrow: 'Blog',
  title: 'Insights on enterprise AI',
  lead: 'Practical writing from our consultants and engineers on strategy, delivery and the latest methods that are ready for production.',
};

const categories = {
  items: [
    { id: 'all', label: 'All' },
    { id: 'machine-learning', label: 'Machine Learning' },
    { id: 'deep-learning', label: 'Deep Learning' },
    { id: 'nlp', label: 'NLP' },
    { id: 'computer-vision', label: 'Computer Vision' },
    { id: 'ai-strategy', label: 'AI Strategy' },
    { id: 'industry-insights', label: 'Industry Insights' },
  ] satisfies BlogCategory[],
};

const posts = {
  items: [
    {
      id: 'ai-pilots-to-production',
      title: 'Why most AI pilots never reach production, and how to fix it',
      excerpt: 'The five organisational and technical gaps we see most often between a promising pilot and a system the business relies on.',
      author: 'Dr. Amelia Hart',
      date: 'November 12, 2024',
      category: 'AI Strategy',
      readTime: '8 min read',
      tags: ['Strategy', 'MLOps'],
    },
    {
      id: 'retrieval-augmented-generation',
      title: 'A practical guide to retrieval-augmented generation in the enterprise',
      excerpt: 'How to ground large language models in your own documents, measure answer quality and keep sensitive data safe.',
      author: 'Rahul Mehta',
      date: 'November 5, 2024',
      category: 'NLP',
      readTime: '11 min read',
      tags: ['Generative AI', 'LLMs'],
    },
    {
      id: 'predictive-maintenance-lessons',
      title: 'Predictive maintenance: what 1,200 machines taught us',
      excerpt: 'Lessons from a multi-plant rollout, from sensor placement to getting maintenance crews to trust the alerts.',
      author: 'Dr. Lena Fischer',
      date: 'October 28, 2024',
      category: 'Machine Learning',
      readTime: '9 min read',
      tags: ['Manufacturing', 'Case Study'],
    },
    {
      id: 'edge-vision-hardware',
      title: 'Vision models at the edge: choosing hardware that lasts',
      excerpt: 'A comparison of edge accelerators for inspection workloads, with the accuracy, latency and cost we measured.',
      author: 'Dr. Lena Fischer',
      date: 'October 17, 2024',
      category: 'Computer Vision',
      readTime: '7 min read',
      tags: ['Edge AI', 'Manufacturing'],
    },
    {
      id: 'fine-tuning-versus-prompting',
      title: 'Fine-tuning versus prompting: a cost model for leaders',
      excerpt: 'When it pays to fine-tune your own model, and when careful prompting of a hosted model is the better investment.',
      author: 'Rahul Mehta',
      date: 'October 8, 2024',
      category: 'Deep Learning',
      readTime: '10 min read',
      tags: ['LLMs', 'Strategy'],
    },
    {
      id: 'financial-services-trends-2025',
      title: 'AI in financial services: five trends for 2025',
      excerpt: 'From real-time fraud detection to explainable credit models: where banks and insurers are investing next year.',
      author: 'James Okafor',
      date: 'September 30, 2024',
      category: 'Industry Insights',
      readTime: '6 min read',
      tags: ['Finance', 'Responsible AI'],
    },
  ] satisfies BlogPost[],
};

const pagination = { previous: 'Previous', next: 'Next' };

/** The sidebar's list of the first three posts (their titles and dates are the posts' own). */
const popular = { title: 'Popular posts' };

const tags = {
  title: 'Popular tags',
  items: ['Generative AI', 'LLMs', 'MLOps', 'Strategy', 'Manufacturing', 'Finance', 'Edge AI', 'Responsible AI'],
};

const newsletter = {
  title: 'Get our insights monthly',
  text: 'One email a month with our best articles and case studies. No spam.',
  emailLabel: 'Email address',
  emailPlaceholder: 'you@company.com',
  subscribe: 'Subscribe',
};

const cta = { title: 'Want these ideas applied to your business?', text: 'Talk to the authors in a free 30-minute consultation.' };

export const blog = { hero, categories, posts, pagination, popular, tags, newsletter, cta };

export const blogContent: ContentPage = {
  paths: ['/blog'],
  name: 'Blog',
  sections: {
    'blog.hero': blog.hero,
    'blog.categories': blog.categories,
    'blog.posts': blog.posts,
    'blog.pagination': blog.pagination,
    'blog.popular': blog.popular,
    'blog.tags': blog.tags,
    'blog.newsletter': blog.newsletter,
    'blog.cta': blog.cta,
  },
};
