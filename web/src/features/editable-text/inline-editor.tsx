import { useCallback, useId, useLayoutEffect, useRef, useState } from 'react';
import { toast } from '@/lib/toast-store';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { keptWhen } from '@/lib/kept-drafts';
import type { EditableTag } from './editable-text';
import { acceptContent, failureMessage as failure, findSavedText, resetContent, restoreContent, saveContent, savedDescription, type SavedText } from './save-content';
import { SharedNote, sharedNote } from './shared-note';
import { useTextDraft } from './text-drafts';
import { TextHistory } from './text-history';

type InlineEditorProps = {
  section: string;
  contentKey: string;
  as: EditableTag;
  multiline: boolean;
  className?: string;
  id?: string;
  /** The text on the page now. */
  text: string;
  /** The built-in copy, which Reset to default brings back. */
  fallback: string;
};

/** The look of the buttons beside a text: its field's, and the offer of a kept edit. */
const button =
  'rounded-md px-2.5 py-1 text-xs font-semibold shadow-sm ring-1 ring-strong transition focus-visible:outline-2 focus-visible:outline-focus max-sm:min-h-11 max-sm:min-w-11';

/** Another editor's save met by ours: their text (null: they reset it) and who they are. */
type Clash = { theirs: SavedText | null; by: string };

const emptyMessage = 'Type a text, or use Reset to default to bring back the built-in one.';

/**
 * A text of the public site that an admin in edit mode edits where it stands
 * (SPEC section 4). A click turns it into a field that wraps like the text;
 * Enter saves a single line, Ctrl+Enter a multi-line text, Escape cancels and
 * leaving the field saves. Nothing is sent when nothing changed; an empty
 * text is refused. A text someone else saved since this page loaded is not
 * overwritten: the editor sees theirs and chooses. An open edit is kept in
 * the browser until it is saved or cancelled, and offered back after a
 * reload, a crash or a link followed.
 */
export function InlineEditor({ section, contentKey, as: Tag, multiline, className, id, text, fallback }: InlineEditorProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(text);
  const [pending, setPending] = useState<string | null>(null);
  const [clash, setClash] = useState<Clash | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  // The text's history, open beside the field.
  const [history, setHistory] = useState(false);
  const historyButton = useRef<HTMLButtonElement>(null);
  const clashId = useId();
  const noteId = useId();
  // Set when the edit has been settled (saved or cancelled), so that the blur
  // that follows removing the field does not save a second time.
  const settled = useRef(false);
  const label = `Edit ${section} ${contentKey}`;
  const kept = useTextDraft(section, contentKey, text, editing, draft);
  // The text's element, editing or not; and whether the edit was settled
  // from inside it (Enter, Escape, its buttons), so that the focus goes
  // back to the text rather than to the top of the page.
  const shown = useRef<HTMLElement | null>(null);
  const keepShown = useCallback((el: HTMLElement | null) => {
    shown.current = el;
  }, []);
  const refocus = useRef(false);
  const focusInside = () => !!shown.current?.contains(document.activeElement);
  useLayoutEffect(() => {
    if (editing || !refocus.current) return;
    refocus.current = false;
    shown.current?.focus({ preventScroll: true });
  }, [editing]);

  // The field is as tall as its text, so a three-line heading is edited on three lines.
  useLayoutEffect(() => {
    const el = field.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${el.scrollHeight}px`;
  }, [draft, editing]);

  // A field opens with the caret after the text, ready to add to it.
  useLayoutEffect(() => {
    const el = field.current;
    if (editing && el) el.setSelectionRange(el.value.length, el.value.length);
  }, [editing]);

  /** Opens the field with the text shown, or with an edit kept from before. */
  function start(value = text) {
    settled.current = false;
    setDraft(value);
    setClash(null);
    setHistory(false);
    setEditing(true);
  }

  function cancel() {
    refocus.current = focusInside();
    settled.current = true;
    kept.forget();
    setClash(null);
    setEditing(false);
  }

  async function save(over?: SavedText | null) {
    if (settled.current && over === undefined) return;
    const value = multiline ? draft : draft.replace(/\s*\n\s*/g, ' ');
    if (value.trim() === '') {
      toast({ title: 'Text cannot be empty', description: emptyMessage, variant: 'destructive' });
      field.current?.focus();
      return;
    }
    settled.current = true;
    refocus.current = focusInside();
    if (value === text && over === undefined) {
      kept.forget();
      setEditing(false);
      return;
    }
    setEditing(false);
    setClash(null);
    setPending(value);
    const before = await findSavedText(section, contentKey).catch(() => undefined);
    try {
      const result = await saveContent(section, contentKey, value, over);
      kept.forget();
      toast({
        title: 'Content Updated',
        description: savedDescription(result, 'Changes saved successfully'),
        action: {
          label: 'Undo',
          altText: 'Undo the change of this text from its history',
          onSelect: () => void undo(before?.value),
        },
      });
    } catch (err) {
      if (isApiError(err, 409) && err.conflict) {
        // Keep the draft open beside their text, and let the editor choose.
        setDraft(value);
        setClash({ theirs: (err.conflict.current as SavedText | null) ?? null, by: err.conflict.changedBy || 'someone else' });
        settled.current = false;
        setEditing(true);
      } else {
        // What was typed stays in the field, to save again or cancel.
        toast({ title: 'Update Failed', description: failure(err), variant: 'destructive' });
        setDraft(value);
        settled.current = false;
        setEditing(true);
      }
    } finally {
      setPending(null);
    }
  }

  /** Brings back the text as it was before the last save: its earlier value, or the built-in copy. */
  async function undo(previous: string | undefined) {
    try {
      await restoreContent(section, contentKey, previous);
      toast({ title: 'Change undone', description: 'The text is back as it was.' });
    } catch (err) {
      toast({ title: 'Undo Failed', description: failure(err), variant: 'destructive' });
    }
  }

  async function reset() {
    settled.current = true;
    kept.forget();
    setEditing(false);
    setPending(fallback);
    const before = await findSavedText(section, contentKey).catch(() => undefined);
    try {
      const result = await resetContent(section, contentKey, fallback);
      toast({
        title: 'Text reset',
        description: savedDescription(result, 'The built-in text shows again.'),
        action: before && { label: 'Undo', altText: 'Undo the reset of this text', onSelect: () => void undo(before.value) },
      });
    } catch (err) {
      toast({ title: 'Update Failed', description: failure(err), variant: 'destructive' });
    } finally {
      setPending(null);
    }
  }

  const closeHistory = useCallback((returnFocus: boolean) => {
    setHistory(false);
    // Back to the field, where a second Escape closes the editor.
    if (returnFocus) field.current?.focus();
  }, []);

  function keepTheirs() {
    if (!clash) return;
    acceptContent(section, contentKey, clash.theirs);
    cancel();
  }

  if (editing) {
    // Buttons beside the field keep its focus, so that pressing one is not "leaving the field".
    const keepFocus = (e: React.MouseEvent) => e.preventDefault();
    return (
      <Tag
        ref={keepShown}
        id={id}
        className={className}
        data-content-section={section}
        data-content-key={contentKey}
        // Inside a link, no click of the editor follows it.
        onClick={(e) => {
          e.preventDefault();
          e.stopPropagation();
        }}
        // Leaving the editor saves; moving between the field and its buttons,
        // or into the open history, does not.
        onBlur={(e) => {
          if (!clash && !history && !e.currentTarget.contains(e.relatedTarget as Node | null)) void save();
        }}
      >
        <textarea
          ref={field}
          aria-label={label}
          aria-describedby={clash ? clashId : sharedNote(section, contentKey) ? noteId : undefined}
          className={cn(
            'block w-full resize-none overflow-hidden rounded-md border-2 border-edit bg-surface px-2 py-1 text-default shadow-sm outline-none [font:inherit] [letter-spacing:inherit] [text-align:inherit] [text-transform:inherit] focus:ring-2 focus:ring-edit/50',
            multiline && 'min-h-[100px]',
          )}
          rows={1}
          value={draft}
          autoFocus
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.preventDefault();
              // The open history closes first, then the editor.
              if (history) closeHistory(true);
              else cancel();
            } else if (e.key === 'Enter' && (!multiline || e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              void save();
            }
          }}
        />
        {clash && (
          <span
            id={clashId}
            role="alert"
            className="mt-2 block rounded-md bg-warning-soft p-3 text-left text-sm font-normal tracking-normal text-warning normal-case ring-1 ring-warning-line"
          >
            {clash.theirs ? (
              <>
                {clash.by} changed this text after you opened the page. Theirs: “{clash.theirs.value}”
              </>
            ) : (
              <>{clash.by} reset this text to the built-in one after you opened the page.</>
            )}
          </span>
        )}
        {!clash && <SharedNote id={noteId} section={section} contentKey={contentKey} />}
        <span className="mt-2 flex flex-wrap gap-2 text-left tracking-normal normal-case" role="group" aria-label="Text actions">
          {clash ? (
            <>
              <button type="button" className={cn(button, 'bg-edit-strong text-white ring-edit-strong')} onMouseDown={keepFocus} onClick={() => void save(clash.theirs)}>
                Save mine
              </button>
              <button type="button" className={cn(button, 'bg-surface text-default')} onMouseDown={keepFocus} onClick={keepTheirs}>
                Keep theirs
              </button>
            </>
          ) : (
            <>
              <button type="button" className={cn(button, 'bg-edit-strong text-white ring-edit-strong')} onMouseDown={keepFocus} onClick={() => void save()}>
                Save
              </button>
              <button type="button" className={cn(button, 'bg-surface text-default')} onMouseDown={keepFocus} onClick={cancel}>
                Cancel
              </button>
              <button type="button" className={cn(button, 'bg-surface text-default')} onMouseDown={keepFocus} onClick={() => void reset()}>
                Reset to default
              </button>
              <button
                ref={historyButton}
                type="button"
                aria-haspopup="dialog"
                aria-expanded={history}
                className={cn(button, history ? 'bg-ink text-white ring-white/40' : 'bg-surface text-default')}
                onMouseDown={keepFocus}
                onClick={() => setHistory((open) => !open)}
              >
                History
              </button>
            </>
          )}
        </span>
        {history && !clash && (
          <TextHistory
            section={section}
            contentKey={contentKey}
            fallback={fallback}
            unsaved={draft !== text}
            anchor={field}
            toggle={historyButton}
            onClose={closeHistory}
            onRestored={cancel}
            undo={(previous) => void undo(previous)}
          />
        )}
      </Tag>
    );
  }

  return (
    <Tag
      ref={keepShown}
      id={id}
      className={cn(
        className,
        'cursor-text rounded-sm outline-2 outline-offset-4 outline-edit/70 outline-dashed transition-colors hover:bg-edit/10',
        // The focused text stands out from the other editable ones: a solid ring of the focus colour.
        'focus-visible:bg-edit/10 focus-visible:outline-3 focus-visible:outline-focus focus-visible:outline-solid',
        pending !== null && 'opacity-70',
      )}
      data-content-section={section}
      data-content-key={contentKey}
      data-editable="true"
      title="Click to edit"
      tabIndex={0}
      aria-description="Editable: press Enter or click to edit"
      onClick={(e) => {
        // A text inside a link or button is edited, not followed.
        e.preventDefault();
        e.stopPropagation();
        start();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && e.target === e.currentTarget) {
          e.preventDefault();
          start();
        }
      }}
    >
      {pending ?? text}
      {kept.found && pending === null && (
        <span
          role="group"
          aria-label="Unsaved changes"
          className="mt-2 flex flex-wrap items-center gap-2 rounded-md bg-warning-soft px-2.5 py-1.5 text-left text-xs leading-5 font-normal tracking-normal text-warning normal-case ring-1 ring-warning-line"
        >
          <span>Restore your unsaved changes from {keptWhen(kept.found.savedAt)}?</span>
          <button
            type="button"
            className={cn(button, 'bg-edit-strong text-white ring-edit-strong')}
            onClick={(e) => {
              e.preventDefault();
              e.stopPropagation();
              const value = kept.found?.value;
              kept.dismiss();
              start(value);
            }}
          >
            Restore
          </button>
          <button
            type="button"
            className={cn(button, 'bg-surface text-default')}
            onClick={(e) => {
              e.preventDefault();
              e.stopPropagation();
              kept.forget();
            }}
          >
            Discard
          </button>
        </span>
      )}
    </Tag>
  );
}
