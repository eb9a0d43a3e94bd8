import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useId, useLayoutEffect, useRef, useState } from 'react';
import { loadMedia, publicMedia } from '@/admin/media/media-api';
import { RichText } from '@/components/marketing/rich-text';
import { clashNote, editableLook, HistoryToggle, opensEditor, primaryButton, RestoreOffer, secondaryButton, type Clash } from '@/features/editable-text/in-place-field';
import type { RecordBodyProps } from '@/features/editable-text/record-text';
import { failureMessage as failure } from '@/features/editable-text/save-content';
import { useFocusReturn } from '@/features/editable-text/focus-return';
import { useTextDraft } from '@/features/editable-text/text-drafts';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { docText, NODES, type DocNode, type RichDoc } from '@/lib/rich-text';
import type { SiteMedia } from '@/lib/site-data';
import { toast } from '@/lib/toast-store';
import { editQueryClient } from './edit-query-client';
import { RecordHistory } from './record-history';
import { acceptRecord, recordNouns, recordSavedDescription, saveRecordField, undoRecordSave, useShownRecord, type LoadedRecord, type RecordSave } from './save-record';

// The rich-text editor of the admin's page form: a chunk of its own, loaded
// when a body is first opened in place.
const RichTextEditor = lazy(() => import('@/admin/rich-text/rich-text-editor').then((m) => ({ default: m.RichTextEditor })));

/** The ids of the media library's images a body names. */
function imageIds(node: RichDoc | DocNode, out: number[] = []): number[] {
  if (node.type === NODES.image && node.attrs?.mediaId) out.push(Number(node.attrs.mediaId));
  for (const child of node.content ?? []) imageIds(child, out);
  return out;
}

/** The text nodes of root, in order. */
function textNodes(root: Node): Text[] {
  const out: Text[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) out.push(n as Text);
  return out;
}

/** How many characters of root's text come before the point (x, y) on the screen; null off its text. */
export function textOffsetAt(root: HTMLElement, x: number, y: number): number | null {
  // Firefox and the standard name it a position, Chrome and Safari a range.
  const position = document.caretPositionFromPoint?.(x, y);
  const range = position ? null : document.caretRangeFromPoint?.(x, y);
  const at = position ? { node: position.offsetNode, offset: position.offset } : range ? { node: range.startContainer, offset: range.startOffset } : null;
  if (!at || !root.contains(at.node) || at.node.nodeType !== Node.TEXT_NODE) return null;
  let offset = 0;
  for (const node of textNodes(root)) {
    if (node === at.node) return offset + at.offset;
    offset += node.length;
  }
  return null;
}

/** Puts the caret after the first offset characters of root's text; null when it has fewer. */
export function placeCaret(root: HTMLElement, offset: number): Range | null {
  let rest = offset;
  for (const node of textNodes(root)) {
    if (rest <= node.length) {
      const range = document.createRange();
      range.setStart(node, rest);
      range.collapse(true);
      const selection = window.getSelection();
      selection?.removeAllRanges();
      selection?.addRange(range);
      return range;
    }
    rest -= node.length;
  }
  return null;
}

function parse(text: string): RichDoc | null {
  try {
    return JSON.parse(text) as RichDoc;
  } catch {
    return null;
  }
}

/**
 * An article's text edited where it stands (record-body-text.tsx): a click,
 * or Enter on the focused text, opens the admin's rich-text editor in its
 * place, with Save (or Ctrl+Enter), Cancel (or Escape) and History. The
 * save is the record's, as for its other fields (record-field.tsx): from
 * the version loaded, a clash shown with theirs, Undo in the toast. An open
 * edit is kept in the browser until it is saved or cancelled.
 */
export function RecordBody({ record, doc, images: pageImages, attrs }: RecordBodyProps) {
  const saved = useShownRecord(record);
  const current = (saved?.body as RichDoc | undefined) ?? doc;
  const text = JSON.stringify(current);
  const [images, setImages] = useState<Record<string, SiteMedia>>(pageImages);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(text);
  // Grows when the editor must start again from a new value (a kept edit restored, theirs taken).
  const [generation, setGeneration] = useState(0);
  const [pending, setPending] = useState<RichDoc | null>(null);
  const [clash, setClash] = useState<Clash<LoadedRecord> | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const historyButton = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLDivElement | null>(null);
  // Where in the text a click opened the editor: how many characters came before it.
  const clicked = useRef<number | null>(null);
  const fieldId = useId();
  const clashId = useId();
  const noun = recordNouns[record.resource].one.toLowerCase();
  const kept = useTextDraft(`record-draft.${record.resource}/${JSON.stringify(record.match)}/body`, text, editing, draft);

  // After a save or a cancel from inside the editor, the focus goes back to the text.
  const noteFocus = useFocusReturn(box, editing);

  // An opened editor takes the focus once it has loaded.
  useLayoutEffect(() => {
    if (!editing) return;
    let frame = 0;
    const focus = () => {
      const field = box.current?.querySelector<HTMLElement>('[role="textbox"]');
      if (!field) {
        frame = requestAnimationFrame(focus);
        return;
      }
      if (field.contains(document.activeElement)) return;
      field.focus({ preventScroll: true });
      // The editor at the top of the screen, under the site's header: its
      // toolbar, its text (at most 60% of the screen high) and its buttons,
      // above the edit bar, in view.
      const top = box.current?.getBoundingClientRect().top ?? 80;
      if (Math.abs(top - 80) > 8) window.scrollBy({ top: top - 80, behavior: 'instant' });
      // The caret where the text was clicked, and the editor's text scrolled to show it.
      const caret = clicked.current === null ? null : placeCaret(field, clicked.current);
      clicked.current = null;
      const scroller = field.parentElement;
      if (caret && scroller) scroller.scrollTop += caret.getBoundingClientRect().top - scroller.getBoundingClientRect().top - scroller.clientHeight / 3;
    };
    focus();
    return () => cancelAnimationFrame(frame);
  }, [editing, generation]);

  function start(value = text) {
    setDraft(value);
    setGeneration((g) => g + 1);
    setClash(null);
    setHistoryOpen(false);
    setEditing(true);
  }

  function close() {
    noteFocus();
    setClash(null);
    setHistoryOpen(false);
    setEditing(false);
  }

  function cancel() {
    kept.forget();
    close();
  }

  /** Shows the images of the media library a saved body names that the page did not have. */
  async function showImages(body: RichDoc) {
    const missing = [...new Set(imageIds(body))].filter((id) => !images[String(id)]);
    const found = await Promise.all(missing.map((id) => loadMedia(id).then(publicMedia, () => null)));
    const add = Object.fromEntries(found.filter((m) => m !== null).map((m) => [String(m.id), m]));
    if (Object.keys(add).length > 0) setImages((was) => ({ ...was, ...add }));
  }

  async function undo(done: RecordSave) {
    try {
      await undoRecordSave(record, done);
      toast({ title: 'Change undone', description: `The ${noun} is back as it was.` });
    } catch (err) {
      toast({ title: 'Undo Failed', description: failure(err), variant: 'destructive' });
    }
  }

  async function save(over?: LoadedRecord | null) {
    const body = parse(draft);
    if (!body || docText(body).trim() === '') {
      toast({ title: 'Text cannot be empty', description: `Type a text: the text of an ${noun} cannot be empty.`, variant: 'destructive' });
      return;
    }
    if (draft === text && over === undefined) {
      cancel();
      return;
    }
    close();
    setPending(body);
    try {
      const done = await saveRecordField(record, 'body', body, current, over);
      kept.forget();
      void showImages(body);
      toast({
        title: 'Content Updated',
        description: recordSavedDescription(done),
        action: { label: 'Undo', altText: `Undo the change of this ${noun} from its history`, onSelect: () => void undo(done) },
      });
    } catch (err) {
      if (isApiError(err, 409) && err.conflict) {
        setClash({ theirs: (err.conflict.current as LoadedRecord | null) ?? null, by: err.conflict.changedBy || 'someone else' });
      } else {
        toast({ title: 'Update Failed', description: failure(err), variant: 'destructive' });
      }
      // What was typed stays in the editor, to save again or cancel.
      setEditing(true);
    } finally {
      setPending(null);
    }
  }

  function keepTheirs() {
    if (clash?.theirs) acceptRecord(record, clash.theirs);
    cancel();
  }

  const closeHistory = useCallback((returnFocus: boolean) => {
    setHistoryOpen(false);
    if (returnFocus) box.current?.querySelector<HTMLElement>('[role="textbox"]')?.focus();
  }, []);

  if (editing) {
    return (
      <div
        ref={box}
        {...attrs}
        data-record={record.resource}
        data-record-field="body"
        className="grid gap-3"
        onKeyDown={(e) => {
          // Keys in a dialog of the editor (the media picker) are the dialog's.
          if (!e.currentTarget.contains(e.target as Node)) return;
          if (e.key === 'Escape' && !e.defaultPrevented) {
            e.preventDefault();
            if (historyOpen) closeHistory(true);
            else cancel();
          } else if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            void save();
          }
        }}
      >
        <Suspense fallback={<p role="status" className="rounded-lg border border-default px-3 py-10 text-center text-sm text-muted">Loading the editor...</p>}>
          <QueryClientProvider client={editQueryClient}>
            <RichTextEditor
              key={generation}
              id={fieldId}
              label={`Edit ${noun} text`}
              value={draft}
              onChange={setDraft}
              describedBy={clash ? clashId : undefined}
              placeholder="Write the text of the article..."
            />
          </QueryClientProvider>
        </Suspense>
        {clash && (
          <p id={clashId} role="alert" className={clashNote}>
            {clash.theirs ? (
              <>{clash.by} changed this {noun} after you opened the page; Keep theirs shows their text.</>
            ) : (
              <>{clash.by} deleted this {noun} after you opened the page.</>
            )}
          </p>
        )}
        <div className="flex flex-wrap gap-2" role="group" aria-label="Text actions">
          {clash ? (
            <>
              {clash.theirs && (
                <button type="button" className={primaryButton} onClick={() => void save(clash.theirs)}>
                  Save mine
                </button>
              )}
              <button type="button" className={secondaryButton} onClick={keepTheirs}>
                Keep theirs
              </button>
            </>
          ) : (
            <>
              <button type="button" className={primaryButton} onClick={() => void save()}>
                Save
              </button>
              <button type="button" className={secondaryButton} onClick={cancel}>
                Cancel
              </button>
              <HistoryToggle open={historyOpen} onToggle={() => setHistoryOpen((open) => !open)} buttonRef={historyButton} />
            </>
          )}
        </div>
        {historyOpen && !clash && (
          <RecordHistory
            record={record}
            field="body"
            name="text"
            show={(v) => (typeof v === 'string' ? v : docText(v as unknown as RichDoc))}
            unsaved={draft !== text}
            // Beside its button, in view: the editor itself is too wide to have room beside it.
            anchor={historyButton}
            toggle={historyButton}
            onClose={closeHistory}
            onRestored={cancel}
            undo={(done) => void undo(done)}
          />
        )}
      </div>
    );
  }

  return (
    <div>
      {kept.found && pending === null && (
        <RestoreOffer kept={kept} className="mb-4" onRestore={start} />
      )}
      <RichText
        ref={box}
        doc={pending ?? current}
        images={images}
        {...attrs}
        className={cn(editableLook, pending !== null && 'opacity-70')}
        data-record={record.resource}
        data-record-field="body"
        {...opensEditor(() => start())}
        onClick={(e) => {
          // A link in the text is edited, not followed.
          e.preventDefault();
          clicked.current = textOffsetAt(e.currentTarget, e.clientX, e.clientY);
          start();
        }}
      />
    </div>
  );
}
