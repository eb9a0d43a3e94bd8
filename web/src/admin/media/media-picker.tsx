import { useState } from 'react';
import { ArrowLeft, TriangleAlert } from 'lucide-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-client';
import type { MediaItem } from '@/lib/api-types';
import { AdminButton } from '@/components/ui/admin-button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { editableFields, imageSource, isUsable, refreshMedia, saveMedia } from './media-api';
import { MediaBrowser } from './media-browser';
import { UploadZone } from './upload-zone';
import { useUploads } from './use-uploads';

export type MediaPickerProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title?: string;
  /** The image chosen, usable: with alt text or marked decorative. */
  onChoose: (item: MediaItem) => void;
  /** The id of the image in use now, marked in the grid. */
  current?: number;
};

/**
 * Chooses one image of the media library, or uploads new ones to choose
 * from. An image without alt text asks for it (or to be marked decorative)
 * here, and is saved so before it is chosen. Needs nothing of the admin's
 * dashboard: only a query client, so it also works lazily loaded on the
 * public site in edit mode.
 */
export function MediaPickerDialog({ open, onOpenChange, title = 'Choose an image', onChoose, current }: MediaPickerProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="pb-0 sm:max-w-5xl sm:pb-0">
        <div className="grid gap-1 pr-8">
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>Pick an image of the media library, or upload new ones. An image needs alt text, or to be marked decorative, before it is used.</DialogDescription>
        </div>
        {open && (
          <PickerBody
            current={current}
            onCancel={() => onOpenChange(false)}
            onChoose={(item) => {
              onChoose(item);
              onOpenChange(false);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function PickerBody({ current, onCancel, onChoose }: { current?: number; onCancel: () => void; onChoose: (item: MediaItem) => void }) {
  const client = useQueryClient();
  const [selected, setSelected] = useState<MediaItem | null>(null);
  // An image without alt text, chosen: the picker asks for it before going on.
  const [describing, setDescribing] = useState(false);
  const [altText, setAltText] = useState('');
  const [decorative, setDecorative] = useState(false);
  const [error, setError] = useState('');
  // A new upload is picked at once: it is most likely the one wanted.
  const uploads = useUploads((item) => pick(item));

  function pick(item: MediaItem) {
    setSelected(item);
    setAltText(item.altText);
    setDecorative(item.decorative);
    setError('');
  }

  const save = useMutation({
    mutationFn: (item: MediaItem) => saveMedia(item.id, { ...editableFields(item), altText: altText.trim(), decorative }, item.version),
    onSuccess: (saved) => {
      void refreshMedia(client);
      onChoose(saved);
    },
    onError: (err) => {
      if (isApiError(err) && err.conflict) {
        const theirs = err.conflict.current as MediaItem | null;
        void refreshMedia(client);
        setDescribing(false);
        if (theirs) {
          // Their version is the one to choose from now; what was typed stays.
          setSelected(theirs);
          setError(`${err.conflict.changedBy || 'Someone else'} changed this image meanwhile. Check it, then choose it again.`);
        } else {
          setSelected(null);
          setError('This image was deleted meanwhile. Choose another.');
        }
        return;
      }
      setError(isApiError(err) ? err.fieldErrors.altText || err.message : 'Could not save the alt text.');
    },
  });

  function choose() {
    if (!selected) return;
    if (selected.usable) onChoose(selected);
    else setDescribing(true);
  }

  function saveAndChoose(e: React.FormEvent) {
    e.preventDefault();
    if (!selected || save.isPending) return;
    if (!isUsable({ altText, decorative })) {
      setError('Describe the image, or mark it decorative.');
      document.getElementById('picker-alt')?.focus();
      return;
    }
    save.mutate(selected);
  }

  const foot = 'sticky bottom-0 -mx-4 flex flex-wrap items-center gap-2 border-t border-subtle bg-surface px-4 py-3 sm:-mx-6 sm:flex-nowrap sm:px-6 sm:py-4';
  return (
    <>
      {/* Kept while the alt text is asked for, so that Back finds the same page and search. */}
      <div hidden={describing} className="grid grid-cols-1 gap-4">
        <UploadZone uploads={uploads} compact />
        <MediaBrowser idPrefix="picker" onPick={pick} selectedId={selected?.id ?? null} currentId={current} />
        <div className={foot}>
          <p className="w-full min-w-0 truncate text-sm text-body sm:mr-auto sm:w-auto" aria-live="polite">
            {selected ? (
              <>
                Selected: <span className="font-medium text-default">{selected.name}</span>
              </>
            ) : (
              'No image selected'
            )}
          </p>
          {error && !describing && (
            <p role="alert" className="order-first w-full rounded-lg border border-danger-line bg-danger-soft px-3 py-2 text-sm text-danger">
              {error}
            </p>
          )}
          <AdminButton type="button" variant="outline" className="flex-1 max-sm:h-11 sm:flex-none" onClick={onCancel}>
            Cancel
          </AdminButton>
          <AdminButton type="button" variant="primary" className="flex-1 max-sm:h-11 sm:flex-none" disabled={!selected} onClick={choose}>
            Choose image
          </AdminButton>
        </div>
      </div>
      {describing && selected && (
        <form onSubmit={saveAndChoose} noValidate className="grid grid-cols-1 gap-4">
          <Describe item={selected} />
          <p className="flex gap-2 rounded-lg border border-warning-line bg-warning-soft px-3 py-2 text-sm text-warning">
            <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
            <span>
              <strong className="font-semibold">{selected.name}</strong> has no alt text yet. Describe it, or mark it decorative, to use it.
            </span>
          </p>
          <FormField id="picker-alt" label="Alt text" error={error || undefined} hint="Describe what the image shows for people who cannot see it.">
            <Textarea
              id="picker-alt"
              rows={3}
              maxLength={1000}
              className="min-h-20"
              autoFocus
              value={altText}
              disabled={decorative}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'picker-alt-error' : 'picker-alt-hint'}
              onChange={(e) => {
                setAltText(e.target.value.replace(/\r?\n|\r/g, ' '));
                setError('');
              }}
              onKeyDown={(e) => {
                // One line: Enter saves.
                if (e.key === 'Enter') {
                  e.preventDefault();
                  e.currentTarget.form?.requestSubmit();
                }
              }}
            />
          </FormField>
          <div className="flex min-h-11 items-center justify-between gap-3 rounded-lg border border-default px-3 py-2">
            <label htmlFor="picker-decorative" className="text-sm font-medium text-body">
              Decorative (no alt text needed)
            </label>
            <Switch
              id="picker-decorative"
              checked={decorative}
              onCheckedChange={(c) => {
                setDecorative(c);
                setError('');
              }}
            />
          </div>
          <div className={foot}>
            <AdminButton
              type="button"
              variant="outline"
              className="flex-1 max-sm:h-11 sm:mr-auto sm:flex-none"
              onClick={() => {
                setDescribing(false);
                setError('');
              }}
            >
              <ArrowLeft aria-hidden="true" />
              Back
            </AdminButton>
            <AdminButton type="submit" variant="primary" className="flex-1 max-sm:h-11 sm:flex-none" aria-disabled={save.isPending || undefined}>
              {save.isPending ? 'Saving...' : 'Save and choose'}
            </AdminButton>
          </div>
        </form>
      )}
    </>
  );
}

/** The image being described, large enough to describe. */
function Describe({ item }: { item: MediaItem }) {
  const src = imageSource(item, 640);
  return (
    <div className="flex justify-center rounded-lg bg-surface-sunken p-2">
      {src && <img src={src.src} width={src.width} height={src.height} alt="" className="block max-h-[35vh] w-auto max-w-full rounded-sm" />}
    </div>
  );
}
