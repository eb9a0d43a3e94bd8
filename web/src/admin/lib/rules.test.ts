import { describe, expect, it } from 'vitest';
import { ApiError, apiRequest, serverMessage } from './api-client';
import { fieldErrors, menuItemSchema, pageSchema, testimonialSchema } from './schemas';
import { slugify, truncate } from './text';
import { vi } from 'vitest';

describe('slugify', () => {
  it('lower-cases, joins runs of other characters with one hyphen and trims hyphens', () => {
    expect(slugify('  Our New Approach: AI & You!  ')).toBe('our-new-approach-ai-you');
    expect(slugify('---')).toBe('');
  });
});

describe('truncate', () => {
  it('keeps 100 characters and marks the cut', () => {
    expect(truncate('a'.repeat(100))).toBe('a'.repeat(100));
    expect(truncate('a'.repeat(101))).toBe(`${'a'.repeat(100)}...`);
  });
});

describe('form rules', () => {
  it('turns the order input into a number', () => {
    const r = menuItemSchema.parse({ title: 'Blog', url: '/blog', order: '7', isActive: true });
    expect(r.order).toBe(7);
  });

  it('refuses more than 3 initials beside the field', () => {
    const r = testimonialSchema.safeParse({ name: 'A', title: 'B', content: 'C', initials: 'ABCD', avatarBg: 'bg-blue-600', order: '0', isActive: true });
    expect(r.success).toBe(false);
    if (!r.success) expect(fieldErrors(r.error)).toEqual({ initials: 'Initials must be at most 3 characters' });
  });

  it('refuses an avatar colour outside the six choices', () => {
    const r = testimonialSchema.safeParse({ name: 'A', title: 'B', content: 'C', initials: 'AB', avatarBg: 'bg-pink-600', order: '0', isActive: true });
    expect(r.success).toBe(false);
  });

  it('makes the slug from the title when it is empty, and keeps one given', () => {
    const base = { content: 'x', excerpt: '', metaTitle: '', metaDescription: '', status: 'draft', template: '', featuredImage: '' };
    expect(pageSchema.parse({ ...base, title: 'Hello, World', slug: '' }).slug).toBe('hello-world');
    expect(pageSchema.parse({ ...base, title: 'Hello, World', slug: 'custom' }).slug).toBe('custom');
    const bad = pageSchema.safeParse({ ...base, title: '', slug: '' });
    expect(bad.success).toBe(false);
    if (!bad.success) expect(fieldErrors(bad.error).title).toBe('Title is required');
  });
});

describe('apiRequest', () => {
  it('raises "status: body" for a non-success response, or the status text when the body is empty', async () => {
    const fetchMock = vi.fn(async () => new Response('{"message":"Slug is taken."}', { status: 409 }));
    vi.stubGlobal('fetch', fetchMock);
    const err = await apiRequest('POST', '/api/admin/pages', { title: 'x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('409: {"message":"Slug is taken."}');
    expect(serverMessage(err)).toBe('Slug is taken.');
    fetchMock.mockImplementationOnce(async () => new Response('', { status: 404, statusText: 'Not Found' }));
    const err2 = await apiRequest('GET', '/api/admin/pages').catch((e: unknown) => e);
    expect((err2 as Error).message).toBe('404: Not Found');
    vi.unstubAllGlobals();
  });
});
