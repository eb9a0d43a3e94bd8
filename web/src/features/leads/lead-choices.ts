// The choice lists of the lead forms (SPEC section 5). Values are what the
// server stores; labels are what visitors read.

export type Choice = { value: string; label: string };

export const jobTitles: Choice[] = [
  { value: 'ceo', label: 'CEO / Executive' },
  { value: 'cto', label: 'CTO / Technology Leader' },
  { value: 'product', label: 'Product Manager' },
  { value: 'marketing', label: 'Marketing' },
  { value: 'operations', label: 'Operations' },
  { value: 'other', label: 'Other' },
];

/** Interests offered by the contact form of the home page. */
export const landingInterests: Choice[] = [
  { value: 'machine-learning', label: 'Machine Learning' },
  { value: 'deep-learning', label: 'Deep Learning' },
  { value: 'nlp', label: 'Natural Language Processing' },
  { value: 'computer-vision', label: 'Computer Vision' },
  { value: 'predictive-analytics', label: 'Predictive Analytics' },
  { value: 'ai-automation', label: 'AI-Powered Automation' },
  { value: 'consulting', label: 'AI Strategy & Consulting' },
];

/** Interests offered by the consultation form of /ai-journey. */
export const journeyInterests: Choice[] = [
  { value: 'predictive-analytics', label: 'Predictive Analytics' },
  { value: 'process-automation', label: 'Process Automation' },
  { value: 'customer-intelligence', label: 'Customer Intelligence' },
  { value: 'document-processing', label: 'Document Processing' },
  { value: 'machine-learning', label: 'Machine Learning' },
  { value: 'nlp', label: 'Natural Language Processing' },
  { value: 'computer-vision', label: 'Computer Vision' },
  { value: 'consulting', label: 'AI Strategy & Consulting' },
];

/** The fields of a lead, as POST /api/contact names them. */
export const leadFields = [
  'firstName',
  'lastName',
  'email',
  'company',
  'jobTitle',
  'aiSolutionInterest',
  'projectDetails',
] as const;

export type LeadField = (typeof leadFields)[number];
export type Lead = Record<LeadField, string>;
export type LeadErrors = Partial<Record<LeadField | 'consent', string>>;
