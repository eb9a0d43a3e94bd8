import { describe, expect, it } from 'vitest';
import { fieldErrors, menuItemSchema, pageSchema, testimonialSchema } from './schemas';

/** A body of one paragraph, as the rich-text field holds it. */
const doc = (text: string) => JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });
import { slugify, truncate } from './text';

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
    const base = { body: doc('x'), excerpt: '', metaTitle: '', metaDescription: '', status: 'draft', template: '', featuredImage: '', author: '', category: '', tags: '' };
    expect(pageSchema.parse({ ...base, title: 'Hello, World', slug: '' }).slug).toBe('hello-world');
    expect(pageSchema.parse({ ...base, title: 'Hello, World', slug: 'custom' }).slug).toBe('custom');
    const bad = pageSchema.safeParse({ ...base, title: '', slug: '' });
    expect(bad.success).toBe(false);
    if (!bad.success) expect(fieldErrors(bad.error).title).toBe('Title is required');
  });

  it('reads an article: its tags from one line, a category required', () => {
    const base = { title: 'T', slug: '', body: doc('x'), excerpt: '', metaTitle: '', metaDescription: '', status: 'draft', template: 'article', featuredImage: '', author: 'Rahul Mehta' };
    const ok = pageSchema.parse({ ...base, category: 'NLP', tags: ' LLMs,  Generative   AI ,, ' });
    expect(ok).toMatchObject({ template: 'article', category: 'NLP', tags: ['LLMs', 'Generative AI'] });
    const none = pageSchema.safeParse({ ...base, category: '', tags: '' });
    expect(!none.success && fieldErrors(none.error).category).toBe('Choose a category');
    const many = pageSchema.safeParse({ ...base, category: 'NLP', tags: Array.from({ length: 11 }, (_, i) => `t${i}`).join(',') });
    expect(!many.success && fieldErrors(many.error).tags).toBe('An article has at most 10 tags.');
    expect(pageSchema.parse({ ...base, template: '', category: '', tags: '' }).template).toBe('default');
  });

  it('sends the body as a document, which must hold some text', () => {
    const base = { title: 'T', slug: '', excerpt: '', metaTitle: '', metaDescription: '', status: 'draft', template: '', featuredImage: '', author: '', category: '', tags: '' };
    expect(pageSchema.parse({ ...base, body: doc('Hello') }).body).toEqual({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hello' }] }] });
    for (const body of ['', '{"type":"doc","content":[{"type":"paragraph"}]}', '{not json', doc('   ')]) {
      const r = pageSchema.safeParse({ ...base, body });
      expect(!r.success && fieldErrors(r.error).body).toBe('Body is required');
    }
  });
});
