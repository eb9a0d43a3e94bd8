// The saved order of a repeating group (see content-scope.tsx): a JSON list
// of item ids, stored as the text under the group's own key. The server
// keeps it as any other text, so whatever is stored is checked here before
// the page follows it.
import type { GroupRule } from '@/content/groups';
import { NOT_TEXT } from '@/content/text-fields';

/** Longest stored order read at all; longer values are not parsed. */
export const MAX_ORDER_LENGTH = 4000;

/** An item id: it is a part of the keys of the item's texts, so no dots, spaces or other punctuation. */
const ITEM_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function isItemId(id: unknown): id is string {
  return typeof id === 'string' && ITEM_ID.test(id);
}

/**
 * Reads a group's saved order: a JSON list of item ids (a repeated id
 * counts once), within the group's limits when a rule is given. Null when
 * none is stored or it is unreadable, too long, has a malformed id, or
 * breaks the limits: the page then shows the built-in order.
 */
export function parseGroupOrder(value: string | undefined, rule?: Pick<GroupRule, 'min' | 'max'>): string[] | null {
  if (!value || value.length > MAX_ORDER_LENGTH) return null;
  let ids: unknown;
  try {
    ids = JSON.parse(value);
  } catch {
    return null;
  }
  if (!Array.isArray(ids) || !ids.every(isItemId)) return null;
  const order = [...new Set(ids)];
  if (rule && (order.length < rule.min || order.length > rule.max)) return null;
  return order;
}

/**
 * The ids a group shows: the saved order when it is valid, else the built-in
 * one. Without a template, ids the copy does not have cannot be shown and
 * are left out.
 */
export function shownOrder(stored: string | undefined, builtIn: readonly string[], canAdd: boolean, rule?: Pick<GroupRule, 'min' | 'max'>): string[] {
  const order = parseGroupOrder(stored, rule);
  if (!order) return [...builtIn];
  if (canAdd) return order;
  const known = new Set(builtIn);
  return order.filter((id) => known.has(id));
}

/**
 * Whether an item added from template still shows one of the template's
 * texts (a field left empty shows it too). Such an item is kept from
 * visitors, so that a placeholder ("New case study") never reaches them;
 * edit mode shows it, marked. text reads the stored value of one of the
 * item's fields.
 */
export function showsPlaceholder(template: object, text: (field: string) => string | undefined): boolean {
  return placeholderFields(template, text).length > 0;
}

/** The fields of an item added from template that still show the template's text (or none), in the template's order. */
export function placeholderFields(template: object, text: (field: string) => string | undefined): string[] {
  return Object.entries(template)
    .filter(([f, v]) => typeof v === 'string' && !NOT_TEXT.has(f) && [undefined, '', v].includes(text(f)))
    .map(([f]) => f);
}

/**
 * What an item added to a group starts as: the texts of the group's rule
 * (content/groups.ts) over what the page gives besides them (extra: an
 * icon, a link); undefined when neither has any, and items cannot be
 * added. The rule's texts are the fields of the group's items
 * (content/groups.test.ts), so the whole is an item but its id.
 */
export function itemTemplate<T>(rule: Pick<GroupRule, 'template'>, extra?: Partial<Omit<T, 'id'>>): Omit<T, 'id'> | undefined {
  return rule.template || extra ? ({ ...extra, ...rule.template } as Omit<T, 'id'>) : undefined;
}
