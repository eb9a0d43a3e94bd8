import { afterEach, describe, expect, it } from 'vitest';
import { readVisit, visitFrom } from '@/features/leads/api/lead-context';
import { notePage } from '@/lib/visit';

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

const none = { referrer: '', utmSource: '', utmMedium: '', utmCampaign: '', utmTerm: '', utmContent: '', landingPage: '', pagesRead: [] };

describe('visitFrom', () => {
  it('takes the five UTM parameters and the referrer', () => {
    expect(
      visitFrom('?utm_source=linkedin&utm_medium=social&utm_campaign=q3%20launch&utm_term=ml&utm_content=banner&gclid=zz', 'https://www.linkedin.com/'),
    ).toEqual({
      referrer: 'https://www.linkedin.com/',
      utmSource: 'linkedin',
      utmMedium: 'social',
      utmCampaign: 'q3 launch',
      utmTerm: 'ml',
      utmContent: 'banner',
      landingPage: '',
      pagesRead: [],
    });
  });

  it('gives empty strings when there is nothing to take', () => {
    expect(visitFrom('', '')).toEqual(none);
    expect(visitFrom(undefined, 42)).toEqual(none);
  });
});

describe('notePage and readVisit', () => {
  it('keep the landing page of the visit and ignore later pages', () => {
    expect(notePage('/blog', '?utm_source=newsletter&utm_campaign=spring', 'https://mail.example/')).toBe(true);
    expect(notePage('/services', '?utm_source=other', 'https://elsewhere.example/')).toBe(false);
    notePage('/blog', '', '');
    expect(readVisit()).toEqual({
      ...none,
      referrer: 'https://mail.example/',
      utmSource: 'newsletter',
      utmCampaign: 'spring',
      landingPage: '/blog',
      pagesRead: ['/blog', '/services'],
    });
  });

  it('keep a landing without UTM too, so a later page does not count as the landing', () => {
    notePage('/', '', '');
    notePage('/x', '?utm_source=late', '');
    expect(readVisit()).toEqual({ ...none, landingPage: '/', pagesRead: ['/', '/x'] });
  });

  it('store in sessionStorage only, which ends with the tab', () => {
    notePage('/', '?utm_source=x', '');
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(2);
  });

  it('read an empty visit from nothing or from garbage', () => {
    expect(readVisit()).toEqual(none);
    sessionStorage.setItem('leadVisit', '{not json');
    expect(readVisit()).toEqual(none);
    sessionStorage.setItem('leadVisit', JSON.stringify({ utmSource: 'x' }));
    expect(readVisit()).toEqual(none);
    sessionStorage.setItem('leadVisit', JSON.stringify([7, 'https://r.example/']));
    expect(readVisit()).toEqual({ ...none, referrer: 'https://r.example/' });
  });

  it('keep the first 50 pages read', () => {
    for (let i = 0; i < 60; i++) notePage(`/p${i}`, '', '');
    expect(readVisit().pagesRead).toHaveLength(50);
    expect(readVisit().pagesRead[49]).toBe('/p49');
  });
});
