import { createContext, useCallback, useContext, useMemo, useSyncExternalStore } from 'react';
import { groupRule } from '@/content/groups';
import { useSiteData } from '@/lib/site-data-context';
import { shownOrder } from './group-order';
import { getSavedText, subscribeSavedTexts } from './saved-texts';

// Where an editable text lives: the key of a text is its path in the
// section's built-in copy (web/src/content), so `about.values` with
// `items.excellence.title` is the title of the item with id excellence of
// the list `items`. Keys follow the copy, not the layout: moving a text to
// another place on the page keeps its saved value.

type Scope = { section: string; prefix: string };

const ScopeContext = createContext<Scope | null>(null);

/** The section of the texts inside, e.g. `about.hero`; on the home page the SPEC's names (`hero`). */
export function ContentSection({ id, children }: { id: string; children: React.ReactNode }) {
  const scope = useMemo(() => ({ section: id, prefix: '' }), [id]);
  return <ScopeContext.Provider value={scope}>{children}</ScopeContext.Provider>;
}

/** One item of a repeating group: the keys inside are `${group}.${id}.${field}`. */
export function ContentItem({ group, id, children }: { group: string; id: string; children: React.ReactNode }) {
  const parent = useContext(ScopeContext);
  const scope = useMemo(
    () => (parent ? { section: parent.section, prefix: `${parent.prefix}${group}.${id}.` } : null),
    [parent, group, id],
  );
  return <ScopeContext.Provider value={scope}>{children}</ScopeContext.Provider>;
}

/** The section and full key of the text `key` here; null outside any section. */
export function useContentAddress(key: string): { section: string; key: string } | null {
  const scope = useContext(ScopeContext);
  return scope ? { section: scope.section, key: scope.prefix + key } : null;
}

/** The stored value at (section, key) as text: saved in this visit, else from the page data. */
export function useStoredValue(section: string, key: string): string | undefined {
  const { content } = useSiteData();
  const getSaved = useCallback(() => getSavedText(section, key), [section, key]);
  const saved = useSyncExternalStore(subscribeSavedTexts, getSaved, () => undefined);
  return saved ?? content[section]?.[key];
}

/** What a text shows: its stored value, or the built-in copy when none (or an empty one) is stored. */
export function shownText(stored: string | undefined, fallback: string): string {
  return stored !== undefined && stored !== '' ? stored : fallback;
}

/**
 * The text an EditableText with this key would show here, for the places
 * that need it as a plain string (a mail subject, a screen-reader suffix,
 * initials).
 */
export function useStoredText(contentKey: string, fallback: string): string {
  const address = useContentAddress(contentKey);
  return shownText(useStoredValue(address?.section ?? '', address?.key ?? ''), fallback);
}

/**
 * The items of a repeating group (cards, stats, jobs) as the page shows
 * them: the built-in items in the saved order, without the removed ones,
 * with added ones (ids the copy does not have) made from the template.
 * The order is stored under the group's own key, as a JSON list of ids; an
 * unreadable one, or one outside the group's limits (content/groups.ts),
 * is ignored.
 */
export function useContentGroup<T extends { id: string }>(group: string, items: readonly T[], template?: Omit<T, 'id'>): T[] {
  const scope = useContext(ScopeContext);
  const section = scope?.section ?? '';
  const key = (scope?.prefix ?? '') + group;
  const stored = useStoredValue(section, key);
  return useMemo(() => {
    const builtIn = items.map((it) => it.id);
    const rule = groupRule(section, key);
    const byId = new Map(items.map((it) => [it.id, it]));
    const order = scope ? shownOrder(stored, builtIn, !!template, rule) : builtIn;
    return order.map((id) => byId.get(id) ?? ({ ...template, id } as T));
  }, [scope, section, key, stored, items, template]);
}
