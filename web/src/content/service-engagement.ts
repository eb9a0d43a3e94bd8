// Copy of the service pages' engagement sections: how an engagement runs
// (`<slug>.process`), what the client keeps (`<slug>.deliverables`) and the
// case study that shows it (`<slug>.case-study`). The keys of their texts
// are their paths in these objects (see content/registry.ts). The solution
// pages show the same blocks (content/solution-engagement.ts), with the same
// headings to start from.
import type { FaqItem } from '@/content/types';

export type ProcessStep = { id: string; title: string; duration: string; description: string };

export type ServiceEngagement = {
  /** How an engagement runs: numbered steps, each with how long it takes. */
  process: { eyebrow: string; title: string; description: string; steps: ProcessStep[] };
  /** The artefacts the client keeps, a checklist: keys `items.0`, `items.1`, … */
  deliverables: { eyebrow: string; title: string; description: string; items: string[] };
  /**
   * A case study (`id`, the slug of its record, not a text) with the
   * heading above it and the link to /case-studies; the study's own texts
   * are its record's, edited wherever they show.
   */
  caseStudy: { id: string; eyebrow: string; title: string; description: string; link: string };
};

/** Questions buyers ask before they engage, answered (an FAQ, in FAQPage structured data too). */
export type Faq = { eyebrow: string; title: string; items: FaqItem[] };

export const processHeading = { eyebrow: 'How we work' };
const deliverablesHeading = { eyebrow: 'What you get' };
export const studyHeading = { eyebrow: 'Proof', link: 'See all case studies' };
/** The eyebrow and heading every FAQ of a service or solution page starts from. */
export const faqHeading = { eyebrow: 'Before you ask', title: 'Questions buyers ask us' };

export const engagements: Record<string, ServiceEngagement> = {
  'ai-consulting': {
    process: {
      ...processHeading,
      title: 'From first call to a plan in four weeks',
      description: 'A fixed-scope engagement, run by one senior consultant with specialists as needed.',
      steps: [
        { id: 'listen', title: 'Listen', duration: 'Day 1', description: 'A free call about your goals, constraints and what has been tried before.' },
        { id: 'assess', title: 'Assess', duration: 'Weeks 1–2', description: 'Interviews, a data and platform review, and a readiness score against peers.' },
        { id: 'prioritise', title: 'Prioritise', duration: 'Week 3', description: 'Use cases sized for value and effort, ranked with your business owners.' },
        { id: 'recommend', title: 'Recommend', duration: 'Week 4', description: 'Findings, options and next steps presented to your leadership team.' },
      ],
    },
    deliverables: {
      ...deliverablesHeading,
      title: 'What you keep',
      description: 'Written for decision makers, with the evidence behind every finding.',
      items: [
        'AI readiness scorecard with peer benchmark',
        'Ranked use-case portfolio with value estimates',
        'Build, buy or partner comparison',
        'Risk and governance gap analysis',
        'Ninety-day action plan with owners',
        'Executive briefing deck',
      ],
    },
    caseStudy: {
      ...studyHeading,
      id: 'fraud-detection',
      title: 'Advice that turned into results',
      description: 'Our assessment found where fraud losses were leaking; the model that followed paid for itself in months.',
    },
  },
  'strategy-development': {
    process: {
      ...processHeading,
      title: 'Six to eight weeks to a roadmap',
      description: 'Short workshops, fast drafts and a plan your leadership signs off.',
      steps: [
        { id: 'align', title: 'Align on ambition', duration: 'Week 1', description: 'Leadership interviews and a workshop to agree where AI should take the business.' },
        { id: 'map', title: 'Map opportunities', duration: 'Weeks 2–3', description: 'Opportunities across business areas, each sized and tested for feasibility.' },
        { id: 'plan', title: 'Plan the roadmap', duration: 'Weeks 4–6', description: 'Initiatives sequenced with dependencies, budgets, owners and milestones.' },
        { id: 'approve', title: 'Approve and launch', duration: 'Weeks 7–8', description: 'Business cases taken to the board and the first initiatives set up to start.' },
      ],
    },
    deliverables: {
      ...deliverablesHeading,
      title: 'A plan you can act on',
      description: 'Every document is yours, in formats your teams already use.',
      items: [
        'Three-year AI vision and ambition statement',
        'Quarter-by-quarter roadmap',
        'Business case for each initiative',
        'Target operating model and hiring plan',
        'Data and platform foundations plan',
        'KPIs to track value delivered',
      ],
    },
    caseStudy: {
      ...studyHeading,
      id: 'predictive-maintenance',
      title: 'A roadmap that paid back 550%',
      description: 'Predictive maintenance was the first initiative on this manufacturer’s roadmap, chosen for its value and its data.',
    },
  },
  implementation: {
    process: {
      ...processHeading,
      title: 'Working software every two weeks',
      description: 'Five stages with a demonstration and a go or no-go decision at the end of each.',
      steps: [
        { id: 'discover', title: 'Discover', duration: '2 weeks', description: 'Data access, success metrics and architecture agreed with your teams.' },
        { id: 'prototype', title: 'Prototype', duration: '4 weeks', description: 'A working model on your real data, measured against the agreed metrics.' },
        { id: 'build', title: 'Build', duration: '6–10 weeks', description: 'Production pipelines, APIs and integration with your systems.' },
        { id: 'launch', title: 'Launch', duration: '2 weeks', description: 'A staged roll-out with monitoring, alerts and a rollback plan.' },
        { id: 'hand-over', title: 'Hand over', duration: '2 weeks', description: 'Training and documentation so your team runs it with confidence.' },
      ],
    },
    deliverables: {
      ...deliverablesHeading,
      title: 'Everything to run it yourselves',
      description: 'You own the code and the models, from the first commit.',
      items: [
        'Production model and its training pipeline',
        'Source code in your repositories',
        'Infrastructure as code',
        'Monitoring dashboards and alerts',
        'Runbooks and architecture documents',
        'Test suite and model evaluation report',
      ],
    },
    caseStudy: {
      ...studyHeading,
      id: 'claims-automation',
      title: 'From prototype to production in three months',
      description: 'An insurer’s claims documents, read by models our team built, tested and handed over.',
    },
  },
  'ongoing-support': {
    process: {
      ...processHeading,
      title: 'A support cycle that never stops',
      description: 'After a short onboarding, a monthly rhythm of monitoring, retraining and review.',
      steps: [
        { id: 'onboard', title: 'Onboard', duration: '2 weeks', description: 'We learn your systems, set up monitoring and agree service levels.' },
        { id: 'monitor', title: 'Monitor', duration: 'Around the clock', description: 'Accuracy, drift, latency and cost watched with alerts to on-call engineers.' },
        { id: 'improve', title: 'Retrain and improve', duration: 'Monthly', description: 'Models retrained on fresh data and released after tests pass.' },
        { id: 'review', title: 'Review', duration: 'Quarterly', description: 'Performance, incidents and the next improvements reviewed with you.' },
      ],
    },
    deliverables: {
      ...deliverablesHeading,
      title: 'Support you can measure',
      description: 'Reports and commitments in writing, so you always know where you stand.',
      items: [
        'Service-level agreement per system',
        'Live monitoring dashboard',
        'Monthly performance report',
        'Incident reports with root causes',
        'Retraining and release log',
        'Quarterly improvement plan',
      ],
    },
    caseStudy: {
      ...studyHeading,
      id: 'route-optimisation',
      title: 'Routes that keep improving',
      description: 'We re-plan this carrier’s routes every night and keep the engine tuned as its network grows.',
    },
  },
  'training-education': {
    process: {
      ...processHeading,
      title: 'A programme built around your people',
      description: 'Three steps from a skills assessment to teams applying AI in their own work.',
      steps: [
        { id: 'assess-skills', title: 'Assess skills', duration: '1 week', description: 'A short survey and interviews to find what each group needs to learn.' },
        { id: 'design', title: 'Design the programme', duration: '2 weeks', description: 'Courses and exercises tailored to your industry, tools and data.' },
        { id: 'deliver', title: 'Deliver and coach', duration: '4–12 weeks', description: 'Sessions on site or live online, with coaching on real projects.' },
      ],
    },
    deliverables: {
      ...deliverablesHeading,
      title: 'Skills that last',
      description: 'Materials stay with your teams, so learning goes on after we leave.',
      items: [
        'Skills assessment report',
        'Course materials and recordings',
        'Hands-on labs on your own use cases',
        'Certificates for every participant',
        'Graded capstone projects',
        'Plan for internal champions',
      ],
    },
    caseStudy: {
      ...studyHeading,
      id: 'radiology-triage',
      title: 'Clinicians who trust their AI',
      description: 'Training radiologists to read and question the model’s output was part of this rollout to nine hospitals.',
    },
  },
};
