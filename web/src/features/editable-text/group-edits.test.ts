// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { GroupRule } from '@/content/groups';
import { applyEdit, editProblem, newItemId, orderProblem } from './group-edits';
import { parseGroupOrder } from './group-order';

const cards: GroupRule = { min: 2, max: 4, noun: 'card' };
const studies: GroupRule = { min: 1, max: 2, noun: 'case study', plural: 'case studies' };
const json = (ids: unknown) => JSON.stringify(ids);

describe('changing a group order', () => {
  const order = ['a', 'b', 'c'];

  it('moves an item one place earlier or later', () => {
    expect(applyEdit(order, { kind: 'move', id: 'b', by: -1 }, cards, true)).toEqual(['b', 'a', 'c']);
    expect(applyEdit(order, { kind: 'move', id: 'b', by: 1 }, cards, true)).toEqual(['a', 'c', 'b']);
    expect(order).toEqual(['a', 'b', 'c']);
  });

  it('does not move past the ends, and says why', () => {
    expect(editProblem(order, { kind: 'move', id: 'a', by: -1 }, cards, true)).toBe('Already the first card');
    expect(editProblem(order, { kind: 'move', id: 'c', by: 1 }, cards, true)).toBe('Already the last card');
    expect(() => applyEdit(order, { kind: 'move', id: 'c', by: 1 }, cards, true)).toThrow('Already the last card');
  });

  it('removes an item while more than the fewest stay', () => {
    expect(applyEdit(order, { kind: 'remove', id: 'b' }, cards, true)).toEqual(['a', 'c']);
    expect(editProblem(['a', 'c'], { kind: 'remove', id: 'a' }, cards, true)).toBe('At least 2 cards must stay');
    expect(editProblem(['a'], { kind: 'remove', id: 'a' }, studies, true)).toBe('At least 1 case study must stay');
    expect(() => applyEdit(['a', 'c'], { kind: 'remove', id: 'c' }, cards, true)).toThrow('At least 2 cards must stay');
  });

  it('adds a new item right after the given one while there is room', () => {
    expect(applyEdit(order, { kind: 'add', after: 'a', id: 'new-1' }, cards, true)).toEqual(['a', 'new-1', 'b', 'c']);
    expect(applyEdit(order, { kind: 'add', after: 'c', id: 'new-1' }, cards, true)).toEqual(['a', 'b', 'c', 'new-1']);
    const full = ['a', 'b', 'c', 'd'];
    expect(editProblem(full, { kind: 'add', after: 'a', id: 'new-1' }, cards, true)).toBe('At most 4 cards fit here');
    expect(editProblem(['a', 'b'], { kind: 'add', after: 'a', id: 'new-1' }, studies, true)).toBe('At most 2 case studies fit here');
  });

  it('adds nothing where the group has no template, or under an id it already has', () => {
    expect(editProblem(order, { kind: 'add', after: 'a', id: 'new-1' }, cards, false)).toBe('New cards cannot be added here');
    expect(editProblem(order, { kind: 'add', after: 'a', id: 'b' }, cards, true)).not.toBeNull();
    expect(editProblem(order, { kind: 'add', after: 'a', id: 'bad id' }, cards, true)).not.toBeNull();
  });

  it('changes nothing for an item that is not in the order', () => {
    expect(editProblem(order, { kind: 'remove', id: 'zz' }, cards, true)).toBe('This card is no longer on the page.');
    expect(editProblem(order, { kind: 'add', after: 'zz', id: 'new-1' }, cards, true)).toBe('This card is no longer on the page.');
  });

  it('refuses to save an order outside the limits or with bad ids', () => {
    expect(orderProblem(['a', 'b'], cards)).toBeNull();
    expect(orderProblem(['a'], cards)).toBe('At least 2 cards must stay.');
    expect(orderProblem(['a', 'b', 'c', 'd', 'e'], cards)).toBe('At most 4 cards fit here.');
    expect(orderProblem(['a', 'a'], cards)).not.toBeNull();
    expect(orderProblem(['a', 'b.c'], cards)).not.toBeNull();
  });

  it('makes new ids that are valid and not taken', () => {
    const id = newItemId(order);
    expect(id).toMatch(/^new-[a-z0-9]{6}$/);
    expect(parseGroupOrder(json([...order, id]))).toEqual([...order, id]);
    // The same random draw twice: the second id differs.
    const first = newItemId([], () => 0.5);
    expect(newItemId([first], () => 0.5)).not.toBe(first);
  });
});
