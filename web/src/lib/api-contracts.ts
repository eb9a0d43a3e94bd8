// The choices, limits, messages and permissions the API checks, for the web
// app to check and show the same, made from the Go of internal/site by
// TestAPITypes: do not edit. After changing them in Go, run
// UPDATE_API_TYPES=1 go test ./internal/site -run TestAPITypes
import type { Choice, LeadFormRules } from '@/lib/api-types';

/** The job titles both lead forms offer. */
export const jobTitles: Choice[] = [
  { value: 'ceo', label: 'CEO / Executive' },
  { value: 'cto', label: 'CTO / Technology Leader' },
  { value: 'product', label: 'Product Manager' },
  { value: 'marketing', label: 'Marketing' },
  { value: 'operations', label: 'Operations' },
  { value: 'other', label: 'Other' },
];

/** The AI solution interests the contact form of the home page offers. */
export const landingInterests: Choice[] = [
  { value: 'machine-learning', label: 'Machine Learning' },
  { value: 'deep-learning', label: 'Deep Learning' },
  { value: 'nlp', label: 'Natural Language Processing' },
  { value: 'computer-vision', label: 'Computer Vision' },
  { value: 'predictive-analytics', label: 'Predictive Analytics' },
  { value: 'ai-automation', label: 'AI-Powered Automation' },
  { value: 'consulting', label: 'AI Strategy & Consulting' },
];

/** The AI solution interests the consultation form of /ai-journey offers. */
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

/** Every interest a lead may have: those of either form, the home page's first. */
export const interestChoices: Choice[] = [...landingInterests, ...journeyInterests].filter(
  (c, i, all) => all.findIndex((d) => d.value === c.value) === i,
);

/** What the lead forms ask of each field, with the server's messages. */
export const leadForm: LeadFormRules = {
  firstName: { required: 'First name is required', max: 100, tooLong: 'First name must be at most 100 characters.' },
  lastName: { required: 'Last name is required', max: 100, tooLong: 'Last name must be at most 100 characters.' },
  email: { required: 'Business email is required', max: 254, tooLong: 'Enter a valid email address', invalid: 'Enter a valid email address' },
  company: { required: 'Company name is required', max: 200, tooLong: 'Company name must be at most 200 characters.' },
  jobTitle: { invalid: 'Choose a job title from the list' },
  aiSolutionInterest: { invalid: 'Choose an AI solution from the list' },
  projectDetails: { max: 5000, tooLong: 'Project details must be at most 5000 characters.' },
};
