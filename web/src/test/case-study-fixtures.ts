// Case studies as the page data carries them, for the pages' tests: two of
// the six the migrations seed.
import type { CaseStudyCard, PublicCaseStudy } from '@/lib/api-types';

export const sampleStudy: PublicCaseStudy = {
  title: 'Predictive maintenance across 14 plants',
  slug: 'predictive-maintenance',
  client: 'A global parts maker',
  industry: 'Manufacturing',
  summary: 'Sensor data from 1,200 machines feeds models that predict failures up to 10 days ahead.',
  results: '45% less unplanned downtime\n$3.2M saved in year one\n25% longer equipment life',
  technologies: 'PyTorch, Azure IoT, Databricks',
  timeline: '6 months',
  roi: '550%',
  image: '',
  featured: true,
  challenge: 'Unplanned machine failures cost a global parts maker over $8M a year.',
  approach: 'Vibration and temperature models on 1,200 machines predict failures.',
  quote: 'Now the maintenance plan tells us ten days ahead.',
  quoteAuthor: 'Head of Plant Operations',
  quoteRole: 'Global parts maker',
  team: 'Engagement lead: scoped the pilot\nML engineers: built the failure models',
  picture: '',
};

export const sampleStudies: CaseStudyCard[] = [
  sampleStudy,
  {
    title: 'Real-time fraud detection',
    slug: 'fraud-detection',
    client: 'A retail bank',
    industry: 'Financial Services',
    summary: 'A streaming model scores every card transaction in under 50 ms.',
    results: '60% fewer false positives\n92% of fraud caught before settlement',
    technologies: 'XGBoost, Kafka, AWS SageMaker',
    timeline: '4 months',
    roi: '420%',
    image: '',
    featured: true,
  },
  {
    title: 'Claims document automation',
    slug: 'claims-automation',
    client: 'An insurer',
    industry: 'Insurance',
    summary: 'NLP models read 50,000 claim documents a month.',
    results: '80% less manual data entry',
    technologies: 'Transformers, PyTorch',
    timeline: '3 months',
    roi: '440%',
    image: '',
    featured: false,
  },
];
