import { afterEach, describe, expect, it } from 'vitest';
import { readVisit, visitFrom } from '@/features/leads/api/lead-context';
import { captureVisit, clearDraft, readDraft, saveDraft } from '@/features/leads/visit';

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

const none = { referrer: '', utmSource: '', utmMedium: '', utmCampaign: '', utmTerm: '', utmContent: '' };

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
    });
  });

  it('gives empty strings when there is nothing to take', () => {
    expect(visitFrom('', '')).toEqual(none);
    expect(visitFrom(undefined, 42)).toEqual(none);
  });

  it('keeps to the server limits', () => {
    const v = visitFrom(`?utm_source=${'s'.repeat(300)}`, `https://x.example/${'r'.repeat(2000)}`);
    expect(v.utmSource).toHaveLength(200);
    expect(v.referrer).toHaveLength(1000);
  });
});

describe('captureVisit and readVisit', () => {
  it('keep the landing page of the visit and ignore later pages', () => {
    captureVisit('?utm_source=newsletter&utm_campaign=spring', 'https://mail.example/');
    captureVisit('?utm_source=other', 'https://elsewhere.example/');
    expect(readVisit()).toEqual({ ...none, referrer: 'https://mail.example/', utmSource: 'newsletter', utmCampaign: 'spring' });
  });

  it('keep a landing without UTM too, so a later page does not count as the landing', () => {
    captureVisit('', '');
    captureVisit('?utm_source=late', '');
    expect(readVisit()).toEqual(none);
  });

  it('store in sessionStorage only, which ends with the tab', () => {
    captureVisit('?utm_source=x', '');
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(1);
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
});

describe('draft store', () => {
  it('keeps a draft per form until cleared', () => {
    saveDraft('contact', { values: { firstName: 'Ada', email: 'ada@x.com' }, shownAt: 1000 });
    saveDraft('journey', { values: { firstName: 'Grace' }, shownAt: 2000 });
    expect(readDraft('contact')).toEqual({ values: { firstName: 'Ada', email: 'ada@x.com' }, shownAt: 1000 });
    clearDraft('contact');
    expect(readDraft('contact')).toEqual({});
    expect(readDraft('journey')?.values).toEqual({ firstName: 'Grace' });
  });

  it('reads nothing from garbage', () => {
    sessionStorage.setItem('leadDraft:contact', 'nope');
    expect(readDraft('contact')).toBeUndefined();
  });
});
