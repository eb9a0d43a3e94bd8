// The changes an admin makes to a repeating group's order in place: move an
// item, remove one, add a new one after another. Each is checked against the
// group's limits (content/groups.ts) before anything is saved; a blocked
// change says why, in words the editor sees on the disabled button.
import { countOf, pluralOf, type GroupRule } from '@/content/groups';
import { isItemId } from './group-order';

export type GroupEdit =
  | { kind: 'move'; id: string; by: -1 | 1 }
  | { kind: 'remove'; id: string }
  | { kind: 'add'; after: string; id: string };

/** Why the order is not one that may be saved; null when it may. */
export function orderProblem(order: readonly string[], rule: GroupRule): string | null {
  if (!order.every(isItemId) || new Set(order).size !== order.length) return 'The order has an invalid or repeated item id.';
  if (order.length < rule.min) return `At least ${countOf(rule, rule.min)} must stay.`;
  if (order.length > rule.max) return `At most ${countOf(rule, rule.max)} fit here.`;
  return null;
}

/** Why the edit cannot be made to this order; null when it can. `canAdd`: the group has a template for new items. */
export function editProblem(order: readonly string[], edit: GroupEdit, rule: GroupRule, canAdd: boolean): string | null {
  const at = order.indexOf(edit.kind === 'add' ? edit.after : edit.id);
  if (at < 0) return `This ${rule.noun} is no longer on the page.`;
  switch (edit.kind) {
    case 'move':
      if (edit.by < 0 && at === 0) return `Already the first ${rule.noun}`;
      if (edit.by > 0 && at === order.length - 1) return `Already the last ${rule.noun}`;
      return null;
    case 'remove':
      return order.length <= rule.min ? `At least ${countOf(rule, rule.min)} must stay` : null;
    case 'add':
      if (!canAdd) return `New ${pluralOf(rule)} cannot be added here`;
      if (order.length >= rule.max) return `At most ${countOf(rule, rule.max)} fit here`;
      if (!isItemId(edit.id) || order.includes(edit.id)) return 'The new item needs an id of its own.';
      return null;
  }
}

/** The order after the edit; throws with the reason when the edit is not allowed. */
export function applyEdit(order: readonly string[], edit: GroupEdit, rule: GroupRule, canAdd: boolean): string[] {
  const problem = editProblem(order, edit, rule, canAdd);
  if (problem) throw new Error(problem);
  const out = [...order];
  switch (edit.kind) {
    case 'move': {
      const at = out.indexOf(edit.id);
      [out[at], out[at + edit.by]] = [out[at + edit.by], out[at]];
      break;
    }
    case 'remove':
      out.splice(out.indexOf(edit.id), 1);
      break;
    case 'add':
      out.splice(out.indexOf(edit.after) + 1, 0, edit.id);
      break;
  }
  const after = orderProblem(out, rule);
  if (after) throw new Error(after);
  return out;
}

/** A fresh id for a new item, not yet in the order: `new-` and six random letters or digits. */
export function newItemId(order: readonly string[], random: () => number = Math.random): string {
  const base = `new-${Math.floor(random() * 36 ** 6).toString(36).padStart(6, '0')}`;
  let id = base;
  for (let n = 2; order.includes(id); n++) id = `${base}-${n}`;
  return id;
}
