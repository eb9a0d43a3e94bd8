// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { MenuItem } from '@/lib/api-types';
import { menuItems } from './menu-items';

const item = (id: number, title: string, order: number, parentId: number | null = null): MenuItem => ({
  id,
  title,
  url: `/${title.toLowerCase().replace(/ /g, '-')}`,
  order,
  isActive: true,
  parentId,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
  version: 1,
});

const home = item(1, 'Home', 1);
const solutions = item(2, 'AI Solutions', 2);
const company = item(3, 'Company', 3);
const machineLearning = item(4, 'Machine Learning', 1, solutions.id);
const about = item(5, 'About', 1, company.id);
const list = [company, machineLearning, home, about, solutions];

/** The Parent select's choices, as the form of `record` (none: a new item) shows them. */
function parentChoices(record?: MenuItem): string[] {
  const field = menuItems.fieldsFor?.(list, record).find((f) => f.name === 'parentId');
  return (field?.options ?? []).map((o) => o.label);
}

describe('the Parent select of a menu item', () => {
  it('offers a new item the top level and every top-level item, in the menu order', () => {
    expect(parentChoices()).toEqual(['None (top level)', 'Home', 'AI Solutions', 'Company']);
  });

  it('does not offer a top-level item itself', () => {
    expect(parentChoices(home)).toEqual(['None (top level)', 'AI Solutions', 'Company']);
  });

  it('offers an item with items under it only the top level, and never its own items', () => {
    expect(parentChoices(solutions)).toEqual(['None (top level)']);
    expect(parentChoices(company)).not.toContain('About');
  });

  it('offers a child the other top-level items, its own parent included', () => {
    expect(parentChoices(machineLearning)).toEqual(['None (top level)', 'Home', 'AI Solutions', 'Company']);
  });
});
