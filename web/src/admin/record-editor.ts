import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast-store';
import { isApiError, isUnauthorized, type Conflict } from '@/lib/api-client';
import type { Revision } from '@/lib/api-types';
import { createRecord, deleteRecord, goneConflict, recordAction, resourceURL, restoreRevision, updateRecord, type VersionedRecord } from './lib/resources';
import { draftedResources } from './lib/admin-contracts';
import { initialValues } from './lib/fields';
import { draftsUrl, useDrafts, usePublishingSettings } from './lib/publishing';
import { toastWithUndo, undoDraft, type Write } from './lib/undo';
import type { SaveOptions } from './record-dialog';
import { resourceMessages, type RecordCommand, type ResourceConfig } from './resource-config';

/** Whether the publishing mode keeps the updates of resource as drafts. */
export function useKeepsDrafts(resource: string): boolean {
  const drafted = draftedResources.includes(resource);
  const mode = usePublishingSettings(drafted).data?.mode;
  return drafted && (mode === 'drafts' || mode === 'approval');
}

/** A delete or a row action that met a newer version: the record as the user saw it, and the conflict. */
export type RowConflict<T> = { record: T; command?: RecordCommand<T>; conflict: Conflict };

/**
 * The add, edit, delete and other actions of one kind of record, with the
 * toasts of SPEC section 8: "<Noun> created/updated/deleted successfully"
 * and the failures. The list loads afresh after each write. Every write
 * sends the version it started from; one that meets a newer version is a
 * conflict for the user to settle, never a silent overwrite.
 */
export function useRecordEditor<T extends VersionedRecord>(config: ResourceConfig<T>) {
  const { resource, noun } = config;
  const messages = resourceMessages(config);
  const client = useQueryClient();
  const keepsDrafts = useKeepsDrafts(resource);
  // draft: the values a new record's form starts from, besides the defaults.
  const [dialog, setDialog] = useState<{ open: boolean; record?: T; draft?: Partial<T> }>({ open: false });
  const [rowConflict, setRowConflict] = useState<RowConflict<T> | null>(null);
  // The list, and any history or recently deleted list of the resource.
  const refresh = () => client.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(resourceURL(resource)) });
  const lower = noun.toLowerCase();
  const altText: Record<Write['kind'], string> = {
    create: `Delete the ${lower} with its row's Delete button`,
    update: `Open the ${lower}'s History to go back to an earlier version`,
    delete: `Restore the ${lower} from Recently deleted`,
  };
  /** The success toast of a write, with Undo. */
  const done = (description: string, write: Omit<Write, 'resource'>) =>
    toastWithUndo({ description, noun, write: { resource, ...write }, altText: altText[write.kind], onSettled: refresh });
  // The pending drafts, so that Undo of a write kept as a draft brings back the draft it replaced.
  const drafts = useDrafts(keepsDrafts);
  const draftOf = (id: number) => drafts.data?.find((d) => d.resource === resource && d.recordId === id)?.value;
  const refreshDrafts = () => Promise.all([refresh(), client.invalidateQueries({ queryKey: [draftsUrl] })]);
  /** The toast of a write kept as a draft, whose Undo puts back the draft before it (before: none). */
  const drafted = (description: string, write: Omit<Write, 'resource'>, before: string | undefined) =>
    toastWithUndo({
      title: 'Saved as draft',
      description,
      noun,
      write: { resource, ...write },
      altText: `Discard the draft in the Publish panel`,
      onSettled: refreshDrafts,
      // A new record waits hidden: its Undo deletes it, with its draft.
      undo: write.kind === 'create' ? undefined : () => undoDraft(resource, write.id, write.version, before),
    });

  /**
   * The failure toast, but for a conflict, which its dialog shows. The list
   * loads afresh after either: a record deleted elsewhere (404) leaves it.
   * Signed out (the user gave up signing in again), nothing loads: a load
   * refused would end the session, and the draft on screen with it.
   */
  const failed = (err: unknown, failure: string) => {
    if (isUnauthorized(err)) {
      toast({ title: 'Error', description: failure, variant: 'destructive' });
      return;
    }
    if (isApiError(err, 404)) toast({ title: 'Error', description: `${failure}: it was deleted elsewhere. The list is up to date now.`, variant: 'destructive' });
    else if (!(isApiError(err) && err.conflict)) toast({ title: 'Error', description: failure, variant: 'destructive' });
    return refresh();
  };

  const save = useMutation({
    mutationFn: async ({ record, fields, version }: { record?: T; fields: object; version?: number; before?: string }) => {
      // In drafts mode a new record waits hidden for its draft's publish.
      if (!record) return createRecord<T>(resource, fields, keepsDrafts ? 'draft' : undefined);
      try {
        // In drafts mode the update waits as the record's draft, which leaves its version as it was.
        const saved = await updateRecord<T>(resource, record.id, fields, version, keepsDrafts ? 'draft' : undefined);
        return { record: saved, drafted: keepsDrafts && saved.version === (version ?? record.version) };
      } catch (err) {
        // Deleted meanwhile: a conflict with no current record.
        throw isApiError(err, 404) ? await goneConflict(resource, record.id, noun) : err;
      }
    },
    onSuccess: ({ record: saved, drafted: asDraft }, { record, before }) => {
      if (asDraft) {
        if (record) drafted(`${noun} saved as draft — publish it from the Publish panel`, { id: saved.id, kind: 'update', version: saved.version }, before);
        else drafted(`${noun} saved as draft — visitors see it once it is published from the Publish panel`, { id: saved.id, kind: 'create', version: saved.version }, undefined);
        return refreshDrafts();
      }
      done(record ? messages.updated : messages.created, { id: saved.id, kind: record ? 'update' : 'create', version: saved.version });
      return refresh();
    },
    onError: (err, { record }) => failed(err, record ? messages.updateFailed : messages.createFailed),
  });

  const remove = useMutation({
    // In drafts mode the delete waits as the record's draft: visitors see it until the publish.
    mutationFn: ({ record, version }: { record: T; version: number; before?: string }) => deleteRecord(resource, record.id, version, keepsDrafts ? 'draft' : undefined),
    onSuccess: (asDraft, { record, version, before }) => {
      setRowConflict(null);
      if (asDraft) {
        drafted(`${noun} deleted in the draft — it leaves the website once published from the Publish panel`, { id: record.id, kind: 'delete', version }, before);
        return refreshDrafts();
      }
      done(messages.deleted, { id: record.id, kind: 'delete', version });
      return refresh();
    },
    onError: (err, { record }) => {
      if (isApiError(err) && err.conflict) setRowConflict({ record, conflict: err.conflict });
      return failed(err, messages.deleteFailed);
    },
  });

  const command = useMutation({
    mutationFn: ({ record, cmd, version }: { record: T; cmd: RecordCommand<T>; version: number }) =>
      recordAction<T>(resource, record.id, cmd.action, version),
    onSuccess: (saved, { cmd }) => {
      setRowConflict(null);
      done(cmd.success, { id: saved.id, kind: 'update', version: saved.version });
      return refresh();
    },
    onError: (err, { record, cmd }) => {
      if (isApiError(err) && err.conflict) setRowConflict({ record, command: cmd, conflict: err.conflict });
      return failed(err, cmd.failure);
    },
  });

  /** Brings a record back to a revision: an old version from its history, or a deleted record. */
  const restore = useMutation({
    mutationFn: ({ id, revision, version }: { id: number; revision: Revision; version?: number }) =>
      // In drafts mode an old version of a record that exists becomes its draft; a deleted one comes back live.
      keepsDrafts && revision.action !== 'delete' && version !== undefined
        ? updateRecord<T>(resource, id, { ...(revision.data as object), version }, version, 'draft')
        : restoreRevision<T>(resource, id, revision.id, version),
    onSuccess: (saved, { revision, version }) => {
      if (keepsDrafts && revision.action !== 'delete' && saved.version === version) {
        toast({ title: 'Saved as draft', description: `Version ${revision.version} saved as draft — publish it from the Publish panel` });
        return Promise.all([refresh(), client.invalidateQueries({ queryKey: [draftsUrl] })]);
      }
      const description = revision.action === 'delete' ? `${noun} restored successfully` : `${noun} restored to version ${revision.version}`;
      done(description, { id: saved.id, kind: 'update', version: saved.version });
      return refresh();
    },
    onError: (err) => {
      toast({ title: 'Error', description: `Failed to restore ${lower}${isApiError(err) && err.status > 0 ? `: ${err.message}` : ''}`, variant: 'destructive' });
      return refresh();
    },
  });

  /** Makes real records of built-in ones (the sample testimonials), in their order. */
  const copy = useMutation({
    mutationFn: async (records: T[]) => {
      for (const r of records) await createRecord<T>(resource, config.schema.parse(initialValues(config.fields, r)));
    },
    onSuccess: (_none, records) => {
      toast({ title: 'Success', description: `${records.length} ${config.plural} copied to the list` });
      return refresh();
    },
    onError: (err) => failed(err, `Failed to copy the ${config.plural}`),
  });

  /** Whether a row's action of this kind is under way. */
  const busy = (record: T, cmd?: RecordCommand<T>) =>
    cmd
      ? command.isPending && command.variables?.record.id === record.id && command.variables.cmd.action === cmd.action
      : remove.isPending && remove.variables?.record.id === record.id;

  return {
    messages,
    dialog,
    openNew: (draft?: Partial<T>) => setDialog({ open: true, draft }),
    openEdit: (record: T) => setDialog({ open: true, record }),
    setOpen: (open: boolean) => setDialog((d) => ({ ...d, open })),
    /** Creates or updates the record the dialog was opened for; rejects with the server's error. */
    submit: (fields: object, { version, asNew }: SaveOptions) =>
      save.mutateAsync({ record: asNew ? undefined : dialog.record, fields, version, before: !asNew && dialog.record ? draftOf(dialog.record.id) : undefined }),
    saving: save.isPending,
    /** Deletes the record as the row shows it (or, after a conflict, at the given version). */
    remove: (record: T, version = record.version) => remove.mutate({ record, version, before: draftOf(record.id) }),
    run: (record: T, cmd: RecordCommand<T>, version = record.version) => command.mutate({ record, cmd, version }),
    busy,
    rowConflict,
    dismissRowConflict: () => setRowConflict(null),
    /** Restores a revision; resolves once done, whether it worked or not (the toast says). */
    restore: (id: number, revision: Revision, version?: number) => restore.mutateAsync({ id, revision, version }).then(
      () => true,
      () => false,
    ),
    restoring: restore.isPending,
    copy: (records: T[]) => copy.mutate(records),
    copying: copy.isPending,
  };
}
