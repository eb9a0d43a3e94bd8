// Copy of the Blog page: a static listing with categories, popular posts and tags.
export type BlogPost = {
  title: string;
  excerpt: string;
  author: string;
  date: string;
  category: string;
  readTime: string;
  tags: string[];
};

export const blog = {
  hero: {
    eyebrow: 'Blog',
    title: 'Insights on enterprise AI',
    lead: 'Practical writing from our consultants and engineers on strategy, delivery and the latest methods that are ready for production.',
  },
  categories: ['All', 'Machine Learning', 'Deep Learning', 'NLP', 'Computer Vision', 'AI Strategy', 'Industry Insights'],
  posts: [
    {
      title: 'Why most AI pilots never reach production, and how to fix it',
      excerpt: 'The five organisational and technical gaps we see most often between a promising pilot and a system the business relies on.',
      author: 'Dr. Amelia Hart',
      date: 'November 12, 2024',
      category: 'AI Strategy',
      readTime: '8 min read',
      tags: ['Strategy', 'MLOps'],
    },
    {
      title: 'A practical guide to retrieval-augmented generation in the enterprise',
      excerpt: 'How to ground large language models in your own documents, measure answer quality and keep sensitive data safe.',
      author: 'Rahul Mehta',
      date: 'November 5, 2024',
      category: 'NLP',
      readTime: '11 min read',
      tags: ['Generative AI', 'LLMs'],
    },
    {
      title: 'Predictive maintenance: what 1,200 machines taught us',
      excerpt: 'Lessons from a multi-plant rollout, from sensor placement to getting maintenance crews to trust the alerts.',
      author: 'Dr. Lena Fischer',
      date: 'October 28, 2024',
      category: 'Machine Learning',
      readTime: '9 min read',
      tags: ['Manufacturing', 'Case Study'],
    },
    {
      title: 'Vision models at the edge: choosing hardware that lasts',
      excerpt: 'A comparison of edge accelerators for inspection workloads, with the accuracy, latency and cost we measured.',
      author: 'Dr. Lena Fischer',
      date: 'October 17, 2024',
      category: 'Computer Vision',
      readTime: '7 min read',
      tags: ['Edge AI', 'Manufacturing'],
    },
    {
      title: 'Fine-tuning versus prompting: a cost model for leaders',
      excerpt: 'When it pays to fine-tune your own model, and when careful prompting of a hosted model is the better investment.',
      author: 'Rahul Mehta',
      date: 'October 8, 2024',
      category: 'Deep Learning',
      readTime: '10 min read',
      tags: ['LLMs', 'Strategy'],
    },
    {
      title: 'AI in financial services: five trends for 2025',
      excerpt: 'From real-time fraud detection to explainable credit models: where banks and insurers are investing next year.',
      author: 'James Okafor',
      date: 'September 30, 2024',
      category: 'Industry Insights',
      readTime: '6 min read',
      tags: ['Finance', 'Responsible AI'],
    },
  ] satisfies BlogPost[],
  tags: ['Generative AI', 'LLMs', 'MLOps', 'Strategy', 'Manufacturing', 'Finance', 'Edge AI', 'Responsible AI'],
  newsletter: {
    title: 'Get our insights monthly',
    text: 'One email a month with our best articles and case studies. No spam.',
  },
};
