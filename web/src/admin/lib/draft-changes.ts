// What a pending draft of a repeating group's order changes, in words, for
// the Publish panel: the items it adds, removes and moves, each named by
// the text that names it on the page (its title, name, heading, label or
// text), a new item still without one by the group's noun ("New card").
// The order is a JSON list of ids (features/editable-text/group-order.ts).
import { declaredGroupRule, type GroupRule } from '@/content/groups';
import { groupItems } from '@/content/registry';
import { labelFields, shownText } from '@/features/editable-text/content-scope';
import { shortLabel } from '@/features/editable-text/short-label';
import { parseGroupOrder, shownOrder } from '@/features/editable-text/group-order';
import type { ContentDraft, ContentItem } from '@/lib/api-types';
import { sectionCopy } from './draft-checks';

export type GroupChange = {
  rule: GroupRule;
  /** How many items the group shows now, and once the draft is published. */
  before: number;
  after: number;
  /** The names of the items added and removed, in the group's order. */
  added: string[];
  removed: string[];
  /** The items that change places, with their place (from 1) in the new order. */
  moved: { name: string; place: number }[];
};

/** The ids of a that keep their order in b: a longest common subsequence. */
function keptInOrder(a: readonly string[], b: readonly string[]): Set<string> {
  const lcs = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  const out = new Set<string>();
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i] === b[j]) {
      out.add(a[i]);
      i++;
      j++;
    } else if (lcs[i + 1][j] >= lcs[i][j + 1]) i++;
    else j++;
  }
  return out;
}

/**
 * The change of each draft that is a group's order, by draft id; drafts of
 * anything else are not in it. saved are the texts as published; an item's
 * name after the change reads the drafts first.
 */
export function groupChanges(drafts: readonly ContentDraft[], saved: readonly ContentItem[]): Map<number, GroupChange> {
  const at = (section: string, key: string) => `${section}\u0000${key}`;
  const published = new Map(saved.map((c) => [at(c.section, c.key), c.value]));
  const drafted = new Map(drafts.map((d) => [at(d.section, d.key), d.value]));
  const out = new Map<number, GroupChange>();
  for (const d of drafts) {
    const rule = declaredGroupRule(d.section, d.key);
    const where = sectionCopy(d.section);
    const items = where && groupItems(where.copy, d.key);
    if (!rule || !items || !parseGroupOrder(d.value, rule)) continue;
    const byId = new Map(items.map((it) => [it.id, it]));
    const builtIn = items.map((it) => it.id);
    const canAdd = !!rule.template;
    const before = shownOrder(d.published ?? undefined, builtIn, canAdd, rule);
    const after = shownOrder(d.value, builtIn, canAdd, rule);

    const name = (id: string, when: 'before' | 'after') => {
      const item = byId.get(id);
      const fields: Readonly<Record<string, unknown>> = item ?? rule.template ?? {};
      const field = labelFields.find((f) => typeof fields[f] === 'string');
      const key = at(d.section, `${d.key}.${id}.${field}`);
      const stored = when === 'after' ? (drafted.get(key) ?? published.get(key)) : published.get(key);
      const text = field ? shownText(stored, item ? String(item[field]) : '') : '';
      // An added item whose name is still its template's (or empty) has none of its own yet.
      const unnamed = text.trim() === '' || (!item && field !== undefined && text === rule.template?.[field]);
      return unnamed ? `New ${rule.noun}` : shortLabel(text);
    };

    const had = new Set(before);
    const has = new Set(after);
    const kept = keptInOrder(
      before.filter((id) => has.has(id)),
      after.filter((id) => had.has(id)),
    );
    out.set(d.id, {
      rule,
      before: before.length,
      after: after.length,
      added: after.filter((id) => !had.has(id)).map((id) => name(id, 'after')),
      removed: before.filter((id) => !has.has(id)).map((id) => name(id, 'before')),
      moved: after.flatMap((id, i) => (had.has(id) && !kept.has(id) ? [{ name: name(id, 'after'), place: i + 1 }] : [])),
    });
  }
  return out;
}
