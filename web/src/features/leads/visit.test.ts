import { afterEach, describe, expect, it } from 'vitest';
import { clearDraft, readDraft, saveDraft } from '@/features/leads/visit';

afterEach(() => sessionStorage.clear());

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
