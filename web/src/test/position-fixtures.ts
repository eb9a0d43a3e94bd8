// An open position as the page data carries it, for the careers pages'
// tests and the structured data's.
import type { PublicPosition } from '@/lib/api-types';

/** The data scientist's position, with over's fields. */
export const samplePosition = (over: Partial<PublicPosition> = {}): PublicPosition => ({
  title: 'Data Scientist',
  slug: 'data-scientist',
  department: 'Data Science',
  location: 'New York, NY',
  remote: false,
  regions: '',
  employmentType: 'full-time',
  salaryMin: 140000,
  salaryMax: 180000,
  currency: 'USD',
  summary: 'Build forecasting models.',
  postedOn: '2026-10-27',
  closesOn: '2026-12-31',
  ...over,
});
