import { RotateCcw } from 'lucide-react';
import type { Revision } from '@/lib/api-types';
import { useLoaded } from './lib/admin-api';
import { deletedURL, type VersionedRecord } from './lib/resources';
import { RevisionMeta } from './history-dialog';
import type { ResourceConfig } from './resource-config';
import { ListState, RecordList, RecordRow } from './tab-parts';
import { AdminButton } from '@/components/ui/admin-button';
import { Dialog, DialogContent, DialogHeader } from '@/components/ui/dialog';

type DeletedDialogProps<T extends VersionedRecord> = {
  config: ResourceConfig<T>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onRestore: (id: number, revision: Revision) => Promise<boolean>;
  restoring: boolean;
};

/** The records of a tab that were deleted, newest first, each with Restore (under its own id). */
export function DeletedDialog<T extends VersionedRecord>({ config, open, onOpenChange, onRestore, restoring }: DeletedDialogProps<T>) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader title={`Recently deleted ${config.plural}`} description="Restoring one brings it back as it was when deleted, under its own address." />
        {open && <DeletedList config={config} onRestore={onRestore} restoring={restoring} />}
      </DialogContent>
    </Dialog>
  );
}

function DeletedList<T extends VersionedRecord>({ config, onRestore, restoring }: Omit<DeletedDialogProps<T>, 'open' | 'onOpenChange'>) {
  const url = deletedURL(config.resource);
  const list = useLoaded<Revision[]>(url, `Failed to fetch deleted ${config.plural}`);
  const deleted = list.data ?? [];
  return (
    <ListState query={list} isEmpty={deleted.length === 0} loadingText={`Loading deleted ${config.plural}...`} emptyText={`No deleted ${config.plural}.`}>
      <RecordList>
        {deleted.map((rev) => {
          const name = config.name(rev.data as T);
          return (
            <RecordRow
              key={rev.id}
              label={name}
              aside={
                <AdminButton variant="outline" size="sm" aria-label={`Restore ${name}`} disabled={restoring} onClick={() => void onRestore(rev.recordId, rev)}>
                  <RotateCcw aria-hidden="true" />
                  Restore
                </AdminButton>
              }
            >
              <p className="font-medium text-default">{name}</p>
              <p className="text-xs text-muted">
                Deleted <RevisionMeta revision={rev} />
              </p>
            </RecordRow>
          );
        })}
      </RecordList>
    </ListState>
  );
}
