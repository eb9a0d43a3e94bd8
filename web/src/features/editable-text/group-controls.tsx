import { ChevronDown, ChevronLeft, ChevronRight, ChevronUp, Plus, Trash2, type LucideIcon } from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { oneOf, pluralOf } from '@/content/groups';
import { toast } from '@/lib/toast-store';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import type { GroupInfo, ItemControlsPlacement } from './content-scope';
import { applyEdit, editProblem, newItemId, type GroupEdit } from './group-edits';
import { parseGroupOrder, shownOrder } from './group-order';
import { acceptContent, failureMessage, findSavedText, restoreContent, saveContent, type SavedText } from './save-content';
import { getSavedText } from './saved-texts';
import { shortLabel } from './short-label';

type Action = 'earlier' | 'later' | 'remove' | 'add';

const actions: Action[] = ['earlier', 'later', 'remove', 'add'];

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const groupId = (g: GroupInfo) => `${g.section}\u0000${g.key}`;

// The changes of one group are saved one after the other, each from the
// order the one before left, so that quick presses never race each other
// (a save from an outdated version would be refused as a conflict).
const queues = new Map<string, Promise<void>>();

function enqueue(g: GroupInfo, task: () => Promise<void>): Promise<void> {
  // A change that failed in an unforeseen way tells the editor so, and the next one still runs.
  const next = (queues.get(groupId(g)) ?? Promise.resolve()).then(task).catch((err: unknown) => {
    toast({ title: 'Update Failed', description: failureMessage(err), variant: 'destructive' });
  });
  queues.set(groupId(g), next);
  return next;
}

// Where the focus goes once the page shows a change: a button of an item's
// controls (the moved item's same button, a neighbour's after a removal) or
// the first text of a new item. The controls that match take it when they
// render next.
type FocusWish = { group: string; id: string; target: Action | 'text' };
let focusWish: FocusWish | null = null;

type GroupItemControlsProps = {
  group: GroupInfo;
  id: string;
  /** The key prefix of the item's texts, `${group}.${id}.`. */
  itemPrefix: string;
  /** The item's name as the page shows it (its title, name, heading, label or text). */
  label: string;
  /** The group's stored order, as the page has it. */
  stored: string | undefined;
  /** The group's stored order as the page loaded it. */
  loaded: string | undefined;
  placement: ItemControlsPlacement;
};

/**
 * The controls of one item of a repeating group, for an admin in edit mode:
 * move it earlier or later, remove it, add a new item after it. Each change
 * saves the group's order at once (its text under the group's key), within
 * the group's limits, and offers Undo. A change someone else made to the
 * order since this page loaded is not overwritten: the page takes theirs and
 * says so. The item itself is the caller's to render beside the toolbar, in
 * the same place whether the toolbar has loaded or not.
 */
export function GroupItemControls({ group, id, itemPrefix, label: fullLabel, stored, loaded, placement }: GroupItemControlsProps) {
  const { section, key, rule } = group;
  const order = shownOrder(stored, group.builtIn, group.canAdd, rule);
  const label = shortLabel(fullLabel) || rule.noun;
  const [busy, setBusy] = useState(false);
  const [active, setActive] = useState(0);
  const bar = useRef<HTMLDivElement>(null);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const noun = rule.noun;
  const plural = pluralOf(rule);

  // The corner controls sit on the element the item stands in: it is made
  // their containing block (for as long as they show) if it is not one yet.
  useLayoutEffect(() => {
    const box = placement === 'corner' || placement === 'above' ? bar.current?.parentElement : null;
    if (!box || getComputedStyle(box).position !== 'static') return;
    box.style.position = 'relative';
    return () => {
      box.style.position = '';
    };
  }, [placement]);

  // Take the focus when a change asked for it.
  useLayoutEffect(() => {
    const wish = focusWish;
    if (!wish || wish.group !== groupId(group) || wish.id !== id) return;
    focusWish = null;
    if (wish.target === 'text') {
      const texts = document.querySelectorAll<HTMLElement>('[data-editable]');
      const first = [...texts].find((el) => el.dataset.contentSection === section && el.dataset.contentKey?.startsWith(itemPrefix));
      if (first) {
        first.focus();
        return;
      }
    }
    const at = wish.target === 'text' ? 0 : actions.indexOf(wish.target);
    buttons.current[at]?.focus();
  });

  /** The order as saved now: what the previous change in the queue left. */
  function currentOrder(): string[] {
    return shownOrder(getSavedText(section, key) ?? loaded, group.builtIn, group.canAdd, rule);
  }

  function problemOf(action: Action): string | null {
    return editProblem(order, editFor(action, order), rule, group.canAdd);
  }

  function editFor(action: Action, from: readonly string[]): GroupEdit {
    switch (action) {
      case 'earlier':
        return { kind: 'move', id, by: -1 };
      case 'later':
        return { kind: 'move', id, by: 1 };
      case 'remove':
        return { kind: 'remove', id };
      case 'add':
        return { kind: 'add', after: id, id: newItemId(from) };
    }
  }

  function run(action: Action) {
    const blocked = problemOf(action);
    if (blocked) {
      // The reason is the button's title; on a touch screen, it shows here.
      toast({ title: blocked });
      return;
    }
    setBusy(true);
    void enqueue(group, async () => {
      try {
        await apply(action);
      } finally {
        setBusy(false);
      }
    });
  }

  async function apply(action: Action) {
    let before: SavedText | undefined;
    try {
      before = await findSavedText(section, key);
    } catch (err) {
      failed(err);
      return;
    }
    // The saved texts are loaded as the page opens (the edit bar), a moment
    // after it rendered: an order that differs from the page's was saved by
    // someone else in between, and is not to be overwritten.
    if ((before?.value ?? '') !== (getSavedText(section, key) ?? loaded ?? '')) {
      takeTheirs(before ?? null, 'Someone else');
      return;
    }
    const from = currentOrder();
    const edit = editFor(action, from);
    let next: string[];
    try {
      next = applyEdit(from, edit, rule, group.canAdd);
    } catch (err) {
      toast({ title: 'Not saved', description: (err as Error).message, variant: 'destructive' });
      return;
    }
    const at = from.indexOf(id);
    focusWish =
      edit.kind === 'move'
        ? { group: groupId(group), id, target: action }
        : edit.kind === 'add'
          ? { group: groupId(group), id: edit.id, target: 'text' }
          : { group: groupId(group), id: next[Math.min(at, next.length - 1)], target: 'remove' };
    let drafted = '';
    try {
      if ((await saveContent(section, key, JSON.stringify(next))).drafted) drafted = ' Saved as draft — publish it from the Publish panel.';
    } catch (err) {
      focusWish = null;
      failed(err);
      return;
    }
    const undo = {
      label: 'Undo',
      altText: `Undo the change to the order of the ${plural}`,
      onSelect: () => void enqueue(group, () => undoTo(before?.value)),
    };
    if (edit.kind === 'move') {
      toast({ title: `${capital(plural)} reordered`, description: `“${label}” is now ${next.indexOf(id) + 1} of ${next.length}.${drafted}`, action: undo });
    } else if (edit.kind === 'remove') {
      toast({ title: `${capital(noun)} removed`, description: `“${label}” no longer shows. Its texts are kept: Undo brings it back.${drafted}`, action: undo });
    } else {
      toast({ title: `${capital(noun)} added`, description: `A new ${noun} follows “${label}”. Click its texts to write them.${drafted}`, action: undo });
    }
  }

  /** Brings back the order as it was before a change: its saved value, or the built-in order. */
  async function undoTo(previous: string | undefined) {
    // An earlier value the page did not follow (outside the limits) showed the built-in order: bring that back.
    const value = previous !== undefined && parseGroupOrder(previous, rule) ? previous : undefined;
    try {
      await restoreContent(section, key, value);
      toast({ title: 'Change undone', description: `The ${plural} are back in their previous order.` });
    } catch (err) {
      failed(err, 'Undo Failed');
    }
  }

  /** Tells the editor why a change was not saved; another editor's newer order is taken, not overwritten. */
  function failed(err: unknown, title = 'Update Failed') {
    if (isApiError(err, 409) && err.conflict) {
      takeTheirs((err.conflict.current as SavedText | null) ?? null, err.conflict.changedBy || 'Someone else');
    } else {
      toast({ title, description: failureMessage(err), variant: 'destructive' });
    }
  }

  /** Shows the order someone else saved (null: they reset it) instead of this page's, and says so. */
  function takeTheirs(theirs: SavedText | null, by: string) {
    acceptContent(section, key, theirs);
    toast({
      title: 'Order not saved',
      description: `${by} changed the ${plural} here after you opened the page. The page now shows their order; make your change again if it is still needed.`,
      variant: 'destructive',
    });
  }

  function onKeyDown(e: React.KeyboardEvent) {
    const last = actions.length - 1;
    const to =
      e.key === 'ArrowRight' || e.key === 'ArrowDown'
        ? Math.min(active + 1, last)
        : e.key === 'ArrowLeft' || e.key === 'ArrowUp'
          ? Math.max(active - 1, 0)
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    if (to === null) return;
    e.preventDefault();
    buttons.current[to]?.focus();
  }

  const [Earlier, Later] = rule.vertical ? [ChevronUp, ChevronDown] : [ChevronLeft, ChevronRight];
  const names: Record<Action, [string, string, LucideIcon]> = {
    earlier: [`Move “${label}” earlier`, 'Move earlier', Earlier],
    later: [`Move “${label}” later`, 'Move later', Later],
    remove: [`Remove “${label}”`, `Remove this ${noun}`, Trash2],
    add: [`Add ${oneOf(rule)} after “${label}”`, `Add ${oneOf(rule)} after this one`, Plus],
  };

  const toolbar = (
    <div
      ref={bar}
      role="toolbar"
      aria-label={`Arrange ${noun} “${label}”`}
      aria-busy={busy || undefined}
      data-group-controls=""
      onKeyDown={onKeyDown}
      className={cn(
        'z-20 inline-flex items-center gap-0.5 rounded-full bg-surface/95 p-0.5 text-body shadow-md ring-1 shadow-ink/10 ring-ink/10 backdrop-blur-sm transition-opacity',
        // Plain letters, whatever the item's own type looks like.
        'text-left text-sm font-normal tracking-normal normal-case',
        placement === 'corner' && 'absolute top-0 right-3 -translate-y-1/2',
        placement === 'above' && 'absolute right-0 bottom-full mb-1',
        placement === 'flow' && 'relative float-right clear-right -mb-2 ml-3',
        busy && 'opacity-70',
      )}
    >
      {group.drafts.includes(id) && (
        <span className="px-2 text-xs font-semibold text-warning" title="Visitors see this item once each of its texts is rewritten.">
          Not shown yet
        </span>
      )}
      {actions.map((action, i) => {
        const [name, hint, Icon] = names[action];
        const blocked = problemOf(action);
        return (
          <span key={action} className="contents">
            {action === 'remove' && <span aria-hidden="true" className="mx-0.5 h-4 w-px bg-(--border-color-default)" />}
            <button
              ref={(el) => {
                buttons.current[i] = el;
              }}
              type="button"
              aria-label={name}
              aria-disabled={blocked ? true : undefined}
              title={blocked ?? hint}
              tabIndex={i === active ? 0 : -1}
              onFocus={() => setActive(i)}
              onClick={() => run(action)}
              className={cn(
                'inline-flex size-7 items-center justify-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-focus',
                'aria-disabled:cursor-not-allowed aria-disabled:opacity-35',
                !blocked && (action === 'remove' ? 'hover:bg-danger-soft hover:text-danger' : action === 'add' ? 'text-edit-strong hover:bg-edit/10 hover:text-edit-strong' : 'hover:bg-surface-sunken hover:text-default'),
                blocked && action === 'add' && 'text-edit-strong',
              )}
            >
              <Icon aria-hidden="true" className="size-4" strokeWidth={2.25} />
            </button>
          </span>
        );
      })}
    </div>
  );

  return toolbar;
}
