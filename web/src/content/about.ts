// Copy of the About us page, one object per section (see registry.ts).
import { Award, HeartHandshake, Lightbulb, ShieldCheck } from 'lucide-react';
import type { ContentPage } from './registry';
import type { Feature, HeroContent, Statistic } from './types';

export type Leader = {
  id: string;
  name: string;
  role: string;
  initials: string;
  expertise: string;
  background: string;
};

const hero: HeroContent = {
  eyebrow: 'About us',
  title: 'We help enterprises make AI work',
  lead: 'Founded by engineers and consultants who had seen too many AI pilots fail to reach production, we build AI that lasts, and teams that can run it.',
};

const mission = {
  eyebrow: 'Why we exist',
  title: 'Our mission',
  paragraphs: [
    {
      id: 'purpose',
      text: 'Our mission is to make artificial intelligence a dependable part of how enterprises operate: measurable, governed and owned by the people who use it.',
    },
    {
      id: 'one-team',
      text: 'We combine strategy consultants, data scientists and engineers in one team, so that the advice we give is the advice we can deliver. Every engagement starts with the business case and ends with a system in production and a client team able to run it.',
    },
  ],
  image: { alt: 'Consultants and engineers reviewing a model dashboard together' },
};

const values = {
  eyebrow: 'How we work',
  title: 'Our core values',
  items: [
    { id: 'excellence', icon: Award, title: 'Excellence', description: 'We hold our work to production standards from the first prototype.' },
    { id: 'integrity', icon: ShieldCheck, title: 'Integrity', description: 'We say when AI is not the answer, and we stand behind our estimates.' },
    { id: 'innovation', icon: Lightbulb, title: 'Innovation', description: 'We bring proven new methods to clients as soon as they are safe to use.' },
    { id: 'partnership', icon: HeartHandshake, title: 'Partnership', description: 'We succeed when your team can run what we built together without us.' },
  ] satisfies Feature[],
};

const stats = {
  eyebrow: 'Scale',
  title: 'Meridian AI in numbers',
  items: [
    { id: 'projects-delivered', fact: 'projects-delivered', label: 'Projects delivered' },
    { id: 'enterprise-clients', fact: 'enterprise-clients', label: 'Enterprise clients' },
    { id: 'ai-experts', fact: 'ai-experts', label: 'AI experts' },
    { id: 'client-satisfaction', fact: 'client-satisfaction', label: 'Client satisfaction' },
  ] satisfies Statistic[],
};

const leaders = {
  eyebrow: 'The people behind the work',
  title: 'Leadership',
  /** Shown before each leader's expertise. */
  expertiseLabel: 'Expertise: ',
  items: [
    { id: 'amelia-hart', name: 'Dr. Amelia Hart', role: 'Chief Executive Officer', initials: 'AH', expertise: 'AI strategy, enterprise transformation', background: 'Former head of AI at a global bank; PhD in machine learning from Carnegie Mellon.' },
    { id: 'rahul-mehta', name: 'Rahul Mehta', role: 'Chief Technology Officer', initials: 'RM', expertise: 'ML platforms, MLOps, distributed systems', background: 'Built recommendation and forecasting platforms serving 100 million users.' },
    { id: 'lena-fischer', name: 'Dr. Lena Fischer', role: 'Head of Research', initials: 'LF', expertise: 'Deep learning, computer vision', background: 'Published over 40 papers on vision models; previously led a medical imaging lab.' },
    { id: 'james-okafor', name: 'James Okafor', role: 'VP of Client Services', initials: 'JO', expertise: 'Delivery management, change management', background: 'Twenty years leading technology programmes for Fortune 500 clients.' },
  ] satisfies Leader[],
};

const cta = { title: 'Work with a team that delivers', text: 'Meet the people who would work on your project in a free 30-minute consultation.' };

export const about = { hero, mission, values, stats, leaders, cta };

export const aboutContent: ContentPage = {
  paths: ['/about-us'],
  name: 'About us',
  sections: {
    'about.hero': about.hero,
    'about.mission': about.mission,
    'about.values': about.values,
    'about.stats': about.stats,
    'about.leaders': about.leaders,
    'about.cta': about.cta,
  },
};
