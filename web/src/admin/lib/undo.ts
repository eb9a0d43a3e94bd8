import { toast } from '@/lib/toast-store';
import { ApiError, isApiError } from '@/lib/api-client';
import type { ContentDraft, Revision } from '@/lib/api-types';
import { adminData } from './admin-api';
import { draftsUrl } from './publishing';
import { deleteRecord, listRevisions, restoreRevision, updateRecord, type RecordResource } from './resources';

// Undo of the last write, from the record's revisions: an update, publish
// or restore goes back to the revision before it, a delete is restored, a
// create is deleted. Each undo sends the version the write left, so it
// never undoes a change someone made since.

/** What a write did to one record, and the version it left (for a delete: the version deleted). */
export type Write = {
  resource: RecordResource | 'site-settings';
  id: number;
  kind: 'create' | 'update' | 'delete';
  version: number;
};

/** The revision a change that left the record at version goes back to. */
export function revisionBefore(revisions: Revision[], version: number): Revision | undefined {
  return revisions.find((r) => r.version === version - 1);
}

/** The delete revision that a restore of a deleted record brings back: the newest, if it is one. */
export function lastDeletion(revisions: Revision[]): Revision | undefined {
  return revisions[0]?.action === 'delete' ? revisions[0] : undefined;
}

const changedSince = () => new ApiError({ status: 409, message: 'It was changed again since.' });

/** Undoes the write; rejects when the record has moved on since. */
export async function undoWrite({ resource, id, kind, version }: Write): Promise<void> {
  if (kind === 'create') {
    if (resource === 'site-settings') throw changedSince();
    await deleteRecord(resource, id, version);
    return;
  }
  const revisions = await listRevisions(resource, id);
  if (kind === 'delete') {
    const deletion = lastDeletion(revisions);
    if (!deletion) throw changedSince();
    await restoreRevision(resource, id, deletion.id);
    return;
  }
  const before = revisionBefore(revisions, version);
  if (!before) throw changedSince();
  if (before.action === 'delete' && resource !== 'site-settings') {
    // The write restored a deleted record: undoing it deletes it again.
    await deleteRecord(resource, id, version);
    return;
  }
  await restoreRevision(resource, id, before.id, version);
}

const undoneText: Record<Write['kind'], (noun: string) => string> = {
  create: (noun) => `${noun} deleted again`,
  update: (noun) => `${noun} is back as it was`,
  delete: (noun) => `${noun} restored`,
};

/**
 * Undoes a write kept as a record's draft (drafts mode): its pending draft
 * goes back to what it was before, before being the draft's value then
 * (null: a delete) or undefined when it had none (the draft is dropped).
 * version is the record's, which a draft leaves as it is.
 */
export async function undoDraft(resource: RecordResource, id: number, version: number, before: string | undefined): Promise<void> {
  if (before === undefined) {
    const drafts = await adminData<ContentDraft[]>('GET', draftsUrl);
    const draft = drafts.find((d) => d.resource === resource && d.recordId === id);
    if (!draft) throw changedSince();
    await adminData('POST', `${draftsUrl}/discard`, { body: { ids: [draft.id] } });
    return;
  }
  const value = JSON.parse(before) as object | null;
  if (value === null) await deleteRecord(resource, id, version, 'draft');
  else await updateRecord(resource, id, { ...value, version }, version, 'draft');
}

type UndoToast = {
  /** The toast's title: Success, or Saved as draft. */
  title?: string;
  description: string;
  /** The record's noun ("Menu item"), for the toast after the undo. */
  noun: string;
  write: Write;
  /** Another way to undo, for screen reader users (Radix's altText). */
  altText: string;
  /** After the undo, whether it worked or not: load afresh what it changed. */
  onSettled: () => unknown;
  /** The undo, when it is not the write's own (undoWrite): a draft's. */
  undo?: () => Promise<void>;
};

/** The success toast of a write, with Undo for as long as it shows. */
export function toastWithUndo({ title = 'Success', description, noun, write, altText, onSettled, undo = () => undoWrite(write) }: UndoToast): void {
  toast({
    title,
    description,
    action: {
      label: 'Undo',
      altText,
      onSelect: () => {
        undo()
          .then(
            () => toast({ title: 'Undone', description: undoneText[write.kind](noun) }),
            (err: unknown) =>
              toast({
                title: 'Error',
                description: `Could not undo: ${isApiError(err) && err.status > 0 ? err.message : 'the server could not be reached.'}`,
                variant: 'destructive',
              }),
          )
          .finally(() => void onSettled());
      },
    },
  });
}
