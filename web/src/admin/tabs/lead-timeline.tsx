import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { ArrowRightLeft, CalendarCheck, CalendarClock, CalendarX, Mail, NotebookText, Pencil, Phone, ShieldAlert, StickyNote, Trash2 } from 'lucide-react';
import { toast } from '@/lib/toast-store';
import { activityKinds, activityRule } from '../lib/admin-contracts';
import type { LeadActivity, LeadActivityKind } from '@/lib/api-types';
import { formatDate } from '@/lib/dates';
import { cn } from '@/lib/cn';
import {
  activitySummary,
  clearDraft,
  editableUntil,
  entryAuthor,
  isMeetingEntry,
  isStaffEntry,
  kindLabels,
  mayEdit,
  readDraft,
  relativeTime,
  useAddActivity,
  useDeleteActivity,
  useEditActivity,
  writeDraft,
  type ActivityDraft,
  type StaffKind,
} from '../lib/lead-activity';
import { failureText } from '../lib/leads';
import { AdminButton } from '@/components/ui/admin-button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

const kindIcons: Record<LeadActivityKind, typeof StickyNote> = {
  note: StickyNote,
  call: Phone,
  email: Mail,
  status: ArrowRightLeft,
  spam: ShieldAlert,
  notes: NotebookText,
  meeting: CalendarCheck,
  meeting_moved: CalendarClock,
  meeting_cancelled: CalendarX,
};

/** The id of the new entry's text box, for the lead dialog to give it the focus back. */
export const activityTextId = (leadId: number) => `lead-activity-text-${leadId}`;

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

type AddFormProps = {
  leadId: number;
  disabled: boolean;
  onAdded: (entry: LeadActivity) => void;
  onDirtyChange: (dirty: boolean) => void;
};

/**
 * The box a new entry is written in. What is typed is kept in the browser
 * (per lead) as it is typed, so that a reload, a closed dialog or a failed
 * save loses nothing; a save clears it.
 */
function AddForm({ leadId, disabled, onAdded, onDirtyChange }: AddFormProps) {
  const [draft, setDraft] = useState<ActivityDraft>(() => readDraft(leadId) ?? { kind: 'note', text: '' });
  const [error, setError] = useState('');
  const add = useAddActivity();
  const textId = activityTextId(leadId);
  const errorId = `${textId}-error`;
  const kindName = useId();

  const dirty = draft.text.trim() !== '';
  // A layout effect: the dialog knows of the draft before the next key (Escape) is handled.
  useLayoutEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  function change(next: ActivityDraft) {
    setDraft(next);
    writeDraft(leadId, next);
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
      const entry = await add.mutateAsync({ leadId, draft });
      clearDraft(leadId);
      setDraft({ kind: draft.kind, text: '' });
      onAdded(entry);
      toast({ title: 'Success', description: `${kindLabels[entry.kind]} saved` });
    } catch (err) {
      const why = failureText(err, '');
      setError(`Not saved${why ? ` (${why})` : ': the server could not be reached'}. Your text is still here; try again.`);
    }
  }

  return (
    <form onSubmit={save} className="grid gap-2" aria-label="Add to the activity">
      <fieldset className="flex flex-wrap items-center gap-x-3 gap-y-1" disabled={disabled}>
        <legend className="sr-only">Kind</legend>
        {activityKinds.map((k) => {
          const Icon = kindIcons[k.value as StaffKind];
          const checked = draft.kind === k.value;
          return (
            <label
              key={k.value}
              className={cn(
                'inline-flex cursor-pointer items-center gap-1.5 rounded-md border px-2.5 py-1 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-focus',
                checked ? 'border-primary bg-primary/10 text-primary-strong' : 'border-default text-muted hover:text-default',
              )}
            >
              <input
                type="radio"
                name={kindName}
                value={k.value}
                checked={checked}
                onChange={() => change({ ...draft, kind: k.value as StaffKind })}
                className="sr-only"
              />
              <Icon className="size-3.5" aria-hidden="true" />
              {k.label}
            </label>
          );
        })}
      </fieldset>
      <Label htmlFor={textId}>{draft.kind === 'note' ? 'Add note' : draft.kind === 'call' ? 'Log a call' : 'Log an e-mail'}</Label>
      <Textarea
        id={textId}
        value={draft.text}
        onChange={(e) => change({ ...draft, text: e.target.value })}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void save();
        }}
        maxLength={activityRule.max}
        disabled={disabled}
        placeholder="What happened, what comes next. Only staff see this."
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
        <AdminButton type="submit" variant="primary" size="sm" disabled={disabled}>
          {add.isPending ? 'Saving...' : `Save ${kindLabels[draft.kind].toLowerCase()}`}
        </AdminButton>
      </div>
    </form>
  );
}

type EntryProps = {
  entry: LeadActivity;
  now: number;
  userId: number | undefined;
  mayDelete: boolean;
  onSaved: (entry: LeadActivity) => void;
  onDelete: (entry: LeadActivity) => void;
  onEditingChange: (id: number, dirty: boolean) => void;
};

function Entry({ entry, now, userId, mayDelete, onSaved, onDelete, onEditingChange }: EntryProps) {
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState('');
  const edit = useEditActivity();
  const editRef = useRef<HTMLTextAreaElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const Icon = kindIcons[entry.kind] ?? StickyNote;
  const staff = isStaffEntry(entry);
  const editable = mayEdit(entry, userId, now);
  const edited = entry.updatedAt !== entry.createdAt;
  const summary = activitySummary(entry);
  const who = entryAuthor(entry);
  const editId = `activity-edit-${entry.id}`;

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
      const saved = await edit.mutateAsync({ entry, text: editing });
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
          <span className="text-xs text-muted">{kindLabels[entry.kind]}</span>
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
              Edit the {kindLabels[entry.kind].toLowerCase()}
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
          // A meeting entry's text is its owner, whom the summary names.
          entry.text && !isMeetingEntry(entry) && <p className="text-sm break-words whitespace-pre-line text-default">{entry.text}</p>
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
                Edit<span className="sr-only"> the {kindLabels[entry.kind].toLowerCase()} of {relativeTime(entry.createdAt, now)}</span>
              </AdminButton>
            )}
            {mayDelete && (
              <AdminButton variant="ghost" size="sm" className="text-danger hover:bg-danger-soft" onClick={() => onDelete(entry)}>
                <Trash2 aria-hidden="true" />
                Delete<span className="sr-only"> the {kindLabels[entry.kind].toLowerCase()} of {relativeTime(entry.createdAt, now)}</span>
              </AdminButton>
            )}
          </div>
        )}
      </div>
    </li>
  );
}

export type LeadTimelineProps = {
  leadId: number;
  /** The entries, newest first; undefined while the lead loads. */
  activity: LeadActivity[] | undefined;
  onActivity: (next: LeadActivity[]) => void;
  /** Whether the signed-in user may write entries (sales, administrators). */
  mayWrite: boolean;
  mayDelete: boolean;
  userId: number | undefined;
  /** Told whether something typed is not saved yet (a new entry or an edit). */
  onDirtyChange: (dirty: boolean) => void;
};

/** A lead's timeline: the box for a new note, call or e-mail, then every entry, newest first. */
export function LeadTimeline({ leadId, activity, onActivity, mayWrite, mayDelete, userId, onDirtyChange }: LeadTimelineProps) {
  const now = useNow();
  const [deleting, setDeleting] = useState<LeadActivity | null>(null);
  const del = useDeleteActivity();
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
      await del.mutateAsync(entry);
      const rest = list.filter((a) => a.id !== entry.id);
      onActivity(rest);
      toast({ title: 'Success', description: 'Entry deleted' });
      // The focus goes to the list, or to the box for a new entry once the list is empty.
      window.setTimeout(() => (rest.length > 0 ? listRef.current : document.getElementById(activityTextId(leadId)))?.focus());
    } catch (err) {
      toast({ title: 'Error', description: failureText(err, 'Failed to delete the entry'), variant: 'destructive' });
    }
  }

  return (
    <div className="grid gap-4">
      {mayWrite && <AddForm leadId={leadId} disabled={false} onAdded={(entry) => onActivity([entry, ...list])} onDirtyChange={setDraftDirty} />}
      {activity === undefined ? (
        <p className="text-sm text-muted">Loading the activity...</p>
      ) : list.length === 0 ? (
        <p className="text-sm text-muted">Nothing yet. Notes, calls, e-mails, status changes and booked meetings show here.</p>
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
        description="It is removed from the lead's activity for everyone. This cannot be undone."
        cancelLabel="Keep it"
        confirmLabel="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
