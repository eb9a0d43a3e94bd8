// Copy of the five service pages: a hero, four service cards and a call to action.
import {
  BookOpen,
  ClipboardCheck,
  Code2,
  Compass,
  GraduationCap,
  Headset,
  LifeBuoy,
  Map,
  Presentation,
  RefreshCw,
  Rocket,
  Scale,
  Search,
  ServerCog,
  ShieldCheck,
  Target,
  TrendingUp,
  Users,
  Wrench,
} from 'lucide-react';
import type { Feature, HeroContent } from '@/content/types';

export type ServicePageContent = {
  hero: HeroContent;
  cardsTitle: string;
  cardsLead: string;
  cards: Feature[];
  highlights: string[];
  cta: { title: string; text: string };
};

export const aiConsulting: ServicePageContent = {
  hero: {
    eyebrow: 'Services · AI consulting',
    title: 'AI Consulting from people who have shipped it',
    lead: 'Independent advice from consultants who have built and run AI systems in production. We tell you where AI will pay off, and where it will not.',
  },
  cardsTitle: 'How we advise',
  cardsLead: 'Four engagements that take you from questions to a plan your board can approve.',
  cards: [
    { icon: Search, title: 'AI readiness assessment', description: 'A two-week review of your data, platforms, skills and governance, scored against peers.' },
    { icon: Target, title: 'Use case discovery', description: 'Workshops with business owners to find, size and rank the opportunities worth pursuing.' },
    { icon: Scale, title: 'Vendor and platform selection', description: 'An unbiased comparison of build, buy and partner options with total cost of ownership.' },
    { icon: ShieldCheck, title: 'Responsible AI and governance', description: 'Policies, risk controls and model documentation that satisfy auditors and regulators.' },
  ],
  highlights: ['Free 30-minute first consultation', 'Senior consultants on every engagement', 'Findings you keep, with or without us'],
  cta: { title: 'Get an honest view of your AI potential', text: 'Start with a free consultation and a written proposal within 24 hours.' },
};

export const strategyDevelopment: ServicePageContent = {
  hero: {
    eyebrow: 'Services · Strategy development',
    title: 'An AI strategy tied to your business strategy',
    lead: 'A roadmap that links every AI investment to a business outcome, with the budget, people and data foundations to deliver it.',
  },
  cardsTitle: 'What your strategy includes',
  cardsLead: 'A practical plan, not a slide deck: each part comes with owners, costs and milestones.',
  cards: [
    { icon: Compass, title: 'Vision and ambition', description: 'Where AI should take the business in three years, agreed with the leadership team.' },
    { icon: Map, title: 'Prioritised roadmap', description: 'Sequenced initiatives with dependencies, quick wins and the value each one unlocks.' },
    { icon: Users, title: 'Operating model', description: 'Team structure, roles and the hiring or staffing plan to run AI at scale.' },
    { icon: TrendingUp, title: 'Business case', description: 'Costs, benefits and payback for each initiative, ready for investment committees.' },
  ],
  highlights: ['Roadmap delivered in six to eight weeks', 'Board-ready business cases', 'Aligned with your data and security policies'],
  cta: { title: 'Turn ambition into a roadmap', text: 'Tell us where you want to be. We will show you the shortest credible path there.' },
};

export const implementation: ServicePageContent = {
  hero: {
    eyebrow: 'Services · Implementation',
    title: 'Implementation from prototype to production',
    lead: 'Cross-functional teams of data scientists, ML engineers and software engineers who build AI systems that integrate with your stack and hold up under real load.',
  },
  cardsTitle: 'How we deliver',
  cardsLead: 'Short iterations, working software every two weeks, and progress measured against the business metrics we agreed.',
  cards: [
    { icon: Rocket, title: 'Proof of value', description: 'A working model on your data in four to six weeks, with measured results.' },
    { icon: Code2, title: 'Production engineering', description: 'Robust pipelines, APIs and user interfaces built to your engineering standards.' },
    { icon: ServerCog, title: 'Integration', description: 'Connection to ERP, CRM and data platforms such as SAP, Salesforce and Snowflake.' },
    { icon: ClipboardCheck, title: 'Testing and validation', description: 'Accuracy, fairness, security and load testing before anything goes live.' },
  ],
  highlights: ['Working software every two weeks', 'Fixed-price or time-and-materials', 'Full handover of code and documentation'],
  cta: { title: 'Ready to build?', text: 'Share your use case. We will propose a team, a timeline and a fixed scope within 24 hours of our call.' },
};

export const ongoingSupport: ServicePageContent = {
  hero: {
    eyebrow: 'Services · Ongoing support',
    title: 'Ongoing Support that keeps models earning',
    lead: 'Models drift, data changes and regulations move. Our support teams monitor, retrain and improve your AI systems around the clock.',
  },
  cardsTitle: 'What support covers',
  cardsLead: 'Service levels that match the importance of each system, with 24/7 availability for critical ones.',
  cards: [
    { icon: Headset, title: '24/7 monitoring', description: 'Round-the-clock monitoring of accuracy, latency and data quality with on-call engineers.' },
    { icon: RefreshCw, title: 'Retraining and tuning', description: 'Scheduled and drift-triggered retraining, validated before each release.' },
    { icon: LifeBuoy, title: 'Incident response', description: 'Defined response times, root-cause analysis and fixes for every incident.' },
    { icon: Wrench, title: 'Continuous improvement', description: 'Quarterly reviews that add features and raise accuracy as your business changes.' },
  ],
  highlights: ['24/7 availability for critical systems', 'Response within one hour for severe incidents', 'Monthly performance reports'],
  cta: { title: 'Keep your AI at its best', text: 'Tell us about the systems you run today. We will propose a support plan that fits them.' },
};

export const trainingEducation: ServicePageContent = {
  hero: {
    eyebrow: 'Services · Training & education',
    title: 'Training & Education for AI-ready teams',
    lead: 'Programmes for executives, managers and engineers that build the understanding and skills to use, govern and build AI well.',
  },
  cardsTitle: 'Programmes',
  cardsLead: 'Delivered on site or live online, tailored to your industry and your own data.',
  cards: [
    { icon: Presentation, title: 'Executive briefings', description: 'Half-day sessions on AI opportunities, risks and investment decisions for leadership teams.' },
    { icon: BookOpen, title: 'AI literacy for all staff', description: 'Practical courses on using AI tools safely and effectively in everyday work.' },
    { icon: GraduationCap, title: 'Engineering bootcamps', description: 'Hands-on training in ML engineering, MLOps and generative AI for technical teams.' },
    { icon: Users, title: 'Mentoring and pairing', description: 'Our engineers work alongside yours on live projects to build lasting skills.' },
  ],
  highlights: ['Over 3,000 professionals trained', 'Courses tailored to your industry', 'Certificates for every participant'],
  cta: { title: 'Build the skills that make AI stick', text: 'Tell us who needs to learn what. We will design a programme around your goals.' },
};
