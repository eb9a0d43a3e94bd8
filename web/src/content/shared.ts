// Copy that appears on many pages: the header, the footer, the buttons of
// every inner page's hero, the one label of asking for a consultation and
// the closing call to action.
import type { ContentPage } from './registry';

export const header = {
  get_started: 'Get Started',
  /** The headings inside a dropdown that opens both kinds of page: the service pages under services, the rest under solutions. */
  menu_groups: { solutions: 'Solutions', services: 'Services' },
};

export const footer = {
  company_description:
    'Enterprise AI solutions, consulting and staffing. We help leadership teams turn machine learning into measurable results, from first strategy to systems in production.',
  columns: { solutions: 'AI Solutions', services: 'Services', company: 'Company' },
  rights: 'All rights reserved.',
};

/**
 * The label of asking for a free consultation, one text wherever a button
 * offers it: the inner pages' hero, the hero of /ai-journey and the send
 * button of both lead forms. (The header's Get Started and the home hero's
 * Start Your AI Journey are the spec's own labels, and stay apart.)
 */
export const consultation = {
  label: 'Book a free consultation',
};

/** The inner pages' hero: its second button, beside the consultation. */
export const heroActions = {
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
  sections: { header, footer, 'shared.consultation': consultation, 'shared.hero-actions': heroActions, 'shared.cta': ctaBanner },
};
