// How a position of /careers reads to visitors: its place, its kind of
// employment and its salary range, made from the record's fields
// (site.PublicPosition). No Intl: the server's engine lacks it.
import type { EmploymentType, PublicPosition } from './api-types';

/** The address of the position with slug. */
export function positionPath(slug: string): string {
  return `/careers/${slug}`;
}

const employmentLabels: Record<EmploymentType, string> = {
  'full-time': 'Full-time',
  'part-time': 'Part-time',
  contract: 'Contract',
  temporary: 'Temporary',
  internship: 'Internship',
};

/** The kinds of employment, as the admin's form offers them. */
export const employmentChoices = (Object.keys(employmentLabels) as EmploymentType[]).map((value) => ({ value, label: employmentLabels[value] }));

/** "Full-time" for full-time. */
export function employmentLabel(type: EmploymentType): string {
  return employmentLabels[type] ?? type;
}

/** Where the position is: its city, or "Remote (US)" for a remote one. */
export function placeLabel(p: Pick<PublicPosition, 'location' | 'remote' | 'regions'>): string {
  return p.remote ? `Remote (${p.regions})` : p.location;
}

const currencySigns: Record<string, string> = { USD: '$', EUR: '€', GBP: '£' };

/** 180000 as "180,000". */
function grouped(n: number): string {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** "$180,000 – $220,000"; "" when the position gives no range. */
export function salaryLabel(p: Pick<PublicPosition, 'salaryMin' | 'salaryMax' | 'currency'>): string {
  if (p.salaryMax <= 0) return '';
  const sign = currencySigns[p.currency];
  const money = (n: number) => (sign ? `${sign}${grouped(n)}` : `${grouped(n)} ${p.currency}`);
  return p.salaryMin > 0 && p.salaryMin !== p.salaryMax ? `${money(p.salaryMin)} – ${money(p.salaryMax)}` : money(p.salaryMax);
}
