// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { toLocalInput } from '@/lib/dates';
import { isScheduled } from '../resources/schedule-page';
import { initialValues, type FieldSpec } from './fields';
import { pageSchema, redirectSchema } from './schemas';

const at: FieldSpec[] = [{ name: 'publishedAt', label: 'Publish At', kind: 'datetime' }];

describe('a page’s publication time', () => {
  it('is edited in the reader’s time zone, to the second, and sent back as the same instant', () => {
    const iso = '2026-05-01T09:30:15.000Z';
    const local = initialValues(at, { publishedAt: iso }).publishedAt as string;
    expect(local).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    expect(new Date(local).toISOString()).toBe(iso);
    expect(initialValues(at, { publishedAt: null }).publishedAt).toBe('');
    expect(toLocalInput('not a time')).toBe('');
  });

  it('leaves the form as null when empty, so the time stored stays', () => {
    const body = JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'c' }] }] });
    const base = { title: 'T', slug: 't', body, excerpt: '', metaTitle: '', metaDescription: '', status: 'published', template: 'default', featuredImage: '', author: '', category: '', tags: '' };
    expect(pageSchema.parse({ ...base, publishedAt: '' }).publishedAt).toBeNull();
    expect(pageSchema.parse({ ...base, publishedAt: '2026-05-01T11:30:00' }).publishedAt).toBe(new Date('2026-05-01T11:30:00').toISOString());
    expect(pageSchema.safeParse({ ...base, publishedAt: 'soon' }).success).toBe(false);
  });

  it('makes a published page scheduled while it is to come', () => {
    const now = Date.parse('2026-05-01T09:00:00Z');
    expect(isScheduled({ status: 'published', publishedAt: '2026-05-01T09:00:01Z' }, now)).toBe(true);
    expect(isScheduled({ status: 'published', publishedAt: '2026-05-01T09:00:00Z' }, now)).toBe(false);
    expect(isScheduled({ status: 'draft', publishedAt: '2026-06-01T09:00:00Z' }, now)).toBe(false);
    expect(isScheduled({ status: 'published', publishedAt: null }, now)).toBe(false);
  });
});

describe('redirectSchema', () => {
  it('asks for a path of the site as the source', () => {
    expect(redirectSchema.safeParse({ source: 'old', target: '/new' }).success).toBe(false);
    expect(redirectSchema.safeParse({ source: '//evil.example', target: '/new' }).success).toBe(false);
    expect(redirectSchema.parse({ source: ' /old ', target: '/new' })).toEqual({ source: '/old', target: '/new' });
  });
});
