// What a pending draft changes, in words, for the Publish panel: a record's
// draft field by field (recordChange), and a repeating group's order: the
// items it adds, removes and moves, each named by the text that names it on
// the page (its title, name, heading, label or text), a new item still
// without one by the group's noun ("New card").
// The order is a JSON list of ids (features/editable-text/group-order.ts).
import { declaredGroupRule, type GroupRule } from '@/content/groups';
import { groupItems } from '@/content/registry';
import { labelFields, shownText } from '@/features/editable-text/content-scope';
import { shortLabel } from '@/features/editable-text/short-label';
import { parseGroupOrder, shownOrder } from '@/features/editable-text/group-order';
import type { ContentDraft, ContentItem } from '@/lib/api-types';
import { draftedConfigs } from '../resources/drafted';
import { docText, type RichDoc } from '@/lib/rich-text';
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

/** The fields of a record that the stores set or count, which a draft never changes in a person's eyes. */
const serverFields = new Set(['id', 'version', 'createdAt', 'updatedAt', 'authorId', 'readingMinutes']);

/** A field's value in words: a text, a list of texts, a document's text, a date, yes or no. */
function fieldText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map(fieldText).join(', ');
  if (typeof value === 'object' && 'type' in value) return docText(value as RichDoc).trim();
  return String(value);
}

export type RecordChange = {
  /** The record in words: its resource's noun and its title or name ("Testimonial “Ann”"; "New case study “…”" when the draft adds it, "Deleted …" when it deletes it). */
  label: string;
  /** The draft deletes the record. */
  deletes: boolean;
  /** The draft adds the record: visitors have never seen it. */
  adds: boolean;
  /** Each field the draft changes, by its label, with its value now (empty: deleted since) and after; for a record it adds, each field it fills. */
  fields: { field: string; label: string; before: string; after: string }[];
};

/**
 * A record's draft as the panel shows it; undefined for a text's draft. A
 * draft that shows a record visitors never saw (created hidden in drafts
 * mode, at its first version) adds it.
 */
export function recordChange(d: ContentDraft): RecordChange | undefined {
  if (!d.resource) return undefined;
  const config = draftedConfigs[d.resource];
  const noun = config?.noun ?? d.resource;
  const now = d.published ? (JSON.parse(d.published) as Record<string, unknown>) : {};
  // A delete's draft is null: no record after.
  const drafted = JSON.parse(d.value) as Record<string, unknown> | null;
  const after = drafted ?? now;
  const name = fieldText(after.name ?? after.title) || `#${d.recordId ?? ''}`;
  if (drafted === null) return { label: `Deleted ${noun.toLowerCase()} “${shortLabel(name)}”`, deletes: true, adds: false, fields: [] };
  const adds = now.version === 1 && now.isActive === false && after.isActive === true;
  // A new record is shown as it will be, field by field in its form's
  // order; a changed one by the fields that change.
  const names = adds ? [...(config?.fields.map((f) => f.name) ?? []), ...Object.keys(after)].filter((f, i, all) => all.indexOf(f) === i && f !== 'isActive') : Object.keys(after);
  const fields = names
    .filter((f) => !serverFields.has(f) && (adds ? fieldText(after[f]) !== '' : fieldText(now[f]) !== fieldText(after[f])))
    .map((f) => ({ field: f, label: config?.fields.find((s) => s.name === f)?.label ?? f, before: adds ? '' : fieldText(now[f]), after: fieldText(after[f]) }));
  return { label: `${adds ? `New ${noun.toLowerCase()}` : noun} “${shortLabel(name)}”`, deletes: false, adds, fields };
}

/**
 * Whether the text or the record was changed on the live website after the
 * draft was saved: a publish refuses it. A record's draft is stale when the
 * record moved on from the version the draft was saved from, or is gone.
 */
export function draftStale(d: ContentDraft): boolean {
  if (!d.resource) return d.base !== d.published;
  const version = (json: string | null) => (json ? (JSON.parse(json) as { version?: number }).version : undefined);
  return !d.published || version(d.base) !== version(d.published);
}

/** The draft's name in the panel: a record in words, a text by its section and key. */
export function draftLabel(d: ContentDraft): string {
  return recordChange(d)?.label ?? `${d.section} ${d.key}`;
}
