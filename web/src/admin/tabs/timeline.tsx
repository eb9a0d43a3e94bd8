import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Pencil, StickyNote, Trash2 } from 'lucide-react';
import { toast } from '@/lib/toast-store';
import { activityRule } from '../lib/admin-contracts';
import { formatDate } from '@/lib/dates';
import { cn } from '@/lib/cn';
import {
  clearDraft,
  editableUntil,
  isStaffEntry,
  mayEdit,
  readDraft,
  relativeTime,
  timelineTextId,
  useAddEntry,
  useDeleteEntry,
  useEditEntry,
  writeDraft,
  type TimelineDraft,
  type TimelineEntry,
  type TimelineSpec,
} from '../lib/timeline';
import { failureText } from '../lib/leads';
import { AdminButton } from '@/components/ui/admin-button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** The time now, moving on every half minute: relative times and the edit window follow it. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** The message of a text the server would refuse, checked by its rule; "" when it is fine. */
function textProblem(text: string): string {
  const t = text.trim();
  if (!t) return activityRule.required ?? 'Write what happened before saving.';
  if (activityRule.max && [...t].length > activityRule.max) return activityRule.tooLong ?? '';
  return '';
}

type AddFormProps<E extends TimelineEntry> = {
  spec: TimelineSpec<E>;
  onAdded: (entry: E) => void;
  onDirtyChange: (dirty: boolean) => void;
};

/**
 * The box a new entry is written in. What is typed is kept in the browser
 * (per record) as it is typed, so that a reload, a closed dialog or a
 * failed save loses nothing; a save clears it.
 */
function AddForm<E extends TimelineEntry>({ spec, onAdded, onDirtyChange }: AddFormProps<E>) {
  const [draft, setDraft] = useState<TimelineDraft>(() => readDraft(spec) ?? { kind: spec.kinds[0].value, text: '' });
  const [error, setError] = useState('');
  const add = useAddEntry<E>();
  const textId = timelineTextId(spec);
  const errorId = `${textId}-error`;
  const kindName = useId();
  const kind = spec.kinds.find((k) => k.value === draft.kind) ?? spec.kinds[0];

  const dirty = draft.text.trim() !== '';
  // A layout effect: the dialog knows of the draft before the next key (Escape) is handled.
  useLayoutEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  function change(next: TimelineDraft) {
    setDraft(next);
    writeDraft(spec, next);
  }

  async function save(e?: React.FormEvent) {
    e?.preventDefault();
    if (add.isPending) return;
    const problem = textProblem(draft.text);
    if (problem) {
      setError(problem);
      document.getElementById(textId)?.focus();
      return;
    }
    setError('');
    try {
      const entry = await add.mutateAsync({ url: spec.url, draft });
      clearDraft(spec);
      setDraft({ kind: draft.kind, text: '' });
      onAdded(entry);
      toast({ title: 'Success', description: `${spec.labels[entry.kind]} saved` });
    } catch (err) {
      const why = failureText(err, '');
      setError(`Not saved${why ? ` (${why})` : ': the server could not be reached'}. Your text is still here; try again.`);
    }
  }

  return (
    <form onSubmit={save} className="grid gap-2" aria-label="Add to the activity">
      {spec.kinds.length > 1 && (
        <fieldset className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <legend className="sr-only">Kind</legend>
          {spec.kinds.map((k) => {
            const Icon = spec.icons[k.value] ?? StickyNote;
            const checked = draft.kind === k.value;
            return (
              <label
                key={k.value}
                className={cn(
                  'inline-flex cursor-pointer items-center gap-1.5 rounded-md border px-2.5 py-1 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-focus',
                  checked ? 'border-primary bg-primary/10 text-primary-strong' : 'border-default text-muted hover:text-default',
                )}
              >
                <input type="radio" name={kindName} value={k.value} checked={checked} onChange={() => change({ ...draft, kind: k.value })} className="sr-only" />
                <Icon className="size-3.5" aria-hidden="true" />
                {k.label}
              </label>
            );
          })}
        </fieldset>
      )}
      <Label htmlFor={textId}>{kind.prompt}</Label>
      <Textarea
        id={textId}
        value={draft.text}
        onChange={(e) => change({ ...draft, text: e.target.value })}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void save();
        }}
        maxLength={activityRule.max}
        placeholder={spec.placeholder}
        aria-describedby={error ? errorId : `${textId}-hint`}
        aria-invalid={error ? true : undefined}
      />
      {error ? (
        <p id={errorId} role="alert" className="rounded-lg border border-danger-line bg-danger-soft px-3 py-2 text-sm text-danger">
          {error}
        </p>
      ) : (
        <p id={`${textId}-hint`} className="text-xs text-muted">
          {dirty ? 'Draft kept in this browser until you save it.' : 'Ctrl+Enter saves.'}
        </p>
      )}
      <div className="flex justify-end">
        <AdminButton type="submit" variant="primary" size="sm">
          {add.isPending ? 'Saving...' : `Save ${kind.label.toLowerCase()}`}
        </AdminButton>
      </div>
    </form>
  );
}

type EntryProps<E extends TimelineEntry> = {
  spec: TimelineSpec<E>;
  entry: E;
  now: number;
  userId: number | undefined;
  mayDelete: boolean;
  onSaved: (entry: E) => void;
  onDelete: (entry: E) => void;
  onEditingChange: (id: number, dirty: boolean) => void;
};

function Entry<E extends TimelineEntry>({ spec, entry, now, userId, mayDelete, onSaved, onDelete, onEditingChange }: EntryProps<E>) {
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState('');
  const edit = useEditEntry<E>();
  const editRef = useRef<HTMLTextAreaElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const Icon = spec.icons[entry.kind] ?? StickyNote;
  const label = spec.labels[entry.kind] ?? entry.kind;
  const staff = isStaffEntry(spec, entry);
  const editable = mayEdit(spec, entry, userId, now);
  const edited = entry.updatedAt !== entry.createdAt;
  const summary = spec.summary(entry);
  const who = spec.author(entry);
  const editId = `${spec.key}-edit-${entry.id}`;

  const dirty = editing !== null && editing !== entry.text;
  useLayoutEffect(() => onEditingChange(entry.id, dirty), [entry.id, dirty, onEditingChange]);

  function stopEditing() {
    setEditing(null);
    setError('');
    window.setTimeout(() => editButton.current?.focus());
  }

  async function save(e: React.FormEvent) {
    e.preventDefault();
    if (editing === null || edit.isPending) return;
    const problem = textProblem(editing);
    if (problem) {
      setError(problem);
      return;
    }
    try {
      const saved = await edit.mutateAsync({ url: spec.url, entry, text: editing });
      onSaved(saved);
      stopEditing();
      toast({ title: 'Success', description: 'Entry changed' });
    } catch (err) {
      setError(`${failureText(err, 'Not saved: the server could not be reached.')} Your text is still here.`);
    }
  }

  return (
    <li className="relative grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 pb-4 last:pb-0">
      <span
        className={cn(
          'z-10 mt-0.5 flex size-7 items-center justify-center rounded-full border',
          staff ? 'border-primary/30 bg-primary/10 text-primary-strong' : 'border-default bg-surface-sunken text-muted',
        )}
      >
        <Icon className="size-3.5" aria-hidden="true" />
      </span>
      <div className="grid min-w-0 gap-1">
        <p className="flex min-w-0 flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-semibold text-default">{who}</span>
          <span className="text-xs text-muted">{label}</span>
          <time dateTime={entry.createdAt} title={formatDate(entry.createdAt)} className="text-xs text-muted">
            {relativeTime(entry.createdAt, now)}
          </time>
          {edited && (
            <span className="text-xs text-muted" title={`Edited ${formatDate(entry.updatedAt)}`}>
              (edited)
            </span>
          )}
        </p>
        {summary && !staff && <p className="text-sm text-default">{summary}</p>}
        {editing !== null ? (
          <form onSubmit={save} className="grid gap-2">
            <Label htmlFor={editId} className="sr-only">
              Edit the {label.toLowerCase()}
            </Label>
            <Textarea
              id={editId}
              ref={editRef}
              value={editing}
              onChange={(e) => setEditing(e.target.value)}
              maxLength={activityRule.max}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${editId}-error` : undefined}
            />
            {error && (
              <p id={`${editId}-error`} role="alert" className="text-sm text-danger">
                {error}
              </p>
            )}
            <div className="flex flex-wrap justify-end gap-2">
              <AdminButton type="button" variant="outline" size="sm" onClick={stopEditing}>
                Cancel
              </AdminButton>
              <AdminButton type="submit" variant="primary" size="sm">
                {edit.isPending ? 'Saving...' : 'Save'}
              </AdminButton>
            </div>
          </form>
        ) : (
          entry.text && spec.showsText(entry) && <p className="text-sm break-words whitespace-pre-line text-default">{entry.text}</p>
        )}
        {editing === null && (editable || mayDelete) && (
          <div className="flex flex-wrap gap-1">
            {editable && (
              <AdminButton
                ref={editButton}
                variant="ghost"
                size="sm"
                onClick={() => {
                  setEditing(entry.text);
                  window.setTimeout(() => editRef.current?.focus());
                }}
                title={`You can edit it until ${formatDate(new Date(editableUntil(entry)).toISOString())}`}
              >
                <Pencil aria-hidden="true" />
                Edit<span className="sr-only"> the {label.toLowerCase()} of {relativeTime(entry.createdAt, now)}</span>
              </AdminButton>
            )}
            {mayDelete && (
              <AdminButton variant="ghost" size="sm" className="text-danger hover:bg-danger-soft" onClick={() => onDelete(entry)}>
                <Trash2 aria-hidden="true" />
                Delete<span className="sr-only"> the {label.toLowerCase()} of {relativeTime(entry.createdAt, now)}</span>
              </AdminButton>
            )}
          </div>
        )}
      </div>
    </li>
  );
}

export type TimelineProps<E extends TimelineEntry> = {
  /** Whose timeline: a lead's (leadTimeline) or an application's (applicationTimeline). */
  spec: TimelineSpec<E>;
  /** The entries, newest first; undefined while the record loads. */
  activity: E[] | undefined;
  onActivity: (next: E[]) => void;
  /** Whether the signed-in user may write entries. */
  mayWrite: boolean;
  mayDelete: boolean;
  userId: number | undefined;
  /** Told whether something typed is not saved yet (a new entry or an edit). */
  onDirtyChange: (dirty: boolean) => void;
};

/** A record's timeline: the box for a new entry, then every entry, newest first. */
export function Timeline<E extends TimelineEntry>({ spec, activity, onActivity, mayWrite, mayDelete, userId, onDirtyChange }: TimelineProps<E>) {
  const now = useNow();
  const [deleting, setDeleting] = useState<E | null>(null);
  const del = useDeleteEntry();
  const listRef = useRef<HTMLOListElement>(null);
  const list = activity ?? [];
  // The parts that may hold unsaved text: the new entry's box, and the entry being edited.
  const [draftDirty, setDraftDirty] = useState(false);
  const [editing, setEditing] = useState<number[]>([]);
  const onEditingChange = useCallback(
    (id: number, dirty: boolean) => setEditing((prev) => (dirty ? (prev.includes(id) ? prev : [...prev, id]) : prev.filter((x) => x !== id))),
    [],
  );
  const editDirty = editing.length > 0;
  useLayoutEffect(() => onDirtyChange(draftDirty || editDirty), [draftDirty, editDirty, onDirtyChange]);

  async function confirmDelete() {
    const entry = deleting;
    setDeleting(null);
    if (!entry) return;
    try {
      await del.mutateAsync({ url: spec.url, entry });
      const rest = list.filter((a) => a.id !== entry.id);
      onActivity(rest);
      toast({ title: 'Success', description: 'Entry deleted' });
      // The focus goes to the list, or to the box for a new entry once the list is empty.
      window.setTimeout(() => (rest.length > 0 ? listRef.current : document.getElementById(timelineTextId(spec)))?.focus());
    } catch (err) {
      toast({ title: 'Error', description: failureText(err, 'Failed to delete the entry'), variant: 'destructive' });
    }
  }

  return (
    <div className="grid gap-4">
      {mayWrite && <AddForm spec={spec} onAdded={(entry) => onActivity([entry, ...list])} onDirtyChange={setDraftDirty} />}
      {activity === undefined ? (
        <p className="text-sm text-muted">Loading the activity...</p>
      ) : list.length === 0 ? (
        <p className="text-sm text-muted">{spec.emptyText}</p>
      ) : (
        <ol
          ref={listRef}
          tabIndex={-1}
          aria-label="Activity, newest first"
          className="relative grid before:absolute before:top-2 before:bottom-2 before:left-3.5 before:border-l before:border-default focus:outline-none"
        >
          {list.map((entry) => (
            <Entry
              key={entry.id}
              spec={spec}
              entry={entry}
              now={now}
              userId={userId}
              mayDelete={mayDelete}
              onSaved={(saved) => onActivity(list.map((a) => (a.id === saved.id ? saved : a)))}
              onDelete={setDeleting}
              onEditingChange={onEditingChange}
            />
          ))}
        </ol>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this entry?"
        description={`It is removed from the ${spec.noun}'s activity for everyone. This cannot be undone.`}
        cancelLabel="Keep it"
        confirmLabel="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
