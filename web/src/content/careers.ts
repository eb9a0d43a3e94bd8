// Copy of the Careers page, one object per section (see registry.ts): perks, the
// list of open positions (the positions themselves are records of the admin's
// Careers tab, in the page data) and the texts of each position's page.
import { Globe2, GraduationCap, HeartPulse, TrendingUp } from 'lucide-react';
import { closedPositionTitle } from './record-pages';
import type { ContentPage } from './registry';
import type { Feature, HeroContent } from './types';

const hero: HeroContent = {
  eyebrow: 'Careers',
  title: 'Build AI that makes it into production',
  lead: 'Join consultants, scientists and engineers who ship real systems for the world’s largest companies, and learn from each other every day.',
};

const perks = {
  eyebrow: 'Life here',
  title: 'Why work with us',
  items: [
    { id: 'meaningful-work', icon: TrendingUp, title: 'Meaningful work', description: 'Projects with real data and real users, and the results to show for them.' },
    { id: 'learning-budget', icon: GraduationCap, title: 'Learning budget', description: '$5,000 a year for conferences, courses and certifications, plus research days.' },
    { id: 'health-and-wellbeing', icon: HeartPulse, title: 'Health and wellbeing', description: 'Full medical, dental and vision cover for you and your family.' },
    { id: 'flexible-working', icon: Globe2, title: 'Flexible working', description: 'Hybrid by default, remote where the role allows, and generous leave.' },
  ] satisfies Feature[],
};

const jobs = {
  eyebrow: 'Join us',
  title: 'Open positions',
  /** The label of each position's button. */
  apply: 'Apply Now',
  /** What the list says while no position is open. */
  none: 'No positions are open right now. Check back soon.',
};

const cta = { title: 'Hiring an AI team instead?', text: 'Our staffing services place vetted AI specialists with clients in two weeks. Tell us what you need in a free consultation.' };

/** The page of one position (/careers/{slug}), and that of a position that has closed. */
const position = {
  back: 'All open positions',
  posted: 'Posted',
  closes: 'Applications close',
  applyTitle: 'Apply for this position',
  applyText: 'Send us your CV and a few words about yourself. We reply to every application.',
  closedTitle: closedPositionTitle,
  closedText: 'It no longer takes applications. These positions are open:',
};

/** The application form's own words, not edited in place: the consent's wording is sent with each application, as it was shown. */
const form = {
  consent: 'I agree that my application and CV are stored and processed to fill this position, as the privacy policy describes.',
  submit: 'Send application',
};

export const careers = {
  hero,
  perks,
  jobs,
  position,
  form,
  cta,
};

export const careersContent: ContentPage = {
  paths: ['/careers'],
  name: 'Careers',
  sections: {
    'careers.hero': careers.hero,
    'careers.perks': careers.perks,
    'careers.jobs': careers.jobs,
    'careers.position': careers.position,
    'careers.cta': careers.cta,
  },
};
