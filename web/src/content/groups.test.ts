import { describe, expect, it } from 'vitest';
import { declaredGroupRule, groupRule, groupRules } from './groups';
import { contentPages } from './pages';
import { sectionGroups } from './registry';

/** Every repeating group of the built-in copy: its section, key and number of built-in items. */
function allGroups() {
  const out: { section: string; key: string; count: number }[] = [];
  for (const page of contentPages) {
    for (const [section, copy] of Object.entries(page.sections)) {
      for (const key of sectionGroups(copy)) {
        // Walk the key's path through the copy: a list's part is an item's id.
        let node: unknown = copy;
        for (const part of key.split('.')) {
          node = Array.isArray(node) ? node.find((it: { id?: string }) => it.id === part) : (node as Record<string, unknown>)[part];
        }
        out.push({ section, key, count: (node as unknown[]).length });
      }
    }
  }
  return out;
}

describe('the limits of the repeating groups', () => {
  it('name every group of the copy, and its built-in items fit them', () => {
    const groups = allGroups();
    expect(groups.length).toBeGreaterThan(40);
    for (const g of groups) {
      const rule = declaredGroupRule(g.section, g.key);
      expect(rule, `${g.section}/${g.key} has no rule in content/groups.ts`).not.toBeNull();
      expect(g.count, `${g.section}/${g.key}`).toBeGreaterThanOrEqual(rule!.min);
      expect(g.count, `${g.section}/${g.key}`).toBeLessThanOrEqual(rule!.max);
    }
  });

  it('are sensible: at least one item, room for what the minimum keeps', () => {
    for (const [pattern, rule] of groupRules) {
      expect(rule.min, pattern).toBeGreaterThanOrEqual(1);
      expect(rule.max, pattern).toBeGreaterThanOrEqual(rule.min);
    }
  });

  it('match a star to one part of a dotted name, and fall back to the defaults', () => {
    expect(groupRule('machine-learning.capabilities', 'items').noun).toBe('card');
    expect(groupRule('privacy-policy.sections', 'items').noun).toBe('section');
    expect(groupRule('privacy-policy.sections', 'items.new-abc123.paragraphs').noun).toBe('paragraph');
    expect(groupRule('hero', 'stats')).toMatchObject({ min: 3, max: 3 });
    expect(declaredGroupRule('a.b.capabilities', 'items')).toBeNull();
    expect(declaredGroupRule('hero', 'cards')).toBeNull();
    expect(groupRule('hero', 'cards')).toEqual({ min: 1, max: 12, noun: 'item' });
  });
});
