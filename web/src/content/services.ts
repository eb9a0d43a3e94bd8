// Copy of the five service pages: a hero, four service cards with
// highlights, the engagement (content/service-engagement.ts: how we work,
// what you get, a case study), an FAQ and a call to action. Each page's
// sections are `<slug>.<name>` (serviceSections); the keys of their texts
// are their paths in these objects (see content/registry.ts).
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
import type { ContentPage } from '@/content/registry';
import { engagements, faqHeading, type Faq, type ServiceEngagement } from '@/content/service-engagement';
import type { Feature, HeroContent } from '@/content/types';

export type ServicePageContent = ServiceEngagement & {
  /** The page's address without the slash, and the prefix of its section ids. */
  slug: string;
  /** The page's name in the admin. */
  name: string;
  hero: HeroContent;
  /** The service cards, with the short highlights (keys `highlights.0`, …) beneath them. */
  services: { eyebrow: string; title: string; description: string; items: Feature[]; highlights: string[] };
  faq: Faq;
  cta: { title: string; text: string };
};

export const aiConsulting: ServicePageContent = {
  slug: 'ai-consulting',
  ...engagements['ai-consulting'],
  name: 'AI consulting',
  hero: {
    eyebrow: 'Services · AI consulting',
    title: 'AI Consulting from people who have shipped it',
    lead: 'Independent advice from consultants who have built and run AI systems in production. We tell you where AI will pay off, and where it will not.',
  },
  services: {
    eyebrow: 'Our services',
    title: 'How we advise',
    description: 'Four engagements that take you from questions to a plan your board can approve.',
    items: [
      { id: 'ai-readiness-assessment', icon: Search, title: 'AI readiness assessment', description: 'A two-week review of your data, platforms, skills and governance, scored against peers.' },
      { id: 'use-case-discovery', icon: Target, title: 'Use case discovery', description: 'Workshops with business owners to find, size and rank the opportunities worth pursuing.' },
      { id: 'vendor-and-platform-selection', icon: Scale, title: 'Vendor and platform selection', description: 'An unbiased comparison of build, buy and partner options with total cost of ownership.' },
      { id: 'responsible-ai-and-governance', icon: ShieldCheck, title: 'Responsible AI and governance', description: 'Policies, risk controls and model documentation that satisfy auditors and regulators.' },
    ],
    highlights: ['Free 30-minute first consultation', 'Senior consultants on every engagement', 'Findings you keep, with or without us'],
  },
  faq: {
    ...faqHeading,
    items: [
      { id: 'how-long', question: 'How long does an AI readiness assessment take?', answer: 'Two weeks for most organisations: one week of interviews and data review, one week to score the findings and write the report with you.' },
      { id: 'independent', question: 'Do you resell any vendor’s platform?', answer: 'No. We take no referral fees or licence margins, so our platform recommendations rest only on your needs and total cost of ownership.' },
      { id: 'first-call', question: 'What happens in the free first consultation?', answer: 'A 30-minute call with a senior consultant about your goals and constraints. You leave with an honest view of where AI can help, and a written proposal within 24 hours if you want one.' },
      { id: 'regulation', question: 'Can you help us meet the EU AI Act and similar rules?', answer: 'Yes. Our governance work maps your systems to their risk classes and sets up the documentation, controls and reviews that auditors and regulators expect.' },
    ],
  },
  cta: { title: 'Get an honest view of your AI potential', text: 'Start with a free consultation and a written proposal within 24 hours.' },
};

export const strategyDevelopment: ServicePageContent = {
  slug: 'strategy-development',
  ...engagements['strategy-development'],
  name: 'Strategy development',
  hero: {
    eyebrow: 'Services · Strategy development',
    title: 'An AI strategy tied to your business strategy',
    lead: 'A roadmap that links every AI investment to a business outcome, with the budget, people and data foundations to deliver it.',
  },
  services: {
    eyebrow: 'Our services',
    title: 'What your strategy includes',
    description: 'A practical plan, not a slide deck: each part comes with owners, costs and milestones.',
    items: [
      { id: 'vision-and-ambition', icon: Compass, title: 'Vision and ambition', description: 'Where AI should take the business in three years, agreed with the leadership team.' },
      { id: 'prioritised-roadmap', icon: Map, title: 'Prioritised roadmap', description: 'Sequenced initiatives with dependencies, quick wins and the value each one unlocks.' },
      { id: 'operating-model', icon: Users, title: 'Operating model', description: 'Team structure, roles and the hiring or staffing plan to run AI at scale.' },
      { id: 'business-case', icon: TrendingUp, title: 'Business case', description: 'Costs, benefits and payback for each initiative, ready for investment committees.' },
    ],
    highlights: ['Roadmap delivered in six to eight weeks', 'Board-ready business cases', 'Aligned with your data and security policies'],
  },
  faq: {
    ...faqHeading,
    items: [
      { id: 'roadmap-length', question: 'How far ahead does an AI roadmap plan?', answer: 'Eighteen to thirty-six months, in quarterly steps: near-term work is planned in detail, later work as options with the decisions that unlock them.' },
      { id: 'business-case', question: 'Will the strategy include business cases?', answer: 'Every initiative on the roadmap comes with its expected value, cost, risks and the measures that show whether it is on track.' },
      { id: 'who-involved', question: 'Who from our side needs to take part?', answer: 'An executive sponsor, the owners of the business areas in scope and someone who knows your data estate. We keep workshops short and few.' },
      { id: 'after-strategy', question: 'Do we have to use you to carry out the strategy?', answer: 'No. The roadmap is written for any capable team to deliver; many clients carry it out themselves or with other partners.' },
    ],
  },
  cta: { title: 'Turn ambition into a roadmap', text: 'Tell us where you want to be. We will show you the shortest credible path there.' },
};

export const implementation: ServicePageContent = {
  slug: 'implementation',
  ...engagements['implementation'],
  name: 'Implementation',
  hero: {
    eyebrow: 'Services · Implementation',
    title: 'Implementation from prototype to production',
    lead: 'Cross-functional teams of data scientists, ML engineers and software engineers who build AI systems that integrate with your stack and hold up under real load.',
  },
  services: {
    eyebrow: 'Our services',
    title: 'How we deliver',
    description: 'Short iterations, working software every two weeks, and progress measured against the business metrics we agreed.',
    items: [
      { id: 'proof-of-value', icon: Rocket, title: 'Proof of value', description: 'A working model on your data in four to six weeks, with measured results.' },
      { id: 'production-engineering', icon: Code2, title: 'Production engineering', description: 'Robust pipelines, APIs and user interfaces built to your engineering standards.' },
      { id: 'integration', icon: ServerCog, title: 'Integration', description: 'Connection to ERP, CRM and data platforms such as SAP, Salesforce and Snowflake.' },
      { id: 'testing-and-validation', icon: ClipboardCheck, title: 'Testing and validation', description: 'Accuracy, fairness, security and load testing before anything goes live.' },
    ],
    highlights: ['Working software every two weeks', 'Fixed-price or time-and-materials', 'Full handover of code and documentation'],
  },
  faq: {
    ...faqHeading,
    items: [
      { id: 'timeline', question: 'How long until a first system is in production?', answer: 'Typically 8 to 16 weeks for a first use case, depending on data access and integration. We agree the scope and date before we start.' },
      { id: 'fixed-price', question: 'Do you work on fixed scope and price?', answer: 'Yes, for well-defined use cases. Where the data is uncertain we start with a short fixed-price discovery, then fix the scope of the build.' },
      { id: 'our-cloud', question: 'Can you build on our cloud and tools?', answer: 'We build on Azure, AWS and Google Cloud and on the data platforms you already run, such as Databricks and Snowflake, so your team can own what we deliver.' },
      { id: 'handover', question: 'What do we own at the end?', answer: 'All the code, models, pipelines and documentation, in your repositories, with a handover and training for the team that will run it.' },
    ],
  },
  cta: { title: 'Ready to build?', text: 'Share your use case. We will propose a team, a timeline and a fixed scope within 24 hours of our call.' },
};

export const ongoingSupport: ServicePageContent = {
  slug: 'ongoing-support',
  ...engagements['ongoing-support'],
  name: 'Ongoing support',
  hero: {
    eyebrow: 'Services · Ongoing support',
    title: 'Ongoing Support that keeps models earning',
    lead: 'Models drift, data changes and regulations move. Our support teams monitor, retrain and improve your AI systems around the clock.',
  },
  services: {
    eyebrow: 'Our services',
    title: 'What support covers',
    description: 'Service levels that match the importance of each system, with 24/7 availability for critical ones.',
    items: [
      { id: '24-7-monitoring', icon: Headset, title: '24/7 monitoring', description: 'Round-the-clock monitoring of accuracy, latency and data quality with on-call engineers.' },
      { id: 'retraining-and-tuning', icon: RefreshCw, title: 'Retraining and tuning', description: 'Scheduled and drift-triggered retraining, validated before each release.' },
      { id: 'incident-response', icon: LifeBuoy, title: 'Incident response', description: 'Defined response times, root-cause analysis and fixes for every incident.' },
      { id: 'continuous-improvement', icon: Wrench, title: 'Continuous improvement', description: 'Quarterly reviews that add features and raise accuracy as your business changes.' },
    ],
    highlights: ['24/7 availability for critical systems', 'Response within one hour for severe incidents', 'Monthly performance reports'],
  },
  faq: {
    ...faqHeading,
    items: [
      { id: 'what-covered', question: 'What does ongoing support cover?', answer: 'Monitoring of model quality and data drift, incident response, retraining, security patches and a monthly report on how your systems perform.' },
      { id: 'response-times', question: 'How fast do you respond to incidents?', answer: 'Within one hour for critical incidents around the clock on our premium plan, and within one business day on our standard plan.' },
      { id: 'built-elsewhere', question: 'Can you support systems we did not build with you?', answer: 'Yes. We start with a short review of the system and its documentation, then agree what we can commit to.' },
      { id: 'contract', question: 'How long is a support contract?', answer: 'Plans run for twelve months and renew yearly; you can change plans at any renewal, and leave with everything documented.' },
    ],
  },
  cta: { title: 'Keep your AI at its best', text: 'Tell us about the systems you run today. We will propose a support plan that fits them.' },
};

export const trainingEducation: ServicePageContent = {
  slug: 'training-education',
  ...engagements['training-education'],
  name: 'Training & education',
  hero: {
    eyebrow: 'Services · Training & education',
    title: 'Training & Education for AI-ready teams',
    lead: 'Programmes for executives, managers and engineers that build the understanding and skills to use, govern and build AI well.',
  },
  services: {
    eyebrow: 'Our services',
    title: 'Programmes',
    description: 'Delivered on site or live online, tailored to your industry and your own data.',
    items: [
      { id: 'executive-briefings', icon: Presentation, title: 'Executive briefings', description: 'Half-day sessions on AI opportunities, risks and investment decisions for leadership teams.' },
      { id: 'ai-literacy-for-all-staff', icon: BookOpen, title: 'AI literacy for all staff', description: 'Practical courses on using AI tools safely and effectively in everyday work.' },
      { id: 'engineering-bootcamps', icon: GraduationCap, title: 'Engineering bootcamps', description: 'Hands-on training in ML engineering, MLOps and generative AI for technical teams.' },
      { id: 'mentoring-and-pairing', icon: Users, title: 'Mentoring and pairing', description: 'Our engineers work alongside yours on live projects to build lasting skills.' },
    ],
    highlights: ['Over 3,000 professionals trained', 'Courses tailored to your industry', 'Certificates for every participant'],
  },
  faq: {
    ...faqHeading,
    items: [
      { id: 'audiences', question: 'Who are your courses for?', answer: 'Executives, business teams and engineers: each track starts from what that audience needs to decide or build, not from the mathematics.' },
      { id: 'format', question: 'Do you train on site or online?', answer: 'Both. Courses run at your offices, online live or as a blend, in groups of up to 20 so that everyone gets hands-on time.' },
      { id: 'tailored', question: 'Can the course use our own data and cases?', answer: 'Yes. We tailor the exercises to your industry and, under your data rules, to your own anonymised data and use cases.' },
      { id: 'certificates', question: 'Do participants get a certificate?', answer: 'Every participant who completes a course gets a certificate, and engineering tracks end with a graded project.' },
    ],
  },
  cta: { title: 'Build the skills that make AI stick', text: 'Tell us who needs to learn what. We will design a programme around your goals.' },
};

/** The sections of a service page, by id, as the page renders them. */
export function serviceSections(c: ServicePageContent) {
  const id = (name: string) => `${c.slug}.${name}`;
  return {
    hero: id('hero'),
    services: id('services'),
    process: id('process'),
    deliverables: id('deliverables'),
    caseStudy: id('case-study'),
    faq: id('faq'),
    cta: id('cta'),
  };
}

function servicePage(c: ServicePageContent): ContentPage {
  const id = serviceSections(c);
  const sections = {
    [id.hero]: c.hero,
    [id.services]: c.services,
    [id.process]: c.process,
    [id.deliverables]: c.deliverables,
    [id.caseStudy]: c.caseStudy,
    [id.faq]: c.faq,
    [id.cta]: c.cta,
  };
  return { paths: [`/${c.slug}`], name: c.name, sections };
}

export const aiConsultingContent = servicePage(aiConsulting);
export const strategyDevelopmentContent = servicePage(strategyDevelopment);
export const implementationContent = servicePage(implementation);
export const ongoingSupportContent = servicePage(ongoingSupport);
export const trainingEducationContent = servicePage(trainingEducation);

/** The copy of the five service pages. */
export const serviceContents: ServicePageContent[] = [aiConsulting, strategyDevelopment, implementation, ongoingSupport, trainingEducation];

/** The five service pages. */
export const servicePages: ContentPage[] = [
  aiConsultingContent,
  strategyDevelopmentContent,
  implementationContent,
  ongoingSupportContent,
  trainingEducationContent,
];
