import { useState } from 'react';
import { RotateCcw } from 'lucide-react';
import type { Revision } from '@/lib/api-types';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/dates';
import { revisionActionLabels as actionLabels, revisionActionVariants as actionVariant } from '@/lib/revisions';
import { useLoaded } from './lib/admin-api';
import { changedFields, displayValue, initialValues } from './lib/fields';
import { revisionsURL, type VersionedRecord } from './lib/resources';
import type { ResourceConfig } from './resource-config';
import { ListState } from './tab-parts';
import { AdminButton } from '@/components/ui/admin-button';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogHeader } from '@/components/ui/dialog';

/** Who made a revision, and when. */
export function RevisionMeta({ revision }: { revision: Revision }) {
  return (
    <span className="text-xs text-muted">
      by {revision.username || 'someone'} · <time dateTime={revision.createdAt}>{formatDate(revision.createdAt)}</time>
    </span>
  );
}

type HistoryDialogProps<T extends VersionedRecord> = {
  config: ResourceConfig<T>;
  /** The record whose history shows; null when closed. */
  record: T | null;
  onClose: () => void;
  /** Restores a revision from the record's current version; resolves true when it worked. */
  onRestore: (id: number, revision: Revision, version?: number) => Promise<boolean>;
  restoring: boolean;
};

/**
 * The versions of one record, newest first: who saved each and when, a
 * preview of its fields (those that differ from now marked), and Restore,
 * which brings that version back as a new one.
 */
export function HistoryDialog<T extends VersionedRecord>({ config, record, onClose, onRestore, restoring }: HistoryDialogProps<T>) {
  return (
    <Dialog open={record !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-4xl">
        {record && <HistoryBody config={config} record={record} onClose={onClose} onRestore={onRestore} restoring={restoring} />}
      </DialogContent>
    </Dialog>
  );
}

function HistoryBody<T extends VersionedRecord>({ config, record, onClose, onRestore, restoring }: HistoryDialogProps<T> & { record: T }) {
  const url = revisionsURL(config.resource, record.id);
  const list = useLoaded<Revision[]>(url, 'Failed to fetch the history');
  const revisions = list.data ?? [];
  const [pickedId, setPickedId] = useState<number | null>(null);
  const picked = revisions.find((r) => r.id === pickedId) ?? revisions[0];
  const newest = revisions[0];
  const now = newest ? initialValues(config.fields, newest.data as object) : {};
  const values = picked ? initialValues(config.fields, picked.data as object) : {};
  const differ = new Set(picked ? changedFields(config.fields, now, values) : []);
  const isCurrent = picked !== undefined && picked.id === newest?.id;

  async function restore() {
    if (!picked) return;
    if (await onRestore(record.id, picked, newest?.version)) onClose();
  }

  return (
    <>
      <DialogHeader title={`History of ${config.name(record)}`} description="Every saved version, newest first. Pick one to see its fields; restoring it saves it as a new version." />
      <ListState query={list} isEmpty={revisions.length === 0} loadingText="Loading the history..." emptyText="No history yet.">
        <div className="grid gap-4 md:grid-cols-[minmax(0,16rem)_minmax(0,1fr)]">
          <ul aria-label="Versions" className="grid max-h-48 content-start gap-1 overflow-y-auto md:max-h-[60vh]">
            {revisions.map((r) => (
              <li key={r.id}>
                <button
                  type="button"
                  aria-pressed={r.id === picked?.id}
                  onClick={() => setPickedId(r.id)}
                  className={cn(
                    'grid w-full gap-0.5 rounded-lg border px-3 py-2 text-left transition-colors focus-visible:outline-2 focus-visible:outline-focus',
                    r.id === picked?.id ? 'border-primary bg-primary/10' : 'border-default hover:bg-surface-muted',
                  )}
                >
                  <span className="flex items-center gap-2 text-sm font-medium text-default">
                    Version {r.version}
                    <Badge variant={actionVariant[r.action]}>{actionLabels[r.action]}</Badge>
                    {r.id === newest?.id && <span className="text-xs font-normal text-muted">(current)</span>}
                  </span>
                  <RevisionMeta revision={r} />
                </button>
              </li>
            ))}
          </ul>
          {picked && (
            <section aria-label={`Version ${picked.version}`} className="grid content-start gap-3 rounded-lg border border-default p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="text-sm font-semibold text-default">
                  Version {picked.version} · {actionLabels[picked.action]}
                </h3>
                <p className="text-xs text-muted">
                  {isCurrent ? 'As it is now' : differ.size === 0 ? 'Same as now' : `${differ.size} ${differ.size === 1 ? 'field differs' : 'fields differ'} from now`}
                </p>
              </div>
              <dl className="grid gap-x-4 gap-y-2.5 sm:grid-cols-2">
                {config.fields.map((f) => (
                  <div
                    key={f.name}
                    className={cn('min-w-0 rounded-md px-2 py-1', (f.kind === 'textarea' || f.wide) && 'sm:col-span-2', differ.has(f.name) && 'bg-warning-soft ring-1 ring-warning-line')}
                  >
                    <dt className="text-xs font-medium tracking-wide text-muted uppercase">
                      {f.label}
                      {differ.has(f.name) && <span className="ml-1 font-normal tracking-normal text-warning normal-case">(differs from now)</span>}
                    </dt>
                    <dd className="max-h-28 overflow-y-auto text-sm break-words whitespace-pre-line text-default">{displayValue(f, values[f.name])}</dd>
                  </div>
                ))}
              </dl>
              <div className="flex justify-end">
                <AdminButton variant="primary" disabled={isCurrent || restoring} onClick={() => void restore()}>
                  <RotateCcw aria-hidden="true" />
                  {isCurrent ? 'Current version' : restoring ? 'Restoring...' : `Restore version ${picked.version}`}
                </AdminButton>
              </div>
            </section>
          )}
        </div>
      </ListState>
    </>
  );
}
