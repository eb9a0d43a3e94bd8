// Copy that appears on many pages: the header, the footer, the buttons of
// every inner page's hero and the closing call to action.
import type { ContentPage } from './registry';

export const header = {
  get_started: 'Get Started',
};

export const footer = {
  company_description:
    'Enterprise AI solutions, consulting and staffing. We help leadership teams turn machine learning into measurable results, from first strategy to systems in production.',
  columns: { solutions: 'AI Solutions', services: 'Services', company: 'Company' },
  rights: 'All rights reserved.',
};

export const heroActions = {
  primary: 'Book a free consultation',
  secondary: 'See client results',
};

export const ctaBanner = {
  label: 'Start Your AI Journey',
  note: 'Free 30-minute consultation · Proposal within 24 hours',
};

export const notFound = {
  code: '404',
  title: '404 Page Not Found',
  text: 'The page you were looking for has moved or never existed.',
  back: 'Back to the home page',
  /** Where most visitors who land here were going. */
  destinations: {
    title: 'Or go straight to',
    items: [
      { id: 'solutions', title: 'AI solutions', description: 'Machine learning, deep learning, NLP, computer vision and predictive analytics.', href: '/machine-learning' },
      { id: 'services', title: 'Services', description: 'Consulting, strategy, implementation, support and training.', href: '/ai-consulting' },
      { id: 'case-studies', title: 'Case studies', description: 'Results we delivered for enterprises like yours.', href: '/case-studies' },
      { id: 'consultation', title: 'Free consultation', description: 'Thirty minutes with a senior consultant, and a proposal within 24 hours.', href: '/ai-journey' },
    ],
  },
};

/** Shared sections; their texts appear on every page that shows them. */
export const sharedContent: ContentPage = {
  paths: ['*'],
  name: 'Every page',
  sections: { header, footer, 'shared.hero-actions': heroActions, 'shared.cta': ctaBanner },
};

export const notFoundContent: ContentPage = {
  paths: ['/404'],
  name: 'Page not found',
  sections: { 'not-found': notFound },
};
