import { useCallback } from 'react';
import type { Revision } from '@/lib/api-types';
import { formatDate } from '@/lib/dates';
import type { HistorySlot } from '@/features/editable-text/in-place-field';
import type { RecordRef, RecordValue } from '@/features/editable-text/record-text';
import { acceptRecord, loadRecordHistory, recordNouns, refKey, restoreRecordRevision, type LoadedRecord, type RecordSave } from './save-record';
import { HistoryPanel } from '@/features/editable-text/text-history';

type RecordHistoryProps = HistorySlot & {
  record: RecordRef;
  field: string;
  /** What the field's name is to a person (title, quote, label). */
  name: string;
  /** The field's value as the page's field shows it. */
  show: (value: RecordValue) => string;
  /** Undoes a restore. */
  undo: (restore: RecordSave) => void;
};

/**
 * The history of the record a field edited in place belongs to: each of
 * its versions with the field's value then, and Restore, which brings back
 * the whole record as it was (the resource's restore), from the newest
 * version shown.
 */
export function RecordHistory({ record, field, name, show, undo, ...slot }: RecordHistoryProps) {
  const noun = recordNouns[record.resource].one;
  const key = refKey(record);
  // The record's key, not the object, which each render of the page makes anew.
  const load = useCallback(() => loadRecordHistory(record), [key]);
  const valueOf = (rev: Revision) => {
    const data = rev.data as Record<string, unknown> | null;
    return rev.action === 'delete' || !data ? undefined : show((data[field] as RecordValue | undefined) ?? '');
  };
  return (
    <HistoryPanel<LoadedRecord>
      {...slot}
      title={`History of this ${noun.toLowerCase()}`}
      subtitle={`${noun} · its ${name}; a restore brings back all of its fields`}
      load={load}
      valueOf={valueOf}
      missing={<span className="font-medium text-warning">Deleted</span>}
      empty={`This ${noun.toLowerCase()} has no saved versions yet: its history starts with its next save.`}
      restore={async (rev, newest) => {
        const restored = await restoreRecordRevision(record, rev, newest);
        return {
          title: `${noun} restored`,
          description: `The version ${rev.username ? `${rev.username} saved` : 'saved'} on ${formatDate(rev.createdAt)} shows again.`,
          altText: `Undo the restore of this ${noun.toLowerCase()} from its history`,
          undo: () => undo(restored),
        };
      }}
      takeTheirs={(theirs) => {
        if (theirs) acceptRecord(record, theirs);
        return theirs ? `; it now shows their version, “${show((theirs[field] as RecordValue | undefined) ?? '')}”.` : ', deleting it.';
      }}
      thing={noun.toLowerCase()}
    />
  );
}
