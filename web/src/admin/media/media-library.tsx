import { useState } from 'react';
import { ArchiveRestore } from 'lucide-react';
import type { MediaItem, Revision } from '@/lib/api-types';
import { DeletedDialog } from '../deleted-dialog';
import { HistoryDialog } from '../history-dialog';
import { useRecordEditor } from '../record-editor';
import { RowConflictDialog } from '../resource-tab';
import { TabCard } from '../tab-parts';
import { AdminButton } from '@/components/ui/admin-button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useMediaPage } from './media-api';
import { MediaBrowser } from './media-browser';
import { media, usesOf, UsesList } from './media-config';
import { MediaDetailsDialog } from './media-details';
import { UploadZone } from './upload-zone';
import { useUploads } from './use-uploads';

/**
 * The media library of the Images tab: uploads, the images (search, pages),
 * each image's details, history and delete, and the recently deleted. A
 * delete always asks first, naming where the image is used; its toast
 * offers Undo, as every write's does.
 */
export function MediaLibrary() {
  const editor = useRecordEditor(media);
  const uploads = useUploads();
  const [historyOf, setHistoryOf] = useState<MediaItem | null>(null);
  const [showDeleted, setShowDeleted] = useState(false);
  const [deleting, setDeleting] = useState<MediaItem | null>(null);
  const uses = deleting ? usesOf(deleting) : [];
  // The first page, as the grid loads it: once the library has images, the drop zone steps back.
  const hasImages = (useMediaPage(1, '').data?.total ?? 0) > 0;

  /** A restore from the history changes the image: its details, open under it, close. */
  async function restore(id: number, revision: Revision, version?: number) {
    const ok = await editor.restore(id, revision, version);
    if (ok && editor.dialog.record?.id === id) editor.setOpen(false);
    return ok;
  }

  return (
    <TabCard
      title={media.title}
      description={media.description}
      actions={
        <AdminButton variant="outline" onClick={() => setShowDeleted(true)}>
          <ArchiveRestore aria-hidden="true" />
          {/* An icon on a phone; the name stays for screen readers. */}
          <span className="max-sm:sr-only">Deleted uploads</span>
        </AdminButton>
      }
    >
      <div className="grid grid-cols-1 gap-6">
        <UploadZone uploads={uploads} onOpen={editor.openEdit} compact={hasImages} />
        <MediaBrowser idPrefix="media" onPick={editor.openEdit} />
      </div>
      <MediaDetailsDialog
        open={editor.dialog.open}
        item={editor.dialog.record}
        onOpenChange={editor.setOpen}
        pending={editor.saving}
        onSubmit={editor.submit}
        onDelete={setDeleting}
        onHistory={setHistoryOf}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? 'the image'}?`}
        description={
          uses.length > 0
            ? `Used in ${uses.length} ${uses.length === 1 ? 'place' : 'places'}:`
            : 'It is not used on the site. Undo, or Deleted uploads, brings it back.'
        }
        cancelLabel="Keep it"
        confirmLabel="Delete image"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          editor.setOpen(false);
          editor.remove(deleting);
          setDeleting(null);
        }}
      >
        {uses.length > 0 && (
          <div className="grid gap-3">
            <div className="max-h-48 overflow-y-auto rounded-lg border border-default p-3">
              <UsesList uses={uses} />
            </div>
            <p className="text-sm text-muted">Undo, or Deleted uploads, brings it back.</p>
          </div>
        )}
      </ConfirmDialog>
      <RowConflictDialog config={media} editor={editor} />
      <HistoryDialog config={media} record={historyOf} onClose={() => setHistoryOf(null)} onRestore={restore} restoring={editor.restoring} />
      <DeletedDialog config={media} open={showDeleted} onOpenChange={setShowDeleted} onRestore={editor.restore} restoring={editor.restoring} />
    </TabCard>
  );
}
