// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { PublicPosition } from '@/lib/api-types';
import { defaultSettings, type SiteData } from '@/lib/site-data';
import { jobPosting, jobPostings, salaryRange, structuredData } from './structured-data';
import { samplePosition } from '@/test/position-fixtures';

const position = (over: Partial<PublicPosition> = {}) => samplePosition({ closesOn: '', ...over });

const data = (open: PublicPosition[] = [], current?: PublicPosition): SiteData =>
  ({ settings: defaultSettings, content: {}, menu: [], footer: [], testimonials: [], caseStudies: [], media: {}, careers: { open, position: current } }) as SiteData;

describe('salaryRange', () => {
  it('is the yearly range in the position currency, or none', () => {
    expect(salaryRange(position())).toEqual({
      '@type': 'MonetaryAmount',
      currency: 'USD',
      value: { '@type': 'QuantitativeValue', minValue: 140000, maxValue: 180000, unitText: 'YEAR' },
    });
    expect(salaryRange(position({ salaryMin: 0, salaryMax: 0 }))).toBeNull();
  });
});

describe('jobPostings', () => {
  it('places a remote position by the regions it is open to, a US one by city and state, another by its country', () => {
    const jobs = jobPostings(
      'https://example.com',
      data([position({ title: 'Architect', remote: true, location: '', regions: 'US' }), position({ title: 'SF', location: 'San Francisco, CA' }), position({ location: 'London, United Kingdom' })]),
    );
    const byTitle = Object.fromEntries(jobs.map((j) => [j.title as string, j]));
    expect(byTitle['Architect']).toMatchObject({ jobLocationType: 'TELECOMMUTE', applicantLocationRequirements: { '@type': 'Country', name: 'US' } });
    expect(byTitle['SF'].jobLocation).toMatchObject({ address: { addressLocality: 'San Francisco', addressRegion: 'CA', addressCountry: 'US' } });
    expect(byTitle['Data Scientist'].jobLocation).toMatchObject({ address: { addressLocality: 'London', addressCountry: 'United Kingdom' } });
  });

  it('gives validThrough from the closing date, and the position page as its address', () => {
    const job = jobPosting('https://example.com', data(), position({ closesOn: '2026-12-31' }));
    expect(job).toMatchObject({ validThrough: '2026-12-31T23:59:59Z', employmentType: 'FULL_TIME', url: 'https://example.com/careers/data-scientist' });
    expect(jobPosting('https://example.com', data(), position())).not.toHaveProperty('validThrough');
  });
});

describe('structuredData', () => {
  it('is none without the origin or for a page not found', () => {
    expect(structuredData('', '/', 'Home', true, data())).toBeNull();
    expect(structuredData('https://example.com', '/nope', '404 Page Not Found', false, data())).toBeNull();
  });

  it('has the JobPosting of the position on its page', () => {
    const p = position();
    const graph = (structuredData('https://example.com', '/careers/data-scientist', 'Data Scientist', true, data([p], p)) as { '@graph': { '@type': string }[] })['@graph'];
    expect(graph.map((t) => t['@type'])).toEqual(['Organization', 'WebSite', 'BreadcrumbList', 'JobPosting']);
  });
});
