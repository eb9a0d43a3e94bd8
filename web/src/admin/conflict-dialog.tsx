import { AlertTriangle } from 'lucide-react';
import { toast } from '@/lib/toast-store';
import type { Conflict } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { copyText } from '@/lib/clipboard';
import { changedFields, displayValue, initialValues, valuesAsText, type FieldSpec, type FormValues } from './lib/fields';
import { formatDate } from '@/lib/dates';
import { AdminButton } from '@/components/ui/admin-button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';

export type ConflictAction = {
  label: string;
  onSelect: () => void;
  variant?: 'primary' | 'outline' | 'destructive';
};

type ConflictDialogProps = {
  /** The conflict on show; null when there is none. */
  conflict: Conflict | null;
  /** Closing without a choice goes back to where the user was, nothing lost. */
  onDismiss: () => void;
  /** The record's noun ("Menu item"). */
  noun: string;
  fields: FieldSpec[];
  /** The values of this side: what the user typed, or what they saw before a delete. */
  mine: FormValues;
  mineLabel: string;
  /** What the other side changed it from, to mark who changed what. */
  base?: FormValues;
  actions: ConflictAction[];
  busy?: boolean;
};

function who(conflict: Conflict): string {
  return conflict.changedBy || 'someone else';
}

function when(conflict: Conflict): string {
  return conflict.changedAt ? ` on ${formatDate(conflict.changedAt)}` : '';
}

/**
 * A write that met a newer version: their version beside this one, field by
 * field, the fields that differ marked, who changed it and when, and the
 * choices of the caller. When the record was deleted meanwhile, it says so.
 */
export function ConflictDialog({ conflict, onDismiss, noun, fields, mine, mineLabel, base, actions, busy }: ConflictDialogProps) {
  const theirs = conflict && conflict.current ? initialValues(fields, conflict.current as object) : null;
  const differ = new Set(theirs ? changedFields(fields, theirs, mine) : []);
  const theyChanged = new Set(theirs && base ? changedFields(fields, base, theirs) : []);
  return (
    <Dialog open={conflict !== null} onOpenChange={(open) => !open && onDismiss()}>
      <DialogContent className="sm:max-w-3xl">
        {conflict && (
          <>
            <div className="flex items-start gap-3 pr-6">
              <span className="mt-0.5 hidden size-9 shrink-0 items-center justify-center rounded-full bg-warning-soft text-warning ring-1 ring-warning-line sm:flex" aria-hidden="true">
                <AlertTriangle className="size-5" />
              </span>
              <div className="grid gap-1">
                <DialogTitle>
                  {noun} {theirs ? 'changed' : 'deleted'} by {who(conflict)}
                </DialogTitle>
                <DialogDescription>
                  {theirs
                    ? `${who(conflict)} saved a newer version${when(conflict)}, after you opened it. Nothing of yours is saved yet: compare the two and choose.`
                    : `${who(conflict)} deleted it${when(conflict)}, after you opened it. Nothing of yours is saved yet.`}
                </DialogDescription>
              </div>
            </div>
            {theirs ? (
              <>
                <p className="text-sm text-body">
                  {differ.size === 0
                    ? 'Both versions have the same values.'
                    : `${differ.size} ${differ.size === 1 ? 'field differs' : 'fields differ'}, highlighted below.`}
                </p>
                <div className="overflow-hidden rounded-lg border border-default">
                  <table className="w-full table-fixed text-left text-sm">
                    <caption className="sr-only">
                      Their version beside {mineLabel.toLowerCase()}, field by field
                    </caption>
                    <thead className="bg-surface-muted text-xs tracking-wide text-muted uppercase">
                      <tr>
                        <th scope="col" className="w-[28%] px-3 py-2 font-medium">
                          Field
                        </th>
                        <th scope="col" className="px-3 py-2 font-medium">
                          Theirs <span className="normal-case">({who(conflict)})</span>
                        </th>
                        <th scope="col" className="px-3 py-2 font-medium">
                          {mineLabel}
                        </th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-subtle">
                      {fields.map((f) => {
                        const differs = differ.has(f.name);
                        return (
                          <tr key={f.name} className={cn('align-top', differs && 'bg-warning-soft')} data-differs={differs || undefined}>
                            <th scope="row" className={cn('px-3 py-2 font-medium text-body', differs && 'shadow-[inset_3px_0_0_var(--color-warning)]')}>
                              {f.label}
                              {differs && <span className="mt-1 block text-xs font-normal text-warning">Differs</span>}
                              {theyChanged.has(f.name) && <span className="block text-xs font-normal text-muted">Changed by them</span>}
                            </th>
                            <td className={cn('px-3 py-2 text-default', differs && 'font-medium')}>
                              <div className="max-h-32 overflow-y-auto break-words whitespace-pre-line">{displayValue(f, theirs[f.name])}</div>
                            </td>
                            <td className={cn('px-3 py-2 text-default', differs && 'font-medium')}>
                              <div className="max-h-32 overflow-y-auto break-words whitespace-pre-line">{displayValue(f, mine[f.name])}</div>
                            </td>
                          </tr>
                        );
                      })}
                    </tbody>
                  </table>
                </div>
              </>
            ) : (
              <dl className="grid gap-2 rounded-lg border border-default p-3 text-sm sm:grid-cols-2">
                {fields.map((f) => (
                  <div key={f.name} className="min-w-0">
                    <dt className="text-xs font-medium tracking-wide text-muted uppercase">{f.label}</dt>
                    <dd className="break-words whitespace-pre-line text-default">{displayValue(f, mine[f.name])}</dd>
                  </div>
                ))}
              </dl>
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              {actions.map((a) => (
                <AdminButton key={a.label} type="button" variant={a.variant ?? 'outline'} disabled={busy} onClick={a.onSelect}>
                  {a.label}
                </AdminButton>
              ))}
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

type SaveConflictProps = Pick<ConflictDialogProps, 'conflict' | 'onDismiss' | 'noun' | 'fields' | 'mine'> & {
  base: FormValues;
  busy: boolean;
  /** Discard mine: the form closes, or shows theirs. */
  onKeepTheirs: () => void;
  /** Save mine over theirs: the same values, sent with their version. */
  onOverwrite: (version: number) => void;
  /** The form starts again from theirs. */
  onReload: (current: object) => void;
  /** For a record deleted meanwhile: create it again with my values. */
  onRecreate?: () => void;
};

/** The choices of a save that met a newer version: keep theirs, overwrite, or copy mine and reload. */
export function SaveConflictDialog({ conflict, onKeepTheirs, onOverwrite, onReload, onRecreate, ...props }: SaveConflictProps) {
  const current = conflict?.current as { version?: number } | null | undefined;

  async function copyAndReload() {
    if (!(await copyText(valuesAsText(props.fields, props.mine)))) {
      toast({ title: 'Error', description: 'Could not copy to the clipboard; your values are still in the form.', variant: 'destructive' });
      return;
    }
    toast({ title: 'Copied', description: 'Your values are on the clipboard as text.' });
    if (current) onReload(current);
  }

  const actions: ConflictAction[] = current
    ? [
        { label: 'Keep theirs', onSelect: onKeepTheirs },
        { label: 'Copy mine and reload', onSelect: () => void copyAndReload() },
        { label: 'Overwrite', variant: 'primary', onSelect: () => onOverwrite(current.version ?? 0) },
      ]
    : [
        { label: 'Discard mine', onSelect: onKeepTheirs },
        ...(onRecreate ? [{ label: 'Re-create from mine', variant: 'primary' as const, onSelect: onRecreate }] : []),
      ];
  return <ConflictDialog conflict={conflict} mineLabel="Yours" actions={actions} {...props} />;
}
