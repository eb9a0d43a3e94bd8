import { describe, expect, it } from 'vitest';
import { barHeight, countScale, percent, weekLabel } from './chart';
import type { Lead } from '@/lib/api-types';
import { csvFilename, filterQuery, interestLabel, leadClock, newerLead, parseEmailList, type LeadFilter } from './leads';
import { formatSpan } from '@/lib/dates';
import { showingText } from './paging';

const inbox: LeadFilter = { view: 'inbox', q: '', status: '', interest: '' };

describe('filterQuery', () => {
  it('leaves out what is not set, and the inbox view', () => {
    expect(filterQuery(inbox)).toBe('');
    expect(filterQuery(inbox, 1)).toBe('?page=1&pageSize=25');
  });

  it('sends the search trimmed, the filters and the spam view', () => {
    expect(filterQuery({ view: 'spam', q: '  ada & co ', status: 'won', interest: 'nlp' }, 3)).toBe(
      '?view=spam&q=ada+%26+co&status=won&interest=nlp&page=3&pageSize=25',
    );
  });

  it('sends the owner, the overdue filter and the oldest-first sort', () => {
    expect(filterQuery({ ...inbox, owner: 'me', overdue: true, oldest: true })).toBe('?owner=me&overdue=true&sort=oldest');
    expect(filterQuery({ ...inbox, owner: '', overdue: false, oldest: false })).toBe('');
  });
});

describe('leadClock', () => {
  const created = '2026-11-27T10:00:00Z';
  const due = '2026-11-28T10:00:00Z';
  const lead = (over: Partial<Lead>) => ({ createdAt: created, dueAt: due, firstResponseAt: null, spam: false, ...over }) as Lead;
  const at = (iso: string) => Date.parse(iso);
  it('counts down to the due time, then up past it', () => {
    expect(leadClock(lead({}), at('2026-11-28T05:00:00Z'))).toEqual({ state: 'due', ms: 5 * 3600_000 });
    expect(leadClock(lead({}), at('2026-11-28T17:00:00Z'))).toEqual({ state: 'overdue', ms: 7 * 3600_000 });
  });
  it('says how fast an answered lead was answered, and times neither spam nor a lead of before the clock', () => {
    expect(leadClock(lead({ firstResponseAt: '2026-11-27T13:30:00Z' }), at('2026-11-30T00:00:00Z'))).toEqual({ state: 'answered', ms: 3.5 * 3600_000 });
    expect(leadClock(lead({ spam: true }), at('2026-11-30T00:00:00Z')).state).toBe('none');
    expect(leadClock(lead({ dueAt: null }), at('2026-11-30T00:00:00Z')).state).toBe('none');
  });
  it('reads spans as people say them', () => {
    expect(formatSpan(20_000)).toBe('1 min');
    expect(formatSpan(45 * 60_000)).toBe('45 min');
    expect(formatSpan(31 * 3600_000)).toBe('31 h');
    expect(formatSpan(-3 * 86400_000)).toBe('3 d');
  });
});

describe('showingText', () => {
  it('counts the rows of the page among all', () => {
    expect(showingText(1, 25, 25, 80)).toBe('Showing 1–25 of 80');
    expect(showingText(4, 25, 5, 80)).toBe('Showing 76–80 of 80');
    expect(showingText(1, 25, 0, 0)).toBe('Showing 0 of 0');
  });
});

describe('csvFilename', () => {
  const day = new Date('2026-11-23T10:00:00Z');
  it("takes the server's name", () => {
    expect(csvFilename('attachment; filename="leads-2026-11-20.csv"', day)).toBe('leads-2026-11-20.csv');
    expect(csvFilename("attachment; filename*=UTF-8''leads%20all.csv", day)).toBe('leads all.csv');
  });

  it('falls back to the day of the download, and never a path', () => {
    expect(csvFilename(null, day)).toBe('leads-2026-11-23.csv');
    expect(csvFilename('attachment', day)).toBe('leads-2026-11-23.csv');
    expect(csvFilename('attachment; filename="../x.csv"', day)).toBe('.._x.csv');
  });
});

describe('parseEmailList', () => {
  it('reads addresses one per line or comma-separated, without blanks or repeats', () => {
    expect(parseEmailList('sales@example.com, ops@example.com\n\n sales@example.com \n')).toEqual({
      emails: ['sales@example.com', 'ops@example.com'],
      invalid: [],
    });
  });

  it('names what is not an address', () => {
    expect(parseEmailList('a@b.co, nobody, x@y')).toEqual({ emails: ['a@b.co'], invalid: ['nobody', 'x@y'] });
  });
});

describe('interestLabel', () => {
  it('labels the values of both forms, and an empty one', () => {
    expect(interestLabel('nlp')).toBe('Natural Language Processing');
    expect(interestLabel('document-processing')).toBe('Document Processing');
    expect(interestLabel('')).toBe('Not given');
    expect(interestLabel('quantum')).toBe('quantum');
  });
});

describe('chart scaling', () => {
  it('rounds the axis up to a whole-number step', () => {
    expect(countScale([0, 3, 7, 1])).toEqual({ max: 8, ticks: [0, 2, 4, 6, 8] });
    expect(countScale([0, 0])).toEqual({ max: 4, ticks: [0, 1, 2, 3, 4] });
    expect(countScale([45])).toEqual({ max: 80, ticks: [0, 20, 40, 60, 80] });
    expect(countScale([130])).toEqual({ max: 200, ticks: [0, 50, 100, 150, 200] });
  });

  it('keeps every bar within the chart, and a small one visible', () => {
    expect(barHeight(4, 8, 160)).toBe(80);
    expect(barHeight(0, 8, 160)).toBe(0);
    expect(barHeight(1, 1000, 160)).toBe(2);
    expect(barHeight(9, 8, 160)).toBe(160);
    expect(barHeight(3, 0, 160)).toBe(0);
  });

  it('labels weeks in UTC and shares as whole percentages', () => {
    expect(weekLabel('2026-11-16')).toBe('Nov 16');
    expect(weekLabel('junk')).toBe('junk');
    expect(percent(1, 3)).toBe('33%');
    expect(percent(0, 0)).toBe('0%');
  });
});

describe('newerLead', () => {
  const at = (updatedAt: string, spam: boolean) => ({ id: 1, updatedAt, spam }) as Lead;
  it('takes the copy saved last, the listed one on a tie, and whichever exists', () => {
    const listed = at('2026-11-23T10:00:00Z', true);
    const changed = at('2026-11-23T10:00:05Z', false);
    expect(newerLead(listed, changed)).toBe(changed);
    expect(newerLead(at('2026-11-23T10:00:09Z', false), changed)?.updatedAt).toBe('2026-11-23T10:00:09Z');
    expect(newerLead(listed, at('2026-11-23T10:00:00Z', false))).toBe(listed);
    expect(newerLead(undefined, changed)).toBe(changed);
    expect(newerLead(listed, undefined)).toBe(listed);
    expect(newerLead(undefined, undefined)).toBeUndefined();
  });
});
