// What the Publish panel warns of before pending drafts of texts go live:
// the page form's rules where a text can break them (lib/page-checks.ts:
// a picture without alt text; drafts have no meta texts and no links), and
// the items added to a repeating group whose texts would still be their
// template's, which visitors are not shown (features/editable-text/group-order.ts).
// Warnings, not errors: publishing with them asks first.
import { declaredGroupRule } from '@/content/groups';
import { contentPages } from '@/content/pages';
import { groupItems } from '@/content/registry';
import { parseGroupOrder, placeholderFields, shownOrder } from '@/features/editable-text/group-order';
import type { ContentDraft, ContentItem, MediaItem, PageCheckID } from '@/lib/api-types';
import { mediaRefId } from '@/lib/site-data';
import { altTextWarning } from './page-checks';

/** The name of the page a section is on; undefined for a section no page has. */
export function sectionPage(section: string): string | undefined {
  return sectionCopy(section)?.page;
}

/** The name of the page a section is on, and its built-in copy; undefined for a section no page has. */
export function sectionCopy(section: string): { page: string; copy: object } | undefined {
  const page = contentPages.find((p) => section in p.sections);
  return page && { page: page.name, copy: page.sections[section] };
}

/** An item added to a repeating group that would still show a text of its template: visitors are not shown it. */
export type TemplateItem = {
  section: string;
  /** The group's key, and the item's id in it. */
  group: string;
  id: string;
  noun: string;
  page: string;
  /** The item's first text, as it would read. */
  label: string;
  /** Its fields that would still read as the template's (or be empty). */
  fields: string[];
};

/** What an added item still lacks, in a sentence. */
export function templateMessage(t: TemplateItem): string {
  const fields = t.fields.length === 1 ? t.fields[0] : `${t.fields.slice(0, -1).join(', ')} and ${t.fields[t.fields.length - 1]}`;
  return `The new ${t.noun} “${t.label}” on ${t.page} is not shown yet: its ${fields} ${t.fields.length === 1 ? 'is' : 'are'} still the template's text.`;
}

/**
 * The added items that each draft touches (a group's order that has them,
 * or one of their texts) and that would still show their template once
 * drafts are published, by draft id; saved are the texts as published.
 */
export function templateItems(drafts: readonly ContentDraft[], saved: readonly ContentItem[]): Map<number, TemplateItem[]> {
  const at = (section: string, key: string) => `${section}\u0000${key}`;
  const published = new Map(saved.map((c) => [at(c.section, c.key), c.value]));
  const drafted = new Map(drafts.map((d) => [at(d.section, d.key), d.value]));
  const after = (section: string, key: string) => drafted.get(at(section, key)) ?? published.get(at(section, key));

  const found = new Map<string, TemplateItem | null>();
  function check(section: string, group: string, id: string): TemplateItem | null {
    const name = `${at(section, group)}\u0000${id}`;
    if (found.has(name)) return found.get(name)!;
    let out: TemplateItem | null = null;
    const rule = declaredGroupRule(section, group);
    const where = sectionCopy(section);
    const builtIn = where && groupItems(where.copy, group)?.map((it) => it.id);
    // A built-in item, or one the group's order no longer has, is no concern here.
    if (rule?.template && where && builtIn && !builtIn.includes(id) && shownOrder(after(section, group), builtIn, true, rule).includes(id)) {
      const text = (f: string) => after(section, `${group}.${id}.${f}`);
      const fields = placeholderFields(rule.template, text);
      const [first, placeholder] = Object.entries(rule.template)[0];
      if (fields.length > 0) out = { section, group, id, noun: rule.noun, page: where.page, label: text(first) || placeholder, fields };
    }
    found.set(name, out);
    return out;
  }

  const out = new Map<number, TemplateItem[]>();
  for (const d of drafts) {
    const items: TemplateItem[] = [];
    const rule = declaredGroupRule(d.section, d.key);
    const order = rule ? parseGroupOrder(d.value, rule) : null;
    if (order) {
      for (const id of order) {
        const t = check(d.section, d.key, id);
        if (t) items.push(t);
      }
    } else {
      // A text of an item: `${group}.${id}.${field}`, the group's key itself dotted perhaps.
      const parts = d.key.split('.');
      for (let i = 1; i < parts.length - 1; i++) {
        const t = check(d.section, parts.slice(0, i).join('.'), parts[i]);
        if (t) items.push(t);
      }
    }
    if (items.length > 0) out.set(d.id, items);
  }
  return out;
}

/**
 * The warnings of each draft, by id: a picture whose image has no alt text
 * (unless the check is off in Settings, or the image is marked
 * decorative), and an added item that would still show its template.
 * media are the images the drafts name, by id, as far as they have loaded.
 */
export function draftWarnings(
  drafts: readonly ContentDraft[],
  saved: readonly ContentItem[],
  media: ReadonlyMap<number, MediaItem>,
  off: ReadonlySet<PageCheckID>,
): Map<number, string[]> {
  const templates = templateItems(drafts, saved);
  const out = new Map<number, string[]>();
  for (const d of drafts) {
    const warnings: string[] = [];
    const image = media.get(mediaRefId(d.value) ?? -1);
    if (!off.has('altText') && image && !image.decorative && !image.altText.trim()) {
      warnings.push(altTextWarning(1, `on ${sectionCopy(d.section)?.page ?? 'the website'} (${d.section} · ${d.key})`));
    }
    warnings.push(...(templates.get(d.id) ?? []).map(templateMessage));
    if (warnings.length > 0) out.set(d.id, warnings);
  }
  return out;
}
