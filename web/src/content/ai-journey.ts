// Copy of the free-consultation page (/ai-journey), one object per section
// (see registry.ts). The lead form's labels, placeholders, choices and
// messages are not here: they are the form's contract (features/leads).
import { Clock, FileText, Gauge, LineChart, ScanSearch, ShieldCheck, Sparkles, Users } from 'lucide-react';
import type { ContentPage } from './registry';
import type { Feature, HeroContent } from './types';

export type Solution = { id: string; icon: Feature['icon']; title: string; description: string; impact: string };

export type ProcessStep = { id: string; title: string; description: string };

// The hero's button down to the form, and the form's send button, say the
// shared consultation label (content/shared.ts).
const hero: HeroContent = {
  eyebrow: 'Free AI consultation',
  title: 'Start Your AI Journey',
  lead: 'Book a free 30-minute consultation with a senior AI strategist. You leave with a clear view of where AI pays off in your business, and a written proposal within 24 hours.',
};

const benefits = {
  eyebrow: 'Why talk to us',
  title: 'What you get from the consultation',
  items: [
    { id: 'expert-assessment', icon: Sparkles, title: 'Expert assessment', description: 'A senior consultant reviews your processes and data, and names the three use cases with the fastest payback.' },
    { id: 'roi-estimate', icon: LineChart, title: 'ROI estimate', description: 'A business case with cost, benefit and payback period, built on your numbers rather than industry averages.' },
    { id: 'proposal-in-24-hours', icon: Clock, title: 'Proposal in 24 hours', description: 'A written scope, team and timeline in your inbox within 24 hours of the call.' },
    { id: 'no-obligation', icon: ShieldCheck, title: 'No obligation', description: 'The consultation is free. Keep the assessment whether or not you work with us.' },
  ] satisfies Feature[],
};

const solutions = {
  eyebrow: 'What we build',
  title: 'Solutions with a proven impact',
  items: [
    { id: 'predictive-analytics', icon: Gauge, title: 'Predictive Analytics', description: 'Forecast demand, churn and risk weeks ahead with models that explain their reasoning.', impact: 'Up to 35% better forecast accuracy' },
    { id: 'customer-intelligence', icon: Users, title: 'Customer Intelligence', description: 'Segment, score and personalise every interaction across your channels.', impact: 'Up to 25% higher customer lifetime value' },
    { id: 'document-processing', icon: FileText, title: 'Document Processing', description: 'Read, classify and extract data from invoices, contracts and claims automatically.', impact: 'Up to 80% less manual data entry' },
    { id: 'process-automation', icon: ScanSearch, title: 'Process Automation', description: 'Route and resolve routine work with AI, with people in the loop for exceptions.', impact: 'Up to 50% faster cycle times' },
  ] satisfies Solution[],
};

const process = {
  eyebrow: 'Process',
  title: 'How it works',
  /** Shown before each step's number: "Step 1". */
  stepLabel: 'Step',
  items: [
    { id: 'discovery-call', title: 'Discovery Call', description: 'A 30-minute call about your goals, your data and the constraints you work under.' },
    { id: 'strategy-session', title: 'Strategy Session', description: 'We map use cases against value and feasibility and agree the measures of success.' },
    { id: 'proposal-and-timeline', title: 'Proposal & Timeline', description: 'Within 24 hours you receive a fixed scope, the team, the milestones and the price.' },
    { id: 'implementation', title: 'Implementation', description: 'Our engineers build, deploy and hand over, with progress reports against the agreed metrics.' },
  ] satisfies ProcessStep[],
};

const form = {
  eyebrow: 'Get in touch',
  title: 'Request your free consultation',
  description: 'Tell us a little about your business. We reply within 24 hours; our team is available 24/7 for clients in production.',
  /** The consent checkbox's wording, then its link to /privacy-policy; sent with each lead as shown. */
  consent: 'I agree that my details are used to answer this request, as set out in the',
  consent_link: 'privacy policy',
};

const thankYou = {
  title: 'Thank You!',
  text: 'We have received your request. A senior AI strategist will contact you within 24 hours to arrange your free consultation.',
  again: 'Submit Another Request',
};

export const journey = { hero, benefits, solutions, process, form, thankYou };

export const journeyContent: ContentPage = {
  paths: ['/ai-journey'],
  name: 'AI journey',
  sections: {
    'ai-journey.hero': journey.hero,
    'ai-journey.benefits': journey.benefits,
    'ai-journey.solutions': journey.solutions,
    'ai-journey.process': journey.process,
    'ai-journey.form': journey.form,
    'ai-journey.thank-you': journey.thankYou,
  },
};
