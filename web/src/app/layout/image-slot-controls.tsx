import { QueryClientProvider } from '@tanstack/react-query';
import { ImageOff, ImagePlus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { loadMedia, publicMedia } from '@/admin/media/media-api';
import { MediaPickerDialog } from '@/admin/media/media-picker';
import type { ImageSlotControlsProps } from '@/features/editable-text/editable-image';
import { acceptContent, failureMessage, findSavedText, restoreContent, saveContent, type SavedText } from '@/features/editable-text/save-content';
import { setSavedMedia } from '@/features/editable-text/saved-texts';
import { toast } from '@/lib/toast-store';
import { isApiError } from '@/lib/api-client';
import type { MediaItem } from '@/lib/api-types';
import { cn } from '@/lib/cn';
import { mediaRefId, mediaRefOf } from '@/lib/site-data';
import { editQueryClient } from './edit-query-client';

/** Makes sure the image a value names can show: one chosen by someone else is not in this page's data. */
async function keepImageOf(value: string | undefined): Promise<void> {
  const id = mediaRefId(value);
  if (id === undefined) return;
  try {
    setSavedMedia(publicMedia(await loadMedia(id)));
  } catch {
    // The picture this page knows, or the built-in one, shows instead.
  }
}

/**
 * Choosing the image a text names (`media:{id}`) and removing it, each
 * saved at once with Undo; an image someone else chose since the page
 * loaded is shown, not overwritten. label names the picture in messages,
 * without an article ("hero picture"); onRemoved runs once a removal is saved.
 */
export function useImageChoice(section: string, contentKey: string, label: string, onRemoved?: () => void) {
  const [busy, setBusy] = useState(false);

  async function run(task: () => Promise<string>, title: string) {
    setBusy(true);
    try {
      const before = await findSavedText(section, contentKey);
      const description = await task();
      const previous = before?.value;
      toast({
        title,
        description,
        action: { label: 'Undo', altText: `Undo the change to the ${label}`, onSelect: () => void undo(previous) },
      });
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  }

  function choose(item: MediaItem) {
    void run(async () => {
      setSavedMedia(publicMedia(item));
      const { drafted } = await saveContent(section, contentKey, mediaRefOf(item.id));
      return `“${item.name}” is now the ${label}.${drafted ? ' Saved as draft — publish it from the Publish panel.' : ''}`;
    }, 'Image changed');
  }

  function remove() {
    void run(async () => {
      await restoreContent(section, contentKey, undefined);
      onRemoved?.();
      return `The ${label} is back to the built-in one.`;
    }, 'Image removed');
  }

  async function undo(previous: string | undefined) {
    try {
      await restoreContent(section, contentKey, previous);
      toast({ title: 'Change undone', description: `The ${label} is as it was.` });
    } catch (err) {
      failed(err, 'Undo Failed');
    }
  }

  /** Says why a change was not saved; another editor's newer choice is taken, not overwritten. */
  function failed(err: unknown, title = 'Image not changed') {
    if (isApiError(err, 409) && err.conflict) {
      const theirs = (err.conflict.current as SavedText | null) ?? null;
      const by = err.conflict.changedBy || 'Someone else';
      void keepImageOf(theirs?.value).then(() => acceptContent(section, contentKey, theirs));
      toast({
        title,
        description: `${by} changed the ${label} after you opened the page. The page now shows their choice; change it again if it is still needed.`,
        variant: 'destructive',
      });
      return;
    }
    toast({ title, description: failureMessage(err), variant: 'destructive' });
  }

  return { busy, choose, remove };
}

/**
 * The controls of a picture in edit mode: Change (or a click on the
 * picture) opens the media library's picker, uploads included, and saves
 * the image chosen as the picture's text; Remove, shown while a library
 * image is in place, brings back the built-in picture.
 */
export function ImageSlotControls({ section, contentKey, label, current, size, children }: ImageSlotControlsProps) {
  const [picking, setPicking] = useState(false);
  const change = useRef<HTMLButtonElement>(null);
  // After a removal the Remove button is gone: the focus goes to Change once it is enabled again.
  const [refocus, setRefocus] = useState(false);
  const { busy, choose, remove } = useImageChoice(section, contentKey, label, () => setRefocus(true));
  useEffect(() => {
    if (refocus && !busy) {
      change.current?.focus();
      setRefocus(false);
    }
  }, [refocus, busy]);

  const badge = size === 'badge';
  const button = cn(
    'inline-flex items-center justify-center gap-1.5 rounded-full bg-ink/90 text-sm font-medium text-white shadow-lg ring-1 ring-white/20 transition hover:bg-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:opacity-60',
    badge ? 'size-9' : 'min-h-9 px-3',
  );
  return (
    <QueryClientProvider client={editQueryClient}>
      {/* A click on the picture opens the picker too; the keyboard has the Change button. */}
      <div
        onClick={(e) => {
          if (!busy && !(e.target as HTMLElement).closest('button')) setPicking(true);
        }}
        className="group/image relative cursor-pointer rounded-[inherit] outline-2 outline-offset-4 outline-transparent outline-dashed hover:outline-edit focus-within:outline-edit"
      >
        {children}
        <div data-image-controls className={cn('absolute z-10 flex gap-1.5', badge ? '-right-3 -bottom-3' : 'right-3 bottom-3')}>
          <button
            ref={change}
            type="button"
            disabled={busy}
            aria-label={`Change image: ${label}`}
            title={badge ? `Change image: ${label}` : undefined}
            onClick={() => setPicking(true)}
            className={button}
          >
            <ImagePlus aria-hidden="true" className="size-4" />
            {!badge && 'Change image'}
          </button>
          {current && (
            <button
              type="button"
              disabled={busy}
              aria-label={`Remove image: ${label}`}
              title={badge ? `Remove image: ${label}` : undefined}
              onClick={remove}
              className={button}
            >
              <ImageOff aria-hidden="true" className="size-4" />
              {!badge && 'Remove'}
            </button>
          )}
        </div>
      </div>
      <MediaPickerDialog open={picking} onOpenChange={setPicking} title={`Choose the ${label}`} current={current?.id} onChoose={choose} />
    </QueryClientProvider>
  );
}
