// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { declaredGroupRule, groupRule, groupRules } from './groups';
import { contentPages } from './pages';
import { groupItems, sectionGroups } from './registry';
import { NOT_TEXT } from './text-fields';

/** Every repeating group of the built-in copy: its section, key and built-in items. */
function allGroups() {
  const out: { section: string; key: string; count: number; items: Record<string, unknown>[] }[] = [];
  for (const page of contentPages) {
    for (const [section, copy] of Object.entries(page.sections)) {
      for (const key of sectionGroups(copy)) {
        const items = groupItems(copy, key) ?? [];
        out.push({ section, key, count: items.length, items });
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

  it("give each group's new items every text its items have", () => {
    for (const g of allGroups()) {
      const name = `${g.section}/${g.key}`;
      const template = declaredGroupRule(g.section, g.key)?.template;
      expect(template, `${name} has no template: items cannot be added`).toBeDefined();
      for (const item of g.items) {
        const texts = Object.keys(item).filter((f) => typeof item[f] === 'string' && !NOT_TEXT.has(f));
        expect(Object.keys(template!), `${name}: the template lacks a text of item ${String(item.id)}`).toEqual(expect.arrayContaining(texts));
      }
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
