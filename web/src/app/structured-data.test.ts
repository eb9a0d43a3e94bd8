import { describe, expect, it } from 'vitest';
import { defaultSettings, type SiteData } from '@/lib/site-data';
import { jobPostings, salaryRange, structuredData } from './structured-data';

const data = (content: SiteData['content'] = {}): SiteData => ({ settings: defaultSettings, content, menu: [], footer: [], testimonials: [], media: {} }) as SiteData;

describe('salaryRange', () => {
  it('reads a yearly range in dollars, euros or pounds, and nothing else', () => {
    expect(salaryRange('$180,000 – $220,000')).toEqual({
      '@type': 'MonetaryAmount',
      currency: 'USD',
      value: { '@type': 'QuantitativeValue', minValue: 180000, maxValue: 220000, unitText: 'YEAR' },
    });
    expect(salaryRange('€60,000 - 80,000')).toMatchObject({ currency: 'EUR', value: { minValue: 60000, maxValue: 80000 } });
    expect(salaryRange('Salary range')).toBeNull();
    expect(salaryRange('$90,000 – $80,000')).toBeNull();
  });
});

describe('jobPostings', () => {
  it('places a remote position by the country it is open to, a US one by city and state, another by its country', () => {
    const jobs = jobPostings('https://example.com', data({ 'careers.jobs': { 'items.data-scientist.location': 'London, United Kingdom' } }));
    const byTitle = Object.fromEntries(jobs.map((j) => [j.title as string, j]));
    expect(byTitle['AI Solutions Architect']).toMatchObject({ jobLocationType: 'TELECOMMUTE', applicantLocationRequirements: { '@type': 'Country', name: 'US' } });
    expect(byTitle['Senior Machine Learning Engineer'].jobLocation).toMatchObject({ address: { addressLocality: 'San Francisco', addressRegion: 'CA', addressCountry: 'US' } });
    expect(byTitle['Data Scientist'].jobLocation).toMatchObject({ address: { addressLocality: 'London', addressCountry: 'United Kingdom' } });
  });

  it('leaves out a position added on the page, which has no opening date, and one whose salary does not read as a range keeps the rest', () => {
    const jobs = jobPostings(
      'https://example.com',
      data({ 'careers.jobs': { items: '["new-1","data-scientist"]', 'items.new-1.title': 'Head of AI', 'items.data-scientist.salary': 'Competitive' } }),
    );
    expect(jobs.map((j) => j.title)).toEqual(['Data Scientist']);
    expect(jobs[0]).not.toHaveProperty('baseSalary');
  });
});

describe('structuredData', () => {
  it('is none without the origin or for a page not found', () => {
    expect(structuredData('', '/', 'Home', true, data())).toBeNull();
    expect(structuredData('https://example.com', '/nope', '404 Page Not Found', false, data())).toBeNull();
  });
});
