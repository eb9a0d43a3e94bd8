import { History, LoaderCircle, RotateCcw, X } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useState } from 'react';
import { Dialog } from 'radix-ui';
import { Badge } from '@/components/ui/badge';
import { toast } from '@/lib/toast-store';
import { isApiError } from '@/lib/api-client';
import type { ContentItem, Revision, RevisionAction } from '@/lib/api-types';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/dates';
import { revisionActionLabels, revisionActionVariants } from '@/lib/revisions';
import type { HistorySlot } from './in-place-field';
import { acceptContent, loadTextHistory, restoreTextRevision } from './save-content';

// The history of one thing edited in place (a text of the site, a field of
// a record), beside the field that edits it: every saved version, newest
// first, with who saved it and when, and Restore on the older ones. A
// text's delete is its reset to the built-in copy.

const actionVariants = { ...revisionActionVariants, delete: 'warning' } as const;

type Load = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; revisions: Revision[] };

type TextHistoryProps = {
  section: string;
  contentKey: string;
  /** The built-in copy, which a reset shows. */
  fallback: string;
  /** Brings back the text as it was before (undefined: the built-in copy), for the toast's Undo. */
  undo: (previous: string | undefined) => void;
} & HistorySlot;

/** Why a request failed, for the editor: the server's reason for a 4xx, that it could not be reached, or a server error. */
function failure(err: unknown): string {
  return isApiError(err) && err.status < 500 ? err.message : 'The server answered with an error. Try again in a moment.';
}

/** The value a revision left on the page; undefined after a reset (the built-in copy). */
function valueOf(rev: Revision): string | undefined {
  return rev.action === 'delete' ? undefined : (rev.data as ContentItem).value;
}

/**
 * The versions a person reads, newest first. A save of a text that was reset
 * brings its record back (a restore, with the value it had then) and writes
 * the new value over it (an update) at once: that restore is part of the
 * save, not a step of its own, and is left out.
 */
export function readableHistory(revisions: Revision[]): Revision[] {
  return revisions.filter((r, i) => {
    const newer = revisions[i - 1];
    const older = revisions[i + 1];
    return !(
      r.action === 'restore' &&
      older?.action === 'delete' &&
      newer?.action === 'update' &&
      newer.version === r.version + 1 &&
      newer.username === r.username &&
      Math.abs(Date.parse(newer.createdAt) - Date.parse(r.createdAt)) < 10_000
    );
  });
}

/** The history of a text of the site (section, key): its saved versions, a reset showing the built-in copy. */
export function TextHistory({ section, contentKey, fallback, undo, ...slot }: TextHistoryProps) {
  return (
    <HistoryPanel<ContentItem>
      {...slot}
      title="History of this text"
      subtitle={`${section} · ${contentKey}`}
      load={useCallback(async () => readableHistory(await loadTextHistory(section, contentKey)), [section, contentKey])}
      valueOf={valueOf}
      actionLabels={{ delete: 'Reset' }}
      missing={
        <>
          <span className="font-medium text-warning">Built-in text</span>
          <span className="text-muted"> · {fallback}</span>
        </>
      }
      empty="This text shows its built-in copy; it has not been changed."
      restore={async (rev, newest) => {
        const previous = valueOf(newest);
        const now = await restoreTextRevision(section, contentKey, rev, newest);
        return {
          title: now ? 'Text restored' : 'Text reset',
          description: now
            ? `The version ${rev.username ? `${rev.username} saved` : 'saved'} on ${formatDate(rev.createdAt)} shows again.`
            : 'The built-in text shows again.',
          altText: 'Undo the restore of this text from its history',
          undo: () => undo(previous),
        };
      }}
      takeTheirs={(theirs) => {
        acceptContent(section, contentKey, theirs);
        return theirs ? `; it now shows their version, “${theirs.value}”.` : ', resetting it to the built-in text.';
      }}
      thing="text"
    />
  );
}

/** What a restore did, for its toast: the toast's words and its Undo. */
export type Restored = { title: string; description: string; altText: string; undo: () => void };

type HistoryPanelProps<T> = HistorySlot & {
  /** The panel's title and the line under it that names what it is the history of. */
  title: string;
  subtitle: string;
  /** The versions, newest first. */
  load: () => Promise<Revision[]>;
  /** The value a version left on the page; undefined when it left none (a reset, a delete). */
  valueOf: (rev: Revision) => string | undefined;
  /** Labels of actions where they are not the usual ones (a text's delete is its reset). */
  actionLabels?: Partial<Record<RevisionAction, string>>;
  /** What a version without a value shows. */
  missing: React.ReactNode;
  /** What the panel says when there is no version. */
  empty: string;
  /** Restores a version from the newest shown; rejects with an ApiError, a 409 carrying theirs. */
  restore: (rev: Revision, newest: Revision) => Promise<Restored>;
  /** The page takes the other's version met by a restore; returns the end of the sentence that says what it shows. */
  takeTheirs: (theirs: T | null) => string;
  /** What the history is of, in the clash's sentence ("text"). */
  thing: string;
};

/**
 * The history of one thing edited in place, beside the field that edits it:
 * every saved version, newest first, with who saved it and when, and
 * Restore on the older ones. A restore that meets another's change shows
 * theirs and the history afresh.
 */
export function HistoryPanel<T>({ title, subtitle, load: loadVersions, valueOf: valueAt, actionLabels: labels, missing, empty, restore: restoreVersion, takeTheirs, thing, unsaved, anchor, toggle, onClose, onRestored }: HistoryPanelProps<T>) {
  // The panel once the portal has put it on the page, a render after this one's.
  const [panel, setPanel] = useState<HTMLDivElement | null>(null);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [restoring, setRestoring] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [clash, setClash] = useState<{ by: string; says: string } | null>(null);
  const place = usePlacement(anchor, panel);
  const actionLabels = { ...revisionActionLabels, ...labels };

  const reload = useCallback(() => {
    setLoad({ state: 'loading' });
    loadVersions().then(
      (revisions) => setLoad({ state: 'ready', revisions }),
      (err: unknown) => setLoad({ state: 'failed', message: failure(err) }),
    );
  }, [loadVersions]);

  useEffect(reload, [reload]);

  async function restore(rev: Revision, newest: Revision) {
    setRestoring(rev.id);
    setProblem(null);
    setClash(null);
    try {
      const done = await restoreVersion(rev, newest);
      onRestored();
      toast({ title: done.title, description: done.description, action: { label: 'Undo', altText: done.altText, onSelect: done.undo } });
    } catch (err) {
      setRestoring(null);
      if (isApiError(err, 409) && err.conflict) {
        // The page takes their version, and the history shows it.
        const says = takeTheirs((err.conflict.current as T | null) ?? null);
        setClash({ by: err.conflict.changedBy || 'Someone else', says });
        reload();
      } else {
        setProblem(`The version could not be restored. ${failure(err)}`);
      }
    }
  }

  const revisions = load.state === 'ready' ? load.revisions : [];
  const newest = revisions[0];

  // A dialog that leaves the page usable (Radix, not modal): Tab goes round
  // its controls; Escape and Close go back to the field; a press outside
  // the panel, the field and its History button closes it.
  return (
    <Dialog.Root open modal={false} onOpenChange={(open) => !open && onClose(false)}>
      <Dialog.Portal>
        <Dialog.Content
          ref={setPanel}
          aria-describedby={undefined}
          onOpenAutoFocus={(e) => {
            // Focus moves onto the panel, which a screen reader announces by its title.
            e.preventDefault();
            (e.currentTarget as HTMLElement).focus({ preventScroll: true });
          }}
          onCloseAutoFocus={(e) => e.preventDefault()}
          onEscapeKeyDown={(e) => {
            e.preventDefault();
            onClose(true);
          }}
          onPointerDownOutside={(e) => {
            const t = e.target as Node;
            if (anchor.current?.contains(t) || toggle.current?.contains(t)) e.preventDefault();
          }}
          // Focus may go to the field, where the editor goes on.
          onFocusOutside={(e) => e.preventDefault()}
          style={place}
          className={cn(
            'z-[70] flex flex-col overflow-hidden bg-surface text-left text-sm font-normal tracking-normal text-default normal-case shadow-2xl ring-1 ring-ink/10 outline-none',
            place.position === 'fixed' ? 'max-h-[60vh] rounded-t-2xl pb-[env(safe-area-inset-bottom)]' : 'max-h-[min(34rem,calc(100vh-1.5rem))] rounded-xl',
          )}
        >
          {place.position === 'fixed' && <span aria-hidden="true" className="mx-auto mt-2 h-1 w-10 shrink-0 rounded-full bg-(--border-color-strong)" />}
          <div className="flex items-start gap-3 border-b border-default px-4 py-3">
            <span aria-hidden="true" className="mt-0.5 grid size-8 shrink-0 place-items-center rounded-lg bg-edit/10 text-edit-strong ring-1 ring-edit/30">
              <History className="size-4" />
            </span>
            <div className="min-w-0 flex-1">
              <Dialog.Title className="text-sm leading-5 font-semibold text-default">{title}</Dialog.Title>
              <p className="truncate font-mono text-xs leading-5 text-muted" title={subtitle}>
                {subtitle}
              </p>
            </div>
            <button
              type="button"
              aria-label="Close history"
              onClick={() => onClose(true)}
              className="-mt-1 -mr-2 rounded-md p-1.5 text-muted transition hover:bg-surface-sunken hover:text-default focus-visible:outline-2 focus-visible:outline-focus"
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          </div>

          <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
            {clash && (
              <p role="alert" className="m-3 rounded-lg bg-warning-soft px-3 py-2 text-xs leading-5 text-warning ring-1 ring-warning-line">
                {clash.by} changed this {thing} after you opened the page
                {clash.says} Pick a version to restore over it, or close the history.
              </p>
            )}
            {unsaved && load.state === 'ready' && revisions.length > 1 && (
              <p className="mx-3 mt-3 rounded-lg bg-surface-muted px-3 py-2 text-xs leading-5 text-body ring-1 ring-default">
                The field holds a change you have not saved: restoring a version drops it.
              </p>
            )}
            {problem && (
              <p role="alert" className="m-3 rounded-lg bg-danger-soft px-3 py-2 text-xs leading-5 text-danger ring-1 ring-danger-line">
                {problem}
              </p>
            )}
            {load.state === 'loading' && (
              <p role="status" className="flex items-center gap-2 px-4 py-6 text-body">
                <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
                Loading the history…
              </p>
            )}
            {load.state === 'failed' && (
              <div role="alert" className="grid gap-3 px-4 py-5">
                <p>
                  <span className="font-medium text-default">The history could not be loaded.</span>{' '}
                  <span className="text-body">{load.message}</span>
                </p>
                <button
                  type="button"
                  onClick={reload}
                  className="justify-self-start rounded-md bg-surface px-3 py-1.5 text-xs font-semibold text-default shadow-sm ring-1 ring-strong transition hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-focus"
                >
                  Retry
                </button>
              </div>
            )}
            {load.state === 'ready' && revisions.length === 0 && (
              <p className="px-4 py-6 text-body">{empty}</p>
            )}
            {load.state === 'ready' && newest && (
              <ol aria-label="Versions, newest first" className="relative px-4 py-3">
                {revisions.map((rev, i) => {
                  const value = valueAt(rev);
                  const current = i === 0;
                  const same = !current && value === valueAt(newest);
                  const when = formatDate(rev.createdAt);
                  return (
                    <li key={rev.id} aria-label={`${actionLabels[rev.action]}${current ? ', current' : ''}, ${when}`} className="relative grid grid-cols-[1rem_minmax(0,1fr)] gap-x-3 pb-4 last:pb-1">
                      {/* The timeline: a dot per version on a line through them. */}
                      <span aria-hidden="true" className="relative flex justify-center">
                        {i < revisions.length - 1 && <span className="absolute top-4 -bottom-4 w-px bg-(--border-color-default)" />}
                        <span className={cn('mt-1.5 size-2.5 rounded-full ring-4 ring-surface', current ? 'bg-edit' : 'bg-(--border-color-strong)')} />
                      </span>
                      <div className="grid min-w-0 gap-1.5">
                        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                          <Badge variant={actionVariants[rev.action]}>{actionLabels[rev.action]}</Badge>
                          {current && <span className="text-xs font-semibold text-edit-strong">Current</span>}
                          <span className="ml-auto text-xs text-muted">
                            <time dateTime={rev.createdAt}>{when}</time>
                          </span>
                        </div>
                        <p
                          className={cn(
                            'line-clamp-4 rounded-md px-2.5 py-1.5 text-sm leading-5 break-words whitespace-pre-line',
                            value === undefined ? 'bg-warning-soft/60 text-body ring-1 ring-warning-line/70' : 'bg-surface-muted text-default ring-1 ring-default',
                          )}
                        >
                          {value === undefined ? missing : value}
                        </p>
                        <div className="flex items-center justify-between gap-2 text-xs text-muted">
                          <span>by {rev.username || 'someone'}</span>
                          {!current &&
                            (same ? (
                              <span className="italic">Same as now</span>
                            ) : (
                              <button
                                type="button"
                                disabled={restoring !== null}
                                aria-label={`Restore the version of ${when}`}
                                onClick={() => void restore(rev, newest)}
                                className="inline-flex items-center gap-1 rounded-md bg-surface px-2 py-1 font-semibold text-default shadow-sm ring-1 ring-strong transition hover:bg-edit/10 hover:text-edit-strong hover:ring-edit/50 focus-visible:outline-2 focus-visible:outline-focus disabled:opacity-50"
                              >
                                <RotateCcw aria-hidden="true" className="size-3.5" />
                                {restoring === rev.id ? 'Restoring…' : 'Restore'}
                              </button>
                            ))}
                        </div>
                      </div>
                    </li>
                  );
                })}
              </ol>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const gap = 12;
const margin = 12;
const width = 360;
const narrowest = 300;

/**
 * Where the panel goes: beside the field, right or left, where there is
 * room; below the editor otherwise; at the foot of the screen on a phone.
 * Placed again when the window, the field or the panel change size.
 */
function usePlacement(anchor: React.RefObject<HTMLElement | null>, panel: HTMLElement | null): React.CSSProperties {
  const [style, setStyle] = useState<React.CSSProperties>({ position: 'absolute', top: 0, left: 0, opacity: 0 });

  useLayoutEffect(() => {
    if (!panel) return;
    const shown = panel;
    function place() {
      const field = anchor.current;
      if (!field) return;
      const vw = document.documentElement.clientWidth;
      const vh = window.innerHeight;
      if (vw < 640) {
        setStyle({ position: 'fixed', left: 0, right: 0, bottom: 0 });
        return;
      }
      const r = field.getBoundingClientRect();
      const height = shown.offsetHeight;
      // Beside the field, within the screen where the page lets it.
      const top = Math.max(margin, Math.min(r.top, vh - margin - height));
      const right = vw - margin - (r.right + gap);
      const left = r.left - gap - margin;
      if (right >= narrowest) {
        const w = Math.min(width, right);
        setStyle({ position: 'absolute', top: top + window.scrollY, left: r.right + gap + window.scrollX, width: w });
      } else if (left >= narrowest) {
        const w = Math.min(width, left);
        setStyle({ position: 'absolute', top: top + window.scrollY, left: r.left - gap - w + window.scrollX, width: w });
      } else {
        // Below the editor (the field, its notes and buttons).
        const box = (field.parentElement ?? field).getBoundingClientRect();
        const w = Math.min(width + 60, vw - 2 * margin);
        const x = Math.max(margin, Math.min(r.left, vw - margin - w));
        const room = Math.max(280, vh - box.bottom - 8 - margin);
        setStyle({ position: 'absolute', top: box.bottom + 8 + window.scrollY, left: x + window.scrollX, width: w, maxHeight: room });
      }
    }
    place();
    // On a phone the panel is a sheet over the foot of the screen: the
    // field moves up above it, under the site's header.
    const field = anchor.current;
    if (field && document.documentElement.clientWidth < 640) window.scrollBy({ top: field.getBoundingClientRect().top - 80 });
    const observer = new ResizeObserver(place);
    if (anchor.current) observer.observe(anchor.current);
    observer.observe(shown);
    window.addEventListener('resize', place);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', place);
    };
  }, [anchor, panel]);

  return style;
}
