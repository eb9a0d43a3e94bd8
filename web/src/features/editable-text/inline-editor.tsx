import { useRef, useState } from 'react';
import { toast } from '@/features/toast/toast-store';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import type { EditableTag } from './editable-text';
import { saveContent } from './save-content';
import { setSavedText } from './saved-texts';

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

/**
 * A text of the public site that an admin in edit mode edits where it stands
 * (SPEC section 4): a click turns it into an input (a textarea for multi-line
 * texts); Enter saves a single line, Ctrl+Enter a multi-line text, Escape
 * cancels and leaving the field saves. Nothing is sent when nothing changed.
 */
export function InlineEditor({ section, contentKey, as: Tag, multiline, className, id, text }: InlineEditorProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(text);
  const [pending, setPending] = useState<string | null>(null);
  // Set when the edit has been settled (saved or cancelled), so that the blur
  // that follows removing the field does not save a second time.
  const settled = useRef(false);
  const label = `Edit ${section} ${contentKey}`;

  function start() {
    settled.current = false;
    setDraft(text);
    setEditing(true);
  }

  function cancel() {
    settled.current = true;
    setEditing(false);
  }

  async function save() {
    if (settled.current) return;
    settled.current = true;
    setEditing(false);
    const value = draft;
    if (value === text) return;
    setPending(value);
    try {
      await saveContent(section, contentKey, value);
      setSavedText(section, contentKey, value);
      toast({ title: 'Content Updated', description: 'Changes saved successfully' });
    } catch (err) {
      toast({
        title: 'Update Failed',
        // The server's reason when it refused the text (a 4xx); else the general failure.
        description: isApiError(err) && err.status >= 400 && err.status < 500 ? err.message : 'Failed to update content',
        variant: 'destructive',
      });
    } finally {
      setPending(null);
    }
  }

  if (editing) {
    const field = cn(
      'w-full rounded-md border-2 border-emerald-500 bg-white px-2 py-1 text-slate-900 shadow-sm outline-none [font:inherit] focus:ring-2 focus:ring-emerald-300',
    );
    return (
      <Tag id={id} className={className} data-content-section={section} data-content-key={contentKey}>
        {multiline ? (
          <textarea
            aria-label={label}
            className={cn(field, 'block min-h-[100px] resize-y')}
            value={draft}
            autoFocus
            onChange={(e) => setDraft(e.target.value)}
            onBlur={() => void save()}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                e.preventDefault();
                cancel();
              } else if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                e.preventDefault();
                void save();
              }
            }}
          />
        ) : (
          <input
            aria-label={label}
            className={field}
            value={draft}
            autoFocus
            onChange={(e) => setDraft(e.target.value)}
            onBlur={() => void save()}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                e.preventDefault();
                cancel();
              } else if (e.key === 'Enter') {
                e.preventDefault();
                void save();
              }
            }}
          />
        )}
      </Tag>
    );
  }

  return (
    <Tag
      id={id}
      className={cn(
        className,
        'cursor-text rounded-sm outline-2 outline-offset-4 outline-emerald-500/70 outline-dashed transition-colors hover:bg-emerald-500/10',
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
    </Tag>
  );
}
