// Copy of the 404 page (see registry.ts): in a file of its own rather than
// with the shared copy, which every page loads, so that only the 404 page's
// chunk carries it.
import type { ContentPage } from './registry';

export const notFound = {
  code: 'Wrong turn',
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

export const notFoundContent: ContentPage = {
  paths: ['/404'],
  name: 'Page not found',
  sections: { 'not-found': notFound },
};
