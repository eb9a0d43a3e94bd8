// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { GroupRule } from '@/content/groups';
import { MAX_ORDER_LENGTH, parseGroupOrder, shownOrder } from './group-order';

const cards: GroupRule = { min: 2, max: 4, noun: 'card' };
const json = (ids: unknown) => JSON.stringify(ids);

describe('a stored group order', () => {
  it('is read as a list of ids, a repeated id counting once', () => {
    expect(parseGroupOrder(json(['b', 'a', 'c']))).toEqual(['b', 'a', 'c']);
    expect(parseGroupOrder(json(['b', 'a', 'b']))).toEqual(['b', 'a']);
    expect(parseGroupOrder(json(['new-x1y2z3', 'ai_projects']), cards)).toEqual(['new-x1y2z3', 'ai_projects']);
  });

  it('is ignored when missing, unreadable, not a list of ids or malformed', () => {
    for (const value of [undefined, '', 'not json', '{"a":1}', json('a'), json([1, 2]), json(['a', null]), json(['a.b', 'c']), json(['a b']), json(['']), json(['x'.repeat(65)])]) {
      expect(parseGroupOrder(value), String(value)).toBeNull();
    }
  });

  it('is ignored when it is too long to be an order', () => {
    const many = json(Array.from({ length: 500 }, (_, i) => `item-${i}`));
    expect(many.length).toBeGreaterThan(MAX_ORDER_LENGTH);
    expect(parseGroupOrder(many)).toBeNull();
  });

  it("is ignored outside the group's limits", () => {
    expect(parseGroupOrder(json(['a']), cards)).toBeNull();
    expect(parseGroupOrder(json(['a', 'b', 'c', 'd', 'e']), cards)).toBeNull();
    expect(parseGroupOrder(json(['a', 'b', 'c', 'd']), cards)).toEqual(['a', 'b', 'c', 'd']);
    expect(parseGroupOrder(json([]), cards)).toBeNull();
  });

  it('shows the built-in order when it is ignored, and new ids only where a template makes them', () => {
    const builtIn = ['a', 'b', 'c'];
    expect(shownOrder('garbage', builtIn, true, cards)).toEqual(builtIn);
    expect(shownOrder(json(['a', 'b', 'c', 'd', 'e']), builtIn, true, cards)).toEqual(builtIn);
    expect(shownOrder(json(['c', 'new-1', 'a']), builtIn, true, cards)).toEqual(['c', 'new-1', 'a']);
    expect(shownOrder(json(['c', 'new-1', 'a']), builtIn, false, cards)).toEqual(['c', 'a']);
  });
});
