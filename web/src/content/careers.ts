// Copy of the Careers page, one object per section (see registry.ts): perks and open positions.
import { Globe2, GraduationCap, HeartPulse, TrendingUp } from 'lucide-react';
import type { ContentPage } from './registry';
import type { Feature, HeroContent } from './types';

export type Job = {
  id: string;
  title: string;
  department: string;
  location: string;
  type: string;
  salary: string;
  description: string;
  /** When the position was opened (YYYY-MM-DD), for search engines; not a text of the page. */
  posted?: string;
};

/**
 * A position added on the page in edit mode, until its texts are written:
 * visitors see it once each is (features/editable-text/group-order.ts), so
 * none is a value a real position could keep.
 */
export const jobTemplate: Omit<Job, 'id'> = {
  title: 'New position',
  department: 'Department',
  location: 'Location',
  type: 'Employment type',
  salary: 'Salary range',
  description: 'What the role is about.',
};

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
  items: [
    { id: 'senior-machine-learning-engineer', title: 'Senior Machine Learning Engineer', department: 'Engineering', location: 'San Francisco, CA', type: 'Full-time', salary: '$180,000 – $220,000', description: 'Design and ship production ML systems for enterprise clients, from feature pipelines to model serving.', posted: '2026-11-02' },
    { id: 'data-scientist', title: 'Data Scientist', department: 'Data Science', location: 'New York, NY', type: 'Full-time', salary: '$140,000 – $180,000', description: 'Build forecasting and customer analytics models and explain them to business leaders.', posted: '2026-10-27' },
    { id: 'ai-strategy-consultant', title: 'AI Strategy Consultant', department: 'Consulting', location: 'Austin, TX', type: 'Full-time', salary: '$150,000 – $190,000', description: 'Lead discovery workshops, size opportunities and write roadmaps executives act on.', posted: '2026-10-20' },
    { id: 'computer-vision-engineer', title: 'Computer Vision Engineer', department: 'Engineering', location: 'Seattle, WA', type: 'Full-time', salary: '$160,000 – $200,000', description: 'Train and deploy detection and inspection models on cloud and edge hardware.', posted: '2026-10-13' },
    { id: 'nlp-research-scientist', title: 'NLP Research Scientist', department: 'Research', location: 'Boston, MA', type: 'Full-time', salary: '$170,000 – $210,000', description: 'Advance our work on retrieval, document understanding and evaluation of language models.', posted: '2026-10-06' },
    { id: 'ai-solutions-architect', title: 'AI Solutions Architect', department: 'Engineering', location: 'Remote (US)', type: 'Full-time', salary: '$120,000 – $160,000', description: 'Shape the architecture of client AI platforms across cloud providers and data stacks.', posted: '2026-09-29' },
  ] satisfies Job[],
};

const cta = { title: 'Hiring an AI team instead?', text: 'Our staffing services place vetted AI specialists with clients in two weeks. Tell us what you need in a free consultation.' };

export const careers = {
  hero,
  perks,
  jobs,
  cta,
  /** Where applications go; not a text of the page. */
  applyEmail: 'careers@meridian-ai.com',
};

export const careersContent: ContentPage = {
  paths: ['/careers'],
  name: 'Careers',
  sections: {
    'careers.hero': careers.hero,
    'careers.perks': careers.perks,
    'careers.jobs': careers.jobs,
    'careers.cta': careers.cta,
  },
};
