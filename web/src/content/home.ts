// Built-in copy of the home page, one object per section. Every text is
// editable in place (SPEC section 3) under its path in its section's object,
// the section ids being the SPEC's names (hero, vision, solutions, ...); these
// texts are the fallback when the database holds no value for a key.
import {
  FileSignature,
  TrendingUp,
  UserCheck,
  Users,
  Workflow,
  Zap,
} from 'lucide-react';
import type { ContentPage } from './registry';
import type { Feature, Point, Statistic } from './types';


/** A card that leads to a page of its own. */
export type LinkedFeature = Feature & { href: string };

/** A point that leads to a page of its own: an entry of an index. */
export type LinkedPoint = Point & { href: string };

export const hero = {
  eyebrow: 'Enterprise AI, delivered',
  main_title: 'Transform Your Business with Enterprise AI',
  subtitle:
    'We design, build and run machine learning, language and vision systems that cut costs and open new revenue, and we staff the AI teams that keep them improving.',
  primary_cta: { label: 'Start Your AI Journey', href: '/ai-journey' },
  secondary_cta: { label: 'Explore Solutions', href: '#solutions' },
  stats: [
    { id: 'ai-projects-delivered', fact: 'projects-delivered', label: 'AI projects delivered' },
    { id: 'client-satisfaction', fact: 'client-satisfaction', label: 'Client satisfaction' },
    { id: 'average-efficiency-gain', fact: 'efficiency-gain', label: 'Average efficiency gain' },
  ] satisfies Statistic[],
};

/**
 * The band after the hero: clients' wordmarks (their marks and type are
 * drawn in pages/home/clients-section.tsx, by id), then the platforms the
 * firm is a certified partner of, set as text (no logos of others).
 */
export const clients = {
  title: 'Trusted by enterprise teams in six industries',
  items: [
    { id: 'kestrel', name: 'Kestrel' },
    { id: 'fieldstone', name: 'Fieldstone' },
    { id: 'helix', name: 'helix' },
    { id: 'larkmoor', name: 'Larkmoor' },
    { id: 'northwind', name: 'Northwind' },
    { id: 'halden', name: 'Halden' },
  ],
  partners_title: 'Certified partner of the platforms you run',
  partners: [
    { id: 'aws', name: 'AWS', tier: 'Advanced Tier Services Partner' },
    { id: 'microsoft', name: 'Microsoft', tier: 'Solutions Partner for Data & AI' },
    { id: 'google-cloud', name: 'Google Cloud', tier: 'Service Partner' },
    { id: 'databricks', name: 'Databricks', tier: 'Consulting Partner' },
    { id: 'snowflake', name: 'Snowflake', tier: 'Select Tier Partner' },
  ],
};

export const vision = {
  eyebrow: 'Our vision',
  title: 'AI that earns its place on the balance sheet',
  description:
    'Most AI programmes stall between the pilot and production. We start from the business case, build for the systems you already run, and stay until the results show up in your numbers.',
  cards: [
    {
      id: 'strategic-innovation',
      title: 'Strategic Innovation',
      description:
        'We rank use cases by value and feasibility, so your first models go where they pay back fastest and fund the next ones.',
    },
    {
      id: 'future-proof-solutions',
      title: 'Future-Proof Solutions',
      description:
        'Modular architectures, monitored models and clean data contracts that keep working as regulations, vendors and volumes change.',
    },
    {
      id: 'client-centric-approach',
      title: 'Client-Centric Approach',
      description:
        'Your teams work beside ours from day one, and we hand over the code, the documentation and the skills to run it.',
    },
  ] satisfies Point[],
};

export const solutions = {
  eyebrow: 'AI solutions',
  main_title: 'Solutions built for the enterprise',
  main_description:
    'From a single forecasting model to an AI platform across business units: we bring the specialists, the methods and the delivery discipline.',
  learn_more: 'Learn more',
  ai_solutions: [
    { id: 'machine-learning', title: 'Machine Learning', href: '/machine-learning', description: 'Forecasting, scoring and optimisation models trained on your data and deployed into your workflows.' },
    { id: 'deep-learning', title: 'Deep Learning', href: '/deep-learning', description: 'Neural networks for images, audio, text and sensor streams where classic models reach their limits.' },
    { id: 'natural-language-processing', title: 'Natural Language Processing', href: '/natural-language-processing', description: 'Assistants, search and document understanding that read contracts, tickets and reports at scale.' },
    { id: 'computer-vision', title: 'Computer Vision', href: '/computer-vision', description: 'Inspection, counting and tracking systems that see defects and risks faster than manual review.' },
  ] satisfies LinkedPoint[],
  staffing_title: 'AI staffing that scales with you',
  staffing_description:
    'Vetted data scientists, ML engineers and AI product leads, placed in the model that suits your plans and budget.',
  staffing: [
    { id: 'human-capital-management', icon: Users, title: 'Human Capital Management', description: 'Workforce planning and skills mapping for your AI organisation.' },
    { id: 'temporary-staffing', icon: Zap, title: 'Temporary Staffing', description: 'Senior specialists within two weeks to cover peaks and gaps.' },
    { id: 'statement-of-work', icon: FileSignature, title: 'Statement of Work', description: 'Fixed-scope, outcome-based delivery teams with clear milestones.' },
    { id: 'permanent-placement', icon: UserCheck, title: 'Permanent Placement', description: 'Hiring of AI leaders and engineers who stay and grow with you.' },
  ] satisfies Feature[],
  ai_capabilities_title: 'Advanced AI capabilities',
  ai_capabilities_description:
    'Two capabilities our clients ask for most, each proven in production across industries.',
  ai_capabilities: [
    { id: 'predictive-analytics', icon: TrendingUp, title: 'Predictive Analytics', href: '/predictive-analytics', description: 'Demand, churn and risk forecasts that let planners act weeks earlier, with confidence ranges they can trust.' },
    { id: 'ai-powered-automation', icon: Workflow, title: 'AI-Powered Automation', href: '/implementation', description: 'Intelligent workflows that classify, extract and route work, keeping people on the decisions that need them.' },
  ] satisfies LinkedFeature[],
};

export const benefits = {
  eyebrow: 'Business benefits',
  title: 'Measurable results, not experiments',
  description:
    'We agree the metrics before we write the first line of code, and we report against them every month.',
  stats: [
    { id: 'average-efficiency-increase', fact: 'efficiency-gain', label: 'Average efficiency increase' },
    { id: 'roi', fact: 'average-roi', label: 'ROI' },
    { id: 'availability', number: '24/7', label: 'Availability of AI systems' },
    { id: 'free-consultation', number: '30 min', label: 'Free first consultation' },
  ] satisfies Statistic[],
  points: [
    { id: 'lower-operating-costs', title: 'Lower operating costs', description: 'Automated routine work and fewer errors across finance, operations and service.' },
    { id: 'faster-better-decisions', title: 'Faster, better decisions', description: 'Forecasts and recommendations delivered where your teams already work.' },
    { id: 'new-revenue', title: 'New revenue', description: 'Personalisation and pricing models that lift conversion and basket size.' },
  ] satisfies Point[],
};

/** The texts of the testimonials section; the testimonials themselves are records (SPEC section 5). */
export const testimonials = {
  eyebrow: 'Client testimonials',
  title: 'Trusted by enterprise leaders',
  description: 'What executives say after working with our teams.',
};

/** What the home page shows while no testimonial record is active; the admin offers to copy them. */
export const testimonialSamples = [
  {
    id: -1,
    name: 'Sarah Chen',
    title: 'Chief Operating Officer, Northwind Logistics',
    content:
      'Within six months their forecasting models cut our inventory costs by a fifth. More importantly, our planners trust the numbers and use them every day.',
    initials: 'SC',
    avatarBg: 'bg-blue-600',
    order: 1,
  },
  {
    id: -2,
    name: 'Marcus Johnson',
    title: 'CTO, Fieldstone Financial',
    content:
      'They built a fraud detection system that our risk team actually understands. False positives fell sharply and we caught fraud we had been missing for years.',
    initials: 'MJ',
    avatarBg: 'bg-green-600',
    order: 2,
  },
  {
    id: -3,
    name: 'Elena Rodriguez',
    title: 'VP of Digital Transformation, Helix Health',
    content:
      'The staffing model gave us senior ML engineers in two weeks, and the knowledge transfer meant we could run everything ourselves afterwards.',
    initials: 'ER',
    avatarBg: 'bg-purple-600',
    order: 3,
  },
];

// Avatar colours an admin may pick (SPEC section 5), with text that stays
// readable on each.
export const avatarStyles: Record<string, string> = {
  'bg-blue-600': 'bg-blue-600 text-white',
  'bg-green-600': 'bg-green-700 text-white',
  'bg-purple-600': 'bg-purple-600 text-white',
  'bg-red-600': 'bg-red-600 text-white',
  'bg-yellow-600': 'bg-yellow-500 text-ink',
  'bg-gray-600': 'bg-gray-600 text-white',
};

export const caseStudies = {
  eyebrow: 'Case studies',
  title: 'Proof in production',
  description: 'Two recent engagements, with the numbers our clients report.',
  read_all: 'Read all case studies',
};

// The lead form's own labels, placeholders, choices and messages stay in
// its component: they are the form's contract, not copy.
export const contact = {
  eyebrow: 'Contact',
  title: 'Start Your AI Journey',
  description:
    'Tell us where you want AI to make a difference. A senior consultant replies within 24 hours to arrange a free 30-minute consultation.',
  points: ['Response within 24 hours', 'Free 30-minute consultation', 'Proposal within 24 hours of our call'],
  /** The consent checkbox's wording, then its link to /privacy-policy; sent with each lead as shown. */
  consent: 'I agree that my details are used to answer this request, as set out in the',
  consent_link: 'privacy policy',
};

export const homeContent: ContentPage = {
  paths: ['/'],
  name: 'Home',
  sections: {
    hero,
    clients,
    vision,
    solutions,
    benefits,
    testimonials,
    'case-studies': caseStudies,
    contact,
  },
};
