import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useSyncExternalStore } from 'react';
import { groupRule, type GroupRule } from '@/content/groups';
import { useSiteData } from '@/lib/site-data-context';
import { useCanEdit } from './edit-mode';
import { itemTemplate, shownOrder, showsPlaceholder } from './group-order';
import { getSavedText, savedTextVersion, subscribeSavedTexts } from './saved-texts';

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

// The controls that add, remove and move the items of a group are their own
// chunk: only an admin in edit mode downloads them.
const GroupItemControls = lazy(() => import('./group-controls').then((m) => ({ default: m.GroupItemControls })));

/**
 * Where an item's controls go in edit mode. `corner`: on the top right corner
 * of the element the item stands in (its li, its section), which holds this
 * item alone; for boxed items, whose padding keeps the text clear of them.
 * `above`: just above that element, at its right; for unboxed items (figures,
 * points) with room above them. `flow`: the item is wrapped in a div, the controls float at the
 * right of its first line and its text flows around them; for items that
 * share their element with others, such as paragraphs.
 * `inline`: the item is wrapped in an inline-flex div with the controls after
 * it; for small items in a row, such as the category buttons.
 */
export type ItemControlsPlacement = 'corner' | 'above' | 'flow' | 'inline';

type ContentItemProps = {
  group: string;
  id: string;
  /**
   * The group's items as useContentGroup returned them. With them, a
   * signed-in admin in edit mode gets the controls that move, remove and add
   * items; without them (a second view of the same group, such as a list of
   * the first posts) the item has none.
   */
  items?: readonly { id: string }[];
  controls?: ItemControlsPlacement;
  children: React.ReactNode;
};

/**
 * One item of a repeating group: the keys inside are `${group}.${id}.${field}`.
 * Visitors get the children as they are, without any element around them.
 */
export function ContentItem({ group, id, items, controls = 'corner', children }: ContentItemProps) {
  const parent = useContext(ScopeContext);
  const scope = useMemo(
    () => (parent ? { section: parent.section, prefix: `${parent.prefix}${group}.${id}.` } : null),
    [parent, group, id],
  );
  const canEdit = useCanEdit();
  const inner = <ScopeContext.Provider value={scope}>{children}</ScopeContext.Provider>;
  const info = items && groupOf(items);
  if (!canEdit || !scope || !items || !info) return inner;
  const item = items.find((it) => it.id === id);
  return (
    <ItemControls group={info} id={id} itemPrefix={scope.prefix} item={item} placement={controls}>
      {inner}
    </ItemControls>
  );
}

type ContentListProps<T extends { id: string }> = {
  /** The group's key in the enclosing section (or item). */
  group: string;
  /** The built-in items. */
  items: readonly T[];
  /** What an item added in edit mode has besides its texts, which its group's rule gives (content/groups.ts): an icon, a link. */
  template?: Partial<Omit<T, 'id'>>;
  /** The list element; the items of a dl stand each in a div. */
  as?: 'ul' | 'ol' | 'dl';
  className?: string;
  /** The class of each item's li (or div). */
  itemClassName?: string;
  controls?: ItemControlsPlacement;
  /** An item's content, given the item, its place and all the items shown. */
  children: (item: T, index: number, shown: readonly T[]) => React.ReactNode;
};

/**
 * A repeating group as a list: the items useContentGroup shows, each in its
 * li (a div in a dl) as a ContentItem, so that its texts are keyed
 * `${group}.${id}.${field}` and edit mode gives it its controls.
 */
export function ContentList<T extends { id: string }>({ group, items, template, as: List = 'ul', className, itemClassName, controls, children }: ContentListProps<T>) {
  const shown = useContentGroup(group, items, template);
  const Item = List === 'dl' ? 'div' : 'li';
  return (
    <List className={className}>
      {shown.map((item, i) => (
        <Item key={item.id} className={itemClassName}>
          <ContentItem group={group} id={item.id} items={shown} controls={controls}>
            {children(item, i, shown)}
          </ContentItem>
        </Item>
      ))}
    </List>
  );
}

/** The fields whose text names an item, in the order they are tried. */
export const labelFields = ['title', 'name', 'heading', 'label', 'text'];

type ItemControlsProps = {
  group: GroupInfo;
  id: string;
  itemPrefix: string;
  item: object | undefined;
  placement: ItemControlsPlacement;
  children: React.ReactNode;
};

/** An item with its controls (edit mode only): its name and its group's stored order as the page shows them. */
function ItemControls({ group, id, itemPrefix, item, placement, children }: ItemControlsProps) {
  const fields = (item ?? {}) as Record<string, unknown>;
  const field = labelFields.find((f) => typeof fields[f] === 'string');
  const label = shownText(useStoredValue(group.section, field ? itemPrefix + field : ''), field ? String(fields[field]) : '');
  const stored = useStoredValue(group.section, group.key);
  const loaded = useSiteData().content[group.section]?.[group.key];
  // The item stays where it is while the toolbar's chunk loads: were it
  // moved into another parent then, React would mount it anew, and a text
  // being edited in it would lose its field.
  const toolbar = (
    <Suspense fallback={null}>
      <GroupItemControls group={group} id={id} itemPrefix={itemPrefix} label={label} stored={stored} loaded={loaded} placement={placement} />
    </Suspense>
  );
  if (placement === 'corner' || placement === 'above') {
    return (
      <>
        {toolbar}
        {children}
      </>
    );
  }
  if (placement === 'inline') {
    return (
      <div className="inline-flex items-center gap-1.5">
        {children}
        {toolbar}
      </div>
    );
  }
  return (
    <div>
      {toolbar}
      {children}
    </div>
  );
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

/** A repeating group as its controls need it: where its order is stored, its built-in ids and its limits. */
export type GroupInfo = {
  section: string;
  /** The key of its order: the group's own key. */
  key: string;
  builtIn: readonly string[];
  /** It has a template, so items can be added. */
  canAdd: boolean;
  rule: GroupRule;
  /** The added items that still show a text of the template: visitors do not see them yet. */
  drafts: readonly string[];
};

const groups = new WeakMap<readonly object[], GroupInfo>();

/** The group of the items useContentGroup returned; undefined for any other list. */
export function groupOf(items: readonly object[]): GroupInfo | undefined {
  return groups.get(items);
}

/**
 * The items of a repeating group (cards, stats, jobs) as the page shows
 * them: the built-in items in the saved order, without the removed ones,
 * with added ones (ids the copy does not have) made from the template
 * (itemTemplate).
 * The order is stored under the group's own key, as a JSON list of ids; an
 * unreadable one, or one outside the group's limits (content/groups.ts),
 * is ignored.
 */
export function useContentGroup<T extends { id: string }>(group: string, items: readonly T[], extra?: Partial<Omit<T, 'id'>>): T[] {
  const scope = useContext(ScopeContext);
  const section = scope?.section ?? '';
  const key = (scope?.prefix ?? '') + group;
  const stored = useStoredValue(section, key);
  const { content } = useSiteData();
  const canEdit = useCanEdit();
  // A text saved in place may rewrite an added item's last placeholder.
  const saves = useSyncExternalStore(subscribeSavedTexts, savedTextVersion, () => 0);
  return useMemo(() => {
    const builtIn = items.map((it) => it.id);
    const rule = groupRule(section, key);
    const template = itemTemplate<T>(rule, extra);
    const byId = new Map(items.map((it) => [it.id, it]));
    const order = scope ? shownOrder(stored, builtIn, !!template, rule) : builtIn;
    const text = (id: string) => (f: string) => getSavedText(section, `${key}.${id}.${f}`) ?? content[section]?.[`${key}.${id}.${f}`];
    const drafts = template ? order.filter((id) => !byId.has(id) && showsPlaceholder(template, text(id))) : [];
    const out = order.filter((id) => canEdit || !drafts.includes(id)).map((id) => byId.get(id) ?? ({ ...template, id } as T));
    if (scope) groups.set(out, { section, key, builtIn, canAdd: !!template, rule, drafts });
    return out;
  }, [scope, section, key, stored, items, extra, content, canEdit, saves]);
}
