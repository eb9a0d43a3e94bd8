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

/** Shared sections; their texts appear on every page that shows them. */
export const sharedContent: ContentPage = {
  paths: ['*'],
  name: 'Every page',
  sections: { header, footer, 'shared.hero-actions': heroActions, 'shared.cta': ctaBanner },
};
