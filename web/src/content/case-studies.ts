// Copy of the Case studies page, one object per section (see registry.ts):
// six studies and the track record.
import type { ContentPage } from './registry';
import type { HeroContent, Statistic } from './types';

export type CaseStudy = {
  id: string;
  title: string;
  industry: string;
  challenge: string;
  solution: string;
  /** Short lists of strings: their keys are `results.0`, `technologies.1`, … */
  results: string[];
  technologies: string[];
  timeline: string;
  roi: string;
};

const hero: HeroContent = {
  eyebrow: 'Case studies',
  title: 'Results our clients can measure',
  lead: 'Six recent engagements across industries: the problem, what we built, and the numbers our clients report.',
};

const studies = {
  /** The headings and labels every study shows. */
  labels: {
    roi: 'ROI',
    timeline: 'Timeline',
    challenge: 'Challenge',
    solution: 'Solution',
    results: 'Results',
  },
  items: [
    {
      id: 'predictive-maintenance',
      title: 'Predictive maintenance across 14 plants',
      industry: 'Manufacturing',
      challenge: 'Unplanned machine failures cost a global parts maker over $8M a year in lost output and rush repairs.',
      solution: 'Vibration and temperature models on 1,200 machines predict failures up to 10 days ahead and schedule repairs into planned downtime.',
      results: ['45% less unplanned downtime', '$3.2M saved in year one', '25% longer equipment life'],
      technologies: ['PyTorch', 'Azure IoT', 'Databricks'],
      timeline: '6 months',
      roi: '550%',
    },
    {
      id: 'fraud-detection',
      title: 'Real-time fraud detection',
      industry: 'Financial Services',
      challenge: 'A retail bank’s rule-based fraud system flagged too many good transactions and missed new fraud patterns.',
      solution: 'A streaming model scores every card transaction in under 50 ms and explains each alert to investigators.',
      results: ['60% fewer false positives', '92% of fraud caught before settlement', '$12M in annual losses avoided'],
      technologies: ['XGBoost', 'Kafka', 'AWS SageMaker'],
      timeline: '4 months',
      roi: '420%',
    },
    {
      id: 'radiology-triage',
      title: 'Radiology triage assistant',
      industry: 'Healthcare',
      challenge: 'A hospital network faced growing backlogs of chest X-rays awaiting review.',
      solution: 'A deep learning model prioritises studies with likely urgent findings for immediate radiologist review.',
      results: ['35% faster reading of urgent cases', 'Backlog cleared in 10 weeks', 'Deployed in 9 hospitals'],
      technologies: ['TensorFlow', 'NVIDIA Clara', 'HL7 FHIR'],
      timeline: '8 months',
      roi: '380%',
    },
    {
      id: 'personalised-recommendations',
      title: 'Personalised recommendations',
      industry: 'Retail & E-commerce',
      challenge: 'An online retailer showed the same products to every visitor, and conversion had stalled.',
      solution: 'A recommendation engine personalises home pages, search results and emails for 4 million customers.',
      results: ['28% higher conversion', '19% larger average basket', '$18M in added annual revenue'],
      technologies: ['PyTorch', 'Google Vertex AI', 'BigQuery'],
      timeline: '5 months',
      roi: '680%',
    },
    {
      id: 'route-optimisation',
      title: 'Route and fleet optimisation',
      industry: 'Logistics',
      challenge: 'A regional carrier planned 600 daily routes by hand, with rising fuel costs and late deliveries.',
      solution: 'An optimisation engine plans routes each night and re-plans during the day as traffic and orders change.',
      results: ['17% lower fuel costs', '96% on-time delivery', '2 hours saved per planner each day'],
      technologies: ['OR-Tools', 'Python', 'Snowflake'],
      timeline: '7 months',
      roi: '310%',
    },
    {
      id: 'claims-automation',
      title: 'Claims document automation',
      industry: 'Insurance',
      challenge: 'An insurer keyed data from 50,000 claim documents a month by hand, slowing payouts.',
      solution: 'NLP models classify documents and extract the fields adjusters need, with people checking only uncertain cases.',
      results: ['80% less manual data entry', 'Claims settled 5 days faster', '99.2% field accuracy'],
      technologies: ['Transformers', 'Azure AI Document Intelligence', 'UiPath'],
      timeline: '3 months',
      roi: '440%',
    },
  ] satisfies CaseStudy[],
};

const trackRecord = {
  eyebrow: 'Across every engagement',
  title: 'Our track record',
  items: [
    { id: 'total-client-savings', fact: 'total-savings', label: 'Total client savings' },
    { id: 'average-roi', fact: 'average-roi', label: 'Average ROI' },
    { id: 'projects-delivered', fact: 'projects-delivered', label: 'Projects delivered' },
    { id: 'average-implementation', fact: 'implementation-time', label: 'Average implementation' },
  ] satisfies Statistic[],
};

const cta = { title: 'Your results could be next', text: 'Tell us about your challenge. We will share the case closest to yours in a free consultation.' };

export const caseStudiesPage = { hero, studies, trackRecord, cta };

export const caseStudiesContent: ContentPage = {
  paths: ['/case-studies'],
  name: 'Case studies',
  sections: {
    'case-studies.hero': caseStudiesPage.hero,
    'case-studies.studies': caseStudiesPage.studies,
    'case-studies.track-record': caseStudiesPage.trackRecord,
    'case-studies.cta': caseStudiesPage.cta,
  },
};
