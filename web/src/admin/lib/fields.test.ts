import { describe, expect, it } from 'vitest';
import { pages } from '../resources/pages';
import { resourceMessages } from '../resource-config';
import { changedFields, displayValue, initialValues, sameValue, valuesAsText, type FieldSpec } from './fields';

const fields: FieldSpec[] = [
  { name: 'title', label: 'Title', kind: 'text' },
  { name: 'category', label: 'Category', kind: 'select', initial: 'Solutions' },
  { name: 'order', label: 'Order', kind: 'number', initial: '0' },
  { name: 'isActive', label: 'Active', kind: 'switch', initial: true },
];

describe('initialValues', () => {
  it('starts a new record from each field’s initial value', () => {
    expect(initialValues(fields)).toEqual({ title: '', category: 'Solutions', order: '0', isActive: true });
  });

  it('takes a record’s values, numbers as text, an empty text as the initial value, false as false', () => {
    expect(initialValues(fields, { id: 1, title: 'Blog', category: '', order: 7, isActive: false, version: 2 })).toEqual({
      title: 'Blog',
      category: 'Solutions',
      order: '7',
      isActive: false,
    });
  });
});

describe('resourceMessages', () => {
  it('makes the texts of a tab from its nouns', () => {
    const m = resourceMessages({ noun: 'Menu item', plural: 'menu items' });
    expect(m).toMatchObject({
      addTitle: 'Add Menu Item',
      editTitle: 'Edit Menu Item',
      createLabel: 'Create Menu Item',
      loading: 'Loading menu items...',
      empty: 'No menu items yet.',
      loadError: 'Failed to fetch menu items',
      created: 'Menu item created successfully',
      deleted: 'Menu item deleted successfully',
      updateFailed: 'Failed to save menu item',
    });
  });

  it('keeps the texts a tab gives', () => {
    expect(resourceMessages(pages)).toMatchObject({ empty: 'No pages found.', createFailed: 'Failed to create page', addTitle: 'Add Page' });
  });
});

describe('comparing two versions', () => {
  const theirs = { title: 'Blog', category: 'Company', order: '7', isActive: true };
  const mine = { title: ' Blog ', category: 'Legal', order: '7', isActive: false };

  it('names the fields that differ, text compared as the server keeps it', () => {
    expect(changedFields(fields, theirs, mine)).toEqual(['category', 'isActive']);
    expect(sameValue('a', ' a')).toBe(true);
    expect(sameValue(true, 'true')).toBe(false);
  });

  it('shows values as a person reads them', () => {
    const category = { ...fields[1], options: [{ value: 'Legal', label: 'Legal pages' }] };
    expect(displayValue(category, 'Legal')).toBe('Legal pages');
    expect(displayValue(fields[3], false)).toBe('No');
    expect(displayValue(fields[0], '')).toBe('(empty)');
    const image: FieldSpec = { name: 'featuredImage', label: 'Featured Image', kind: 'image' };
    expect(displayValue(image, 'media:12')).toBe('Image 12 of the media library');
    expect(displayValue(image, '/images/cover.png')).toBe('/images/cover.png');
  });

  it('writes a form as text to copy, one labelled line per field', () => {
    expect(valuesAsText(fields, mine)).toBe('Title:  Blog \nCategory: Legal\nOrder: 7\nActive: No');
  });
});

describe('a rich-text field', () => {
  const body: FieldSpec = { name: 'body', label: 'Body', kind: 'richtext' };
  const doc = {
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Plan' }] },
      { type: 'paragraph', content: [{ type: 'text', text: 'One' }, { type: 'hardBreak' }, { type: 'text', text: 'two' }] },
    ],
  };

  it('holds the document as its JSON text, and empty for a new record', () => {
    expect(initialValues([body], { body: doc })).toEqual({ body: JSON.stringify(doc) });
    expect(initialValues([body])).toEqual({ body: '' });
  });

  it('reads as the document’s text in the history and conflicts', () => {
    expect(displayValue(body, JSON.stringify(doc))).toBe('Plan\n\nOne\ntwo');
    expect(displayValue(body, '')).toBe('(empty)');
  });

  it('is the body of a page’s form', () => {
    expect(pages.fields.find((f) => f.name === 'body')?.kind).toBe('richtext');
    expect(pages.fields.some((f) => f.name === 'content')).toBe(false);
  });
});
