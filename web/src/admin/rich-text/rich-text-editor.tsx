import type { Editor } from '@tiptap/core';
import { EditorContent, ReactNodeViewRenderer, useEditor } from '@tiptap/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { allowedHref, type RichDoc } from '@/lib/rich-text';
import { MediaPickerDialog } from '../media/media-picker';
import { AdminButton } from '@/components/ui/admin-button';
import { ImageView } from './image-view';
import { bodyExtensions, pasteOptions, toStoredDoc } from './schema';
import { Toolbar, toolGroups } from './toolbar';

type RichTextEditorProps = {
  id: string;
  label: string;
  /** The document as JSON text; empty for a new one. */
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  describedBy?: string;
  placeholder?: string;
};

function parse(value: string): RichDoc | undefined {
  try {
    return value ? (JSON.parse(value) as RichDoc) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The rich-text field of a record's form (kind `richtext`): a page's body
 * as a document of headings, paragraphs, lists, quotes, bold, italic,
 * links and images of the media library. Its value is the document's JSON
 * as the server keeps it (toStoredDoc); a paste from Word or Google Docs
 * keeps only what the document can hold.
 */
export function RichTextEditor({ id, label, value, onChange, invalid, describedBy, placeholder = 'Write the text of the page...' }: RichTextEditorProps) {
  const [linking, setLinking] = useState<{ href: string; error: string } | null>(null);
  const [picking, setPicking] = useState(false);
  const linkInput = useRef<HTMLInputElement>(null);
  const linkId = useId();
  // The editor starts from the value it was opened with; later values are its own.
  const [initial] = useState(() => parse(value));
  const editor = useEditor({
    extensions: bodyExtensions({ placeholder, imageView: ReactNodeViewRenderer(ImageView) }),
    content: initial,
    editorProps: {
      ...pasteOptions,
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        // The field's error comes and goes after the editor is made: the
        // hook hands each render's options to the editor (before its view is
        // mounted too), so its textbox says so.
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        class: [
          'min-h-64 px-4 py-3 text-[0.9375rem] leading-7 text-default outline-none [&>*:first-child]:mt-0 [&_p]:my-2',
          '[&_h2]:mt-6 [&_h2]:mb-2 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-default',
          '[&_h3]:mt-5 [&_h3]:mb-1.5 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-default',
          '[&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-6 [&_li_p]:my-1',
          '[&_blockquote]:my-3 [&_blockquote]:border-l-4 [&_blockquote]:border-strong [&_blockquote]:pl-4 [&_blockquote]:text-body',
          '[&_a]:text-primary-strong [&_a]:underline [&_a]:underline-offset-2',
          '[&_p.is-editor-empty:first-child]:before:pointer-events-none [&_p.is-editor-empty:first-child]:before:float-left [&_p.is-editor-empty:first-child]:before:h-0 [&_p.is-editor-empty:first-child]:before:text-subtle [&_p.is-editor-empty:first-child]:before:content-[attr(data-placeholder)]',
        ].join(' '),
      },
      handleKeyDown: (_view, event) => {
        if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'k') {
          event.preventDefault();
          openLink();
          return true;
        }
        return false;
      },
    },
    onUpdate: ({ editor: e }) => onChange(JSON.stringify(toStoredDoc(e.getJSON()))),
  });
  // Escape in the link's address closes the address, not the dialog around
  // the form (whose own listener, on the document, would hear it first).
  const open = linking !== null;
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.target !== linkInput.current) return;
      e.preventDefault();
      e.stopPropagation();
      setLinking(null);
      editorRef.current?.commands.focus();
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, [open]);
  const editorRef = useRef<Editor | null>(null);
  editorRef.current = editor;
  const groups = useMemo(() => toolGroups({ link: () => openLink(), image: () => setPicking(true) }), []);

  function openLink() {
    const e = editorRef.current;
    if (!e) return;
    takeDOMSelection(e);
    setLinking({ href: String(e.getAttributes('link').href ?? ''), error: '' });
    setTimeout(() => linkInput.current?.focus(), 0);
  }

  function applyLink(ev?: React.FormEvent | React.KeyboardEvent) {
    ev?.preventDefault();
    if (!editor || !linking) return;
    const href = linking.href.trim();
    if (href === '') {
      editor.chain().focus().extendMarkRange('link').unsetMark('link').run();
      setLinking(null);
      return;
    }
    if (!allowedHref(href)) {
      setLinking({ href, error: 'Use an address starting with https://, http:// or mailto:, or a path of this site such as /blog.' });
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !editor.isActive('link')) {
      chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
    } else {
      // The linked words stay linked, not selected: what comes next (a word
      // typed, an image inserted) goes after them instead of replacing them.
      chain.setMark('link', { href }).run();
      editor.commands.setTextSelection(editor.state.selection.to);
    }
    setLinking(null);
  }

  if (!editor) return null;
  return (
    <div
      className={`overflow-clip rounded-lg border bg-surface shadow-xs focus-within:ring-2 ${invalid ? 'border-danger focus-within:ring-danger/20' : 'border-strong focus-within:border-focus focus-within:ring-focus/20'}`}
    >
      <Toolbar editor={editor} groups={groups} controls={id} />
      {linking && (
        <div role="group" aria-label="Link" className="flex flex-wrap items-start gap-2 border-b border-default bg-surface p-2">
          <label htmlFor={linkId} className="sr-only">
            Link address
          </label>
          <div className="min-w-0 flex-1 basis-56">
            <input
              ref={linkInput}
              id={linkId}
              type="text"
              inputMode="url"
              value={linking.href}
              placeholder="https://example.com or /blog"
              aria-invalid={linking.error ? true : undefined}
              aria-describedby={linking.error ? `${linkId}-error` : undefined}
              onChange={(e) => setLinking({ href: e.target.value, error: '' })}
              onKeyDown={(e) => {
                if (e.key === 'Enter') applyLink(e);
              }}
              className="h-9 w-full rounded-md border border-strong px-2.5 text-sm aria-invalid:border-danger focus-visible:outline-2 focus-visible:outline-focus"
            />
            {linking.error && (
              <p id={`${linkId}-error`} className="mt-1 text-xs text-danger">
                {linking.error}
              </p>
            )}
          </div>
          <div className="flex gap-2">
            <AdminButton type="button" size="sm" variant="primary" className="h-9" onClick={() => applyLink()}>
              Apply
            </AdminButton>
            {editor.isActive('link') && (
              <AdminButton
                type="button"
                size="sm"
                variant="outline"
                className="h-9"
                onClick={() => {
                  editor.chain().focus().extendMarkRange('link').unsetMark('link').run();
                  setLinking(null);
                }}
              >
                Remove link
              </AdminButton>
            )}
            <AdminButton
              type="button"
              size="sm"
              variant="ghost"
              className="h-9"
              onClick={() => {
                setLinking(null);
                editor.commands.focus();
              }}
            >
              Cancel
            </AdminButton>
          </div>
        </div>
      )}
      <EditorContent editor={editor} className="max-h-[60vh] overflow-y-auto" />
      <MediaPickerDialog
        open={picking}
        onOpenChange={setPicking}
        title="Choose an image for the text"
        onChoose={(item) => {
          editor
            .chain()
            .focus()
            .insertContent({ type: 'image', attrs: { mediaId: item.id, alt: item.decorative ? '' : item.altText } })
            .run();
        }}
      />
    </div>
  );
}

/**
 * Brings the browser's selection in the editor into the editor's state.
 * The editor reads it on the selectionchange event, which the browser
 * queues behind input: words selected with Shift+Home just before Ctrl+K
 * would otherwise still be a caret when the address is applied, and the
 * address would be inserted as text rather than link them.
 */
function takeDOMSelection(e: Editor) {
  const dom = document.getSelection();
  if (!dom?.anchorNode || !dom.focusNode || !e.view.dom.contains(dom.anchorNode) || !e.view.dom.contains(dom.focusNode)) return;
  const anchor = e.view.posAtDOM(dom.anchorNode, dom.anchorOffset);
  const head = e.view.posAtDOM(dom.focusNode, dom.focusOffset);
  const { selection } = e.state;
  if (anchor !== selection.anchor || head !== selection.head) e.commands.setTextSelection({ from: Math.min(anchor, head), to: Math.max(anchor, head) });
}
