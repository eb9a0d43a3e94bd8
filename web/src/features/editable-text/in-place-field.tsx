import { Fragment, useCallback, useId, useLayoutEffect, useRef, useState } from 'react';
import { toast } from '@/lib/toast-store';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { keptWhen } from '@/lib/kept-drafts';
import type { EditableTag } from './editable-text';
import { failureMessage as failure } from './save-content';
import { useFocusReturn } from './focus-return';
import { useTextDraft } from './text-drafts';

/** The look of the buttons beside a field: its actions, and the offer of a kept edit. */
export const fieldButton =
  'rounded-md px-2.5 py-1 text-xs font-semibold shadow-sm ring-1 ring-strong transition focus-visible:outline-2 focus-visible:outline-focus max-sm:min-h-11 max-sm:min-w-11';

/** The look of the primary and the other buttons beside a field. */
export const primaryButton = cn(fieldButton, 'bg-edit-strong text-white ring-edit-strong');
export const secondaryButton = cn(fieldButton, 'bg-surface text-default');

/** What makes an element open its editor, besides a click: marked editable, focusable, named so, and opened by Enter. */
export function opensEditor(start: () => void) {
  return {
    'data-editable': 'true',
    title: 'Click to edit',
    tabIndex: 0,
    'aria-description': 'Editable: press Enter or click to edit',
    onKeyDown: (e: React.KeyboardEvent) => {
      if (e.key === 'Enter' && e.target === e.currentTarget) {
        e.preventDefault();
        start();
      }
    },
  };
}

type HistoryToggleProps = {
  open: boolean;
  onToggle: () => void;
  buttonRef: React.Ref<HTMLButtonElement>;
  onMouseDown?: (e: React.MouseEvent) => void;
};

/** The History button of an open editor, which opens the versions of its text beside it and closes them. */
export function HistoryToggle({ open, onToggle, buttonRef, onMouseDown }: HistoryToggleProps) {
  return (
    <button
      ref={buttonRef}
      type="button"
      aria-haspopup="dialog"
      aria-expanded={open}
      className={cn(fieldButton, open ? 'bg-ink text-white ring-white/40' : 'bg-surface text-default')}
      onMouseDown={onMouseDown}
      onClick={onToggle}
    >
      History
    </button>
  );
}

/** The look of an editable element in edit mode, not being edited: dashed, with a solid ring of the focus colour when focused. */
export const editableLook = cn(
  'cursor-text rounded-sm outline-2 outline-offset-4 outline-edit/70 outline-dashed transition-colors hover:bg-edit/10',
  // The focused text stands out from the other editable ones: a solid ring of the focus colour.
  'focus-visible:bg-edit/10 focus-visible:outline-3 focus-visible:outline-focus focus-visible:outline-solid',
);

/** The note of a clash, above the field's buttons. */
export const clashNote =
  'mt-2 block rounded-md bg-warning-soft p-3 text-left text-sm font-normal tracking-normal text-warning normal-case ring-1 ring-warning-line';

/** What useTextDraft found kept in the browser, and how to stop offering it or forget it. */
type KeptText = ReturnType<typeof useTextDraft>;

/**
 * The offer of an edit kept from a closed tab or a reload: Restore opens the
 * field with it (onRestore), Discard forgets it; nothing when nothing was
 * kept. A press stops at its button, so that it never reaches the text
 * beneath.
 */
export function RestoreOffer({ kept, onRestore, className }: { kept: KeptText; onRestore: (value: string) => void; className?: string }) {
  const found = kept.found;
  if (!found) return null;
  const press = (act: () => void) => (e: React.MouseEvent) => {
    e.preventDefault();
    e.stopPropagation();
    act();
  };
  return (
    <span
      role="group"
      aria-label="Unsaved changes"
      className={cn('flex flex-wrap items-center gap-2 rounded-md bg-warning-soft px-2.5 py-1.5 text-xs leading-5 text-warning ring-1 ring-warning-line', className)}
    >
      <span>Restore your unsaved changes from {keptWhen(found.savedAt)}?</span>
      <button
        type="button"
        className={primaryButton}
        onClick={press(() => {
          kept.dismiss();
          onRestore(found.value);
        })}
      >
        Restore
      </button>
      <button type="button" className={secondaryButton} onClick={press(kept.forget)}>
        Discard
      </button>
    </span>
  );
}

/** Another editor's save met by ours: their version (null: they reset or deleted it) and who they are. */
export type Clash<T> = { theirs: T | null; by: string };

/** The history panel beside a field, as an in-place field opens it. */
export type HistorySlot = {
  /** Whether the field holds a change not saved yet, which a restore drops. */
  unsaved: boolean;
  anchor: React.RefObject<HTMLElement | null>;
  toggle: React.RefObject<HTMLElement | null>;
  onClose: (returnFocus: boolean) => void;
  /** A version is back on the page: the field closes. */
  onRestored: () => void;
};

export type InPlaceFieldProps<T> = {
  as: EditableTag;
  className?: string;
  /** Classes of the element while it is edited, over className (a text alone in a box of its own takes the width there is). */
  editingClassName?: string;
  id?: string;
  /** The element's attributes besides its class and id: the data attributes that say what it edits, a time's dateTime. */
  attrs: Record<string, string>;
  /** The field's accessible name. */
  label: string;
  /** Edited over several lines, saved with Ctrl+Enter; else one line, saved with Enter. */
  multiline: boolean;
  /** A date (YYYY-MM-DD) is chosen in a date field; up to `max` when given. */
  input?: 'text' | 'date';
  max?: string;
  /** The value on the page now, as the field edits it. */
  text: string;
  /** How a value shows on the page; the value itself by default. */
  show?: (value: string) => React.ReactNode;
  /** Where an open edit is kept in the browser (text-drafts.ts). */
  keptKey: string;
  /** Checks a value before it is sent: a message refuses it and keeps the field open. */
  check?: (value: string) => { title: string; description: string } | null;
  /** Saves the value; over is the other's version the editor chose to overwrite. Rejects with an ApiError, a 409 carrying theirs. */
  save: (value: string, over?: T | null) => Promise<void>;
  /** The editor keeps the other's version: the page shows it, and the next save starts from it. */
  keepTheirs: (theirs: T | null) => void;
  /** What the clash says, above Save mine and Keep theirs. */
  clashMessage: (clash: Clash<T>) => React.ReactNode;
  /** Whether Save mine is offered: not over a record deleted meanwhile. */
  mayOverwrite?: (clash: Clash<T>) => boolean;
  /** Reset to default: the value the page shows meanwhile, and the reset. */
  reset?: { value: string; run: () => Promise<void> };
  /** A note under the field (its id describes the field); null for none. */
  note?: (id: string) => React.ReactNode;
  /** The history panel, beside the field while History is pressed. */
  history?: (slot: HistorySlot) => React.ReactNode;
};

/**
 * An element of the public site that an admin in edit mode edits where it
 * stands (SPEC section 4): a text of the site (inline-editor.tsx) or a field
 * of a record (record-field.tsx). A click, or Enter on the focused element,
 * turns it into a field that wraps like the text; Enter saves a single line,
 * Ctrl+Enter a multi-line text, Escape cancels and leaving the field saves.
 * Nothing is sent when nothing changed. A value someone else saved since
 * this page loaded is not overwritten: the editor sees theirs and chooses.
 * An open edit is kept in the browser until it is saved or cancelled, and
 * offered back after a reload, a crash or a link followed. After a save or
 * a cancel from inside it, the focus goes back to the element.
 */
export function InPlaceField<T>(props: InPlaceFieldProps<T>) {
  const { as: Tag, className, id, attrs, label, multiline, input = 'text', max, text, show = (v: string) => v, keptKey, check, history } = props;
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(text);
  const [pending, setPending] = useState<string | null>(null);
  const [clash, setClash] = useState<Clash<T> | null>(null);
  const field = useRef<HTMLTextAreaElement & HTMLInputElement>(null);
  // The history, open beside the field.
  const [historyOpen, setHistoryOpen] = useState(false);
  const historyButton = useRef<HTMLButtonElement>(null);
  const clashId = useId();
  const noteId = useId();
  // Set when the edit has been settled (saved or cancelled), so that the blur
  // that follows removing the field does not save a second time.
  const settled = useRef(false);
  const kept = useTextDraft(keptKey, text, editing, draft);
  // The element, editing or not; and whether the edit was settled from
  // inside it (Enter, Escape, its buttons), so that the focus goes back to
  // the element rather than to the top of the page.
  const shown = useRef<HTMLElement | null>(null);
  const keepShown = useCallback((el: HTMLElement | null) => {
    shown.current = el;
  }, []);
  const noteFocus = useFocusReturn(shown, editing);

  // The field is as tall as its text, so a three-line heading is edited on three lines.
  useLayoutEffect(() => {
    const el = field.current;
    if (!el || el.tagName !== 'TEXTAREA') return;
    el.style.height = 'auto';
    el.style.height = `${el.scrollHeight}px`;
  }, [draft, editing]);

  // A field opens with the caret after the text, ready to add to it.
  useLayoutEffect(() => {
    const el = field.current;
    if (editing && el && el.tagName === 'TEXTAREA') el.setSelectionRange(el.value.length, el.value.length);
  }, [editing]);

  /** Opens the field with the value shown, or with an edit kept from before. */
  function start(value = text) {
    settled.current = false;
    setDraft(value);
    setClash(null);
    setHistoryOpen(false);
    setEditing(true);
  }

  function cancel() {
    noteFocus();
    settled.current = true;
    kept.forget();
    setClash(null);
    setEditing(false);
  }

  async function save(over?: T | null) {
    if (settled.current && over === undefined) return;
    const value = multiline ? draft : draft.replace(/\s*\n\s*/g, ' ');
    const refused = check?.(value);
    if (refused) {
      toast({ ...refused, variant: 'destructive' });
      field.current?.focus();
      return;
    }
    settled.current = true;
    noteFocus();
    if (value === text && over === undefined) {
      kept.forget();
      setEditing(false);
      return;
    }
    setEditing(false);
    setClash(null);
    setPending(value);
    try {
      await props.save(value, over);
      kept.forget();
    } catch (err) {
      if (isApiError(err, 409) && err.conflict) {
        // Keep the draft open beside their version, and let the editor choose.
        setDraft(value);
        setClash({ theirs: (err.conflict.current as T | null) ?? null, by: err.conflict.changedBy || 'someone else' });
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

  async function reset() {
    if (!props.reset) return;
    settled.current = true;
    kept.forget();
    setEditing(false);
    setPending(props.reset.value);
    try {
      await props.reset.run();
    } finally {
      setPending(null);
    }
  }

  const closeHistory = useCallback((returnFocus: boolean) => {
    setHistoryOpen(false);
    // Back to the field, where a second Escape closes the editor.
    if (returnFocus) field.current?.focus();
  }, []);

  function keepTheirs() {
    if (!clash) return;
    props.keepTheirs(clash.theirs);
    cancel();
  }

  // A list edits its items in one field, which a list may not hold: it stands in a div meanwhile.
  const EditTag = Tag === 'ul' ? 'div' : Tag;
  if (editing) {
    // Buttons beside the field keep its focus, so that pressing one is not "leaving the field".
    const keepFocus = (e: React.MouseEvent) => e.preventDefault();
    const note = clash ? null : (props.note?.(noteId) ?? null);
    const onKeyDown = (e: React.KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        // The open history closes first, then the editor.
        if (historyOpen) closeHistory(true);
        else cancel();
      } else if (e.key === 'Enter' && (!multiline || e.ctrlKey || e.metaKey)) {
        e.preventDefault();
        void save();
      }
    };
    const describedBy = clash ? clashId : note ? noteId : undefined;
    const fieldClass = cn(
      'block w-full resize-none overflow-hidden rounded-md border-2 border-edit bg-surface px-2 py-1 text-default shadow-sm outline-none [font:inherit] [letter-spacing:inherit] [text-align:inherit] [text-transform:inherit] focus:ring-2 focus:ring-edit/50',
      multiline && 'min-h-[100px]',
    );
    return (
      <EditTag
        ref={keepShown}
        id={id}
        className={props.editingClassName ? cn(className, props.editingClassName) : className}
        {...attrs}
        // Inside a link, no click of the editor follows it.
        onClick={(e) => {
          e.preventDefault();
          e.stopPropagation();
        }}
        // Leaving the editor saves; moving between the field and its buttons,
        // or into the open history, does not, nor does the window losing
        // focus (another tab or program, the browser's "Leave site?"
        // question): the field stays open, its edit kept in the browser.
        onBlur={(e) => {
          if (!document.hasFocus()) return;
          if (!clash && !historyOpen && !e.currentTarget.contains(e.relatedTarget as Node | null)) void save();
        }}
      >
        {input === 'date' ? (
          <input
            ref={field}
            type="date"
            aria-label={label}
            aria-describedby={describedBy}
            className={cn(fieldClass, 'w-auto max-w-full')}
            max={max}
            value={draft}
            autoFocus
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={onKeyDown}
          />
        ) : (
          <textarea
            ref={field}
            aria-label={label}
            aria-describedby={describedBy}
            className={fieldClass}
            rows={1}
            value={draft}
            autoFocus
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={onKeyDown}
          />
        )}
        {clash && (
          <span id={clashId} role="alert" className={clashNote}>
            {props.clashMessage(clash)}
          </span>
        )}
        {note}
        <span className="mt-2 flex flex-wrap gap-2 text-left tracking-normal normal-case" role="group" aria-label="Text actions">
          {clash ? (
            <>
              {(props.mayOverwrite?.(clash) ?? true) && (
                <button type="button" className={primaryButton} onMouseDown={keepFocus} onClick={() => void save(clash.theirs)}>
                  Save mine
                </button>
              )}
              <button type="button" className={secondaryButton} onMouseDown={keepFocus} onClick={keepTheirs}>
                Keep theirs
              </button>
            </>
          ) : (
            <>
              <button type="button" className={primaryButton} onMouseDown={keepFocus} onClick={() => void save()}>
                Save
              </button>
              <button type="button" className={secondaryButton} onMouseDown={keepFocus} onClick={cancel}>
                Cancel
              </button>
              {props.reset && (
                <button type="button" className={secondaryButton} onMouseDown={keepFocus} onClick={() => void reset()}>
                  Reset to default
                </button>
              )}
              {history && (
                <HistoryToggle open={historyOpen} onToggle={() => setHistoryOpen((open) => !open)} buttonRef={historyButton} onMouseDown={keepFocus} />
              )}
            </>
          )}
        </span>
        {historyOpen &&
          !clash &&
          history?.({ unsaved: draft !== text, anchor: field, toggle: historyButton, onClose: closeHistory, onRestored: cancel })}
      </EditTag>
    );
  }

  // In a list, the offer of a kept edit is an item of its own.
  const Offer = Tag === 'ul' ? 'li' : Fragment;
  return (
    <Tag
      ref={keepShown}
      id={id}
      className={cn(className, editableLook, pending !== null && 'opacity-70')}
      {...attrs}
      {...opensEditor(() => start())}
      onClick={(e) => {
        // A text inside a link or button is edited, not followed.
        e.preventDefault();
        e.stopPropagation();
        start();
      }}
    >
      {show(pending ?? text)}
      {kept.found && pending === null && (
        <Offer>
          <RestoreOffer kept={kept} className="mt-2 text-left font-normal tracking-normal normal-case" onRestore={start} />
        </Offer>
      )}
    </Tag>
  );
}
