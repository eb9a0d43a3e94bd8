import { useEffect, useRef, useState } from 'react';
import { CircleAlert, CircleCheck, ImageUp, LoaderCircle, RotateCcw, X } from 'lucide-react';
import type { MediaItem } from '@/lib/api-types';
import { cn } from '@/lib/cn';
import { AdminButton } from '@/components/ui/admin-button';
import { topmostDialog } from '@/components/ui/dialog';
import { formatBytes, imageSource } from './media-api';
import { percent, type Upload } from './upload-queue';
import type { Uploads } from './use-uploads';

/** The types the file chooser offers; the server decides what it takes, and says why it refuses a file. */
const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,.jpg,.jpeg,.png,.webp,.avif';

/** Whether a drag carries files (not text or a link dragged within the page). */
const carriesFiles = (e: React.DragEvent | DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files');

/** Whether el is in the topmost layer: the last dialog opened, or the page when none is open. */
function inTopLayer(el: HTMLElement): boolean {
  return el.closest('[role="dialog"], [role="alertdialog"]') === topmostDialog();
}

/**
 * Images pasted while the zone shows, wherever the focus is, but for a
 * zone under a dialog opened over it. A paste of text goes on as usual.
 */
function usePastedImages(zone: React.RefObject<HTMLElement | null>, add: (files: File[]) => void) {
  useEffect(() => {
    const onPaste = (e: ClipboardEvent) => {
      const files = Array.from(e.clipboardData?.files ?? []).filter((f) => f.type.startsWith('image/'));
      // A zone set aside (hidden) takes none.
      if (files.length === 0 || !zone.current || zone.current.closest('[hidden]') || !inTopLayer(zone.current)) return;
      e.preventDefault();
      add(files);
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [zone, add]);
}

/** A file dropped beside the zone does nothing, rather than the browser leaving the admin to show it. */
function useNoStrayDrops() {
  useEffect(() => {
    const stop = (e: DragEvent) => {
      if (carriesFiles(e)) e.preventDefault();
    };
    window.addEventListener('dragover', stop);
    window.addEventListener('drop', stop);
    return () => {
      window.removeEventListener('dragover', stop);
      window.removeEventListener('drop', stop);
    };
  }, []);
}

type UploadZoneProps = {
  uploads: Uploads;
  /** Opens an uploaded image's details. */
  onOpen?: (item: MediaItem) => void;
  /** A shorter zone, as in the picker. */
  compact?: boolean;
};

/**
 * Where images come in: dropped on the zone, pasted, or chosen with the
 * file chooser; below it each file's progress, then its image or the
 * reason it was refused. What a run of uploads came to is said politely to
 * screen readers.
 */
export function UploadZone({ uploads, onOpen, compact = false }: UploadZoneProps) {
  const zone = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  // Entering a child of the zone leaves the zone first: count, so the state holds.
  const depth = useRef(0);
  const [dragging, setDragging] = useState(false);
  const { queue, add } = uploads;
  usePastedImages(zone, add);
  useNoStrayDrops();
  const finished = queue.uploads.filter((u) => u.status === 'done' || u.status === 'failed').length;

  return (
    <div className="grid grid-cols-1 gap-3">
      <div
        ref={zone}
        role="group"
        aria-label="Upload images"
        data-dragging={dragging || undefined}
        onDragEnter={(e) => {
          if (!carriesFiles(e)) return;
          e.preventDefault();
          depth.current += 1;
          setDragging(true);
        }}
        onDragOver={(e) => {
          if (!carriesFiles(e)) return;
          e.preventDefault();
          e.dataTransfer.dropEffect = 'copy';
        }}
        onDragLeave={() => {
          depth.current = Math.max(0, depth.current - 1);
          if (depth.current === 0) setDragging(false);
        }}
        onDrop={(e) => {
          e.preventDefault();
          depth.current = 0;
          setDragging(false);
          add(Array.from(e.dataTransfer.files));
        }}
        className={cn(
          'flex flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed text-center transition-colors',
          compact ? 'flex-row gap-3 px-3 py-3 text-left sm:gap-4 sm:px-4 sm:py-4' : 'px-4 py-6 sm:py-10',
          dragging ? 'border-primary bg-primary/10' : 'border-strong bg-surface-muted/60',
        )}
      >
        <span
          className={cn(
            'flex size-11 shrink-0 items-center justify-center rounded-full',
            dragging ? 'bg-primary text-primary-foreground' : 'bg-surface text-muted ring-1 ring-default',
            compact && 'max-sm:hidden',
          )}
          aria-hidden="true"
        >
          <ImageUp className="size-5" />
        </span>
        <div className={cn('grid gap-0.5', compact && 'min-w-0 flex-1')}>
          <p className="text-sm font-medium text-default">{dragging ? 'Drop to upload' : 'Drop images here, paste, or choose files'}</p>
          <p className={cn('text-xs text-muted', compact && 'max-sm:hidden')}>JPEG, PNG, WebP or AVIF. Each image needs alt text, or to be marked decorative, before it is used.</p>
        </div>
        <AdminButton type="button" variant="outline" className="max-sm:h-11" onClick={() => input.current?.click()}>
          Choose files
        </AdminButton>
        <input
          ref={input}
          type="file"
          multiple
          accept={ACCEPT}
          // Reached through the button above: one control to the keyboard and to screen readers.
          aria-hidden="true"
          tabIndex={-1}
          className="sr-only"
          onChange={(e) => {
            add(Array.from(e.target.files ?? []));
            // The same file chosen again is a new upload.
            e.target.value = '';
          }}
        />
      </div>
      {queue.uploads.length > 0 && (
        <div className="grid grid-cols-1 gap-2">
          {finished > 1 && (
            <div className="flex justify-end">
              <AdminButton type="button" variant="ghost" size="sm" className="max-sm:h-11" onClick={uploads.clearFinished}>
                Clear finished
              </AdminButton>
            </div>
          )}
          <ul aria-label="Uploads" className="grid grid-cols-1 gap-2">
            {queue.uploads.map((u) => (
              <UploadRow key={u.id} upload={u} onOpen={onOpen} onRetry={() => uploads.retry(u.id)} onDismiss={() => uploads.dismiss(u.id)} />
            ))}
          </ul>
        </div>
      )}
      {/* The region stays; each summary is a new line in it, so that the same words twice are said twice. */}
      <div role="status" aria-live="polite" className="sr-only">
        <p key={queue.announced}>{queue.announcement}</p>
      </div>
    </div>
  );
}

const statusText: Record<Upload['status'], string> = {
  queued: 'Waiting',
  sending: 'Uploading',
  processing: 'Processing',
  done: 'Uploaded',
  failed: 'Not uploaded',
};

function UploadRow({ upload: u, onOpen, onRetry, onDismiss }: { upload: Upload; onOpen?: (item: MediaItem) => void; onRetry: () => void; onDismiss: () => void }) {
  const going = u.status === 'queued' || u.status === 'sending' || u.status === 'processing';
  const thumb = u.item ? imageSource(u.item, 64) : null;
  const pct = percent(u);
  return (
    <li aria-label={u.name} className={cn('grid grid-cols-1 gap-2 rounded-lg border px-3 py-2.5', u.status === 'failed' ? 'border-danger-line bg-danger-soft/60' : 'border-default bg-surface')}>
      <div className="flex items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-md bg-surface-sunken text-subtle" aria-hidden="true">
          {thumb ? (
            <img src={thumb.src} width={thumb.width} height={thumb.height} alt="" className="size-full object-cover" />
          ) : u.status === 'failed' ? (
            <CircleAlert className="size-5 text-danger" />
          ) : (
            <LoaderCircle className={cn('size-5', u.status !== 'queued' && 'animate-spin motion-reduce:animate-none')} />
          )}
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-default" title={u.name}>
            {u.name}
          </p>
          <p className="flex flex-wrap items-center gap-x-1.5 text-xs text-muted tabular-nums">
            <span>{formatBytes(u.size)}</span>
            <span aria-hidden="true">·</span>
            <span className={cn(u.status === 'done' && 'font-medium text-success', u.status === 'failed' && 'font-medium text-danger')}>
              {u.status === 'done' && <CircleCheck className="mr-1 inline size-3.5 align-[-2px]" aria-hidden="true" />}
              {statusText[u.status]}
              {u.status === 'sending' && ` ${pct}%`}
            </span>
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-1.5">
          {u.status === 'done' && u.item && onOpen && (
            <AdminButton type="button" variant="outline" size="sm" className="max-sm:h-11" onClick={() => u.item && onOpen(u.item)}>
              {u.item.usable ? 'Details' : 'Add alt text'}
              <span className="sr-only"> for {u.name}</span>
            </AdminButton>
          )}
          {u.status === 'failed' && u.retry && (
            <AdminButton type="button" variant="outline" size="sm" className="max-sm:h-11" onClick={onRetry}>
              <RotateCcw aria-hidden="true" />
              Retry<span className="sr-only"> {u.name}</span>
            </AdminButton>
          )}
          <AdminButton type="button" variant="ghost" size="icon" className="max-sm:size-11" aria-label={going ? `Cancel ${u.name}` : `Dismiss ${u.name}`} onClick={onDismiss}>
            <X aria-hidden="true" />
          </AdminButton>
        </div>
      </div>
      {going && (
        <div
          role="progressbar"
          aria-label={`Upload of ${u.name}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={pct}
          aria-valuetext={u.status === 'processing' ? 'Processing' : `${pct}%`}
          className="h-1.5 overflow-hidden rounded-full bg-surface-sunken"
        >
          <div className={cn('h-full rounded-full bg-primary transition-[width] duration-200', u.status === 'processing' && 'animate-pulse motion-reduce:animate-none')} style={{ width: `${pct}%` }} />
        </div>
      )}
      {u.note && going && <p className="text-xs text-warning">{u.note}</p>}
      {u.status === 'failed' && u.message && <p className="text-sm text-danger">{u.message}</p>}
    </li>
  );
}
