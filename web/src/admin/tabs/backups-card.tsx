import { useState } from 'react';
import { DatabaseBackup, CircleCheck, Download, Info, Save, Trash2, TriangleAlert } from 'lucide-react';
import { toast } from '@/lib/toast-store';
import { isApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/dates';
import type { Backup, BackupSettings } from '@/lib/api-types';
import { backupForm } from '../lib/admin-contracts';
import {
  backupCounts,
  checkSchedule,
  downloadBackup,
  useBackups,
  useBackupSettings,
  useCreateBackup,
  useDeleteBackup,
  useSaveBackupSettings,
  type ScheduleValues,
} from '../lib/backups';
import { formatBytes } from '../media/media-api';
import { BusyButton, ListState, RecordList, RecordRow, TabCard } from '../tab-parts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { IconButton } from '@/components/ui/icon-button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';

const failure = (err: unknown, fallback: string) => (isApiError(err) ? err.message : fallback);

/** A server without a backup directory: how to give it one. */
function BackupsOff() {
  return (
    <p className="flex items-start gap-2 rounded-lg border border-default bg-surface-muted px-3 py-2.5 text-sm text-body">
      <Info className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden="true" />
      <span>
        <strong className="font-semibold">Backups are off on this server</strong>: it has no backup directory. Start it with{' '}
        <code className="font-mono text-xs">-backup-dir</code> (or <code className="font-mono text-xs">SITE_BACKUP_DIR</code>) naming a
        directory every instance of the site shares, such as a mounted volume. Until then,{' '}
        <code className="font-mono text-xs">site backup FILE</code> makes one on the server.
      </span>
    </p>
  );
}

/** How the last scheduled backup went, and when the next is due. */
function ScheduleStatus({ settings }: { settings: BackupSettings }) {
  const { lastStatus, lastRun, lastDone, lastMessage, nextRun } = settings;
  const next = nextRun ? `Next scheduled backup: ${formatDate(nextRun)}.` : 'Scheduled backups are off.';
  let last: React.ReactNode = null;
  if (lastStatus === 'ok') {
    last = (
      <span className="flex items-start gap-2">
        <CircleCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
        <span className="wrap-anywhere">
          Last scheduled backup {formatDate(lastDone)}: {lastMessage}.
        </span>
      </span>
    );
  } else if (lastStatus === 'failed') {
    last = (
      <span className="flex items-start gap-2 text-danger">
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span className="wrap-anywhere">
          The last scheduled backup failed {formatDate(lastDone)}. {lastMessage}
        </span>
      </span>
    );
  } else if (lastStatus === 'running') {
    last = <span>A scheduled backup began {formatDate(lastRun)} and has not finished.</span>;
  }
  return (
    <div role="status" id="backup-schedule-status" className="grid gap-1 text-sm text-body">
      {last}
      <span className="text-muted">{next}</span>
    </div>
  );
}

/** How often the server makes a backup itself, and how many it keeps. */
function ScheduleForm({ settings }: { settings: BackupSettings }) {
  const [values, setValues] = useState<ScheduleValues>({ everyHours: String(settings.everyHours), keep: String(settings.keep) });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveBackupSettings();
  const set = (k: keyof ScheduleValues) => (e: React.ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [k]: e.target.value }));
  const aria = (name: string) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `backup-${name}-error` : `backup-${name}-hint`,
  });

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const checked = checkSchedule(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      document.getElementById(`backup-${Object.keys(checked.errors)[0]}`)?.focus();
      return;
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync(checked.schedule);
      toast({ title: 'Schedule saved', description: saved.everyHours === 0 ? 'The server makes no backups by itself.' : `A backup every ${saved.everyHours} h; the newest ${saved.keep} are kept.` });
    } catch (err) {
      if (isApiError(err) && err.hasFieldErrors) setErrors({ ...err.fieldErrors });
      else toast({ title: 'Not saved', description: failure(err, 'Something went wrong. Try again.'), variant: 'destructive' });
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Backup schedule">
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField id="backup-everyHours" label="Back up every (hours)" error={errors.everyHours} hint="0 turns scheduled backups off.">
          <Input id="backup-everyHours" type="number" inputMode="numeric" min={0} max={backupForm.maxEveryHours} value={values.everyHours} onChange={set('everyHours')} {...aria('everyHours')} />
        </FormField>
        <FormField id="backup-keep" label="Keep the newest" error={errors.keep} hint="Older backups are deleted after each scheduled one.">
          <Input id="backup-keep" type="number" inputMode="numeric" min={backupForm.minKeep} max={backupForm.maxKeep} value={values.keep} onChange={set('keep')} {...aria('keep')} />
        </FormField>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <ScheduleStatus settings={settings} />
        <BusyButton type="submit" variant="primary" className="shrink-0" disabled={save.isPending} icon={Save} busy={save.isPending} label="Save Schedule" busyLabel="Saving..." />
      </div>
    </form>
  );
}

/** The archives of the backup directory, newest first, each to download or delete. */
function BackupList() {
  const backups = useBackups();
  const remove = useDeleteBackup();
  const [deleting, setDeleting] = useState<Backup | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);

  async function download(b: Backup) {
    setDownloading(b.name);
    try {
      await downloadBackup(b.name);
    } catch (err) {
      toast({ title: 'Not downloaded', description: failure(err, 'The backup could not be downloaded. Try again.'), variant: 'destructive' });
    } finally {
      setDownloading(null);
    }
  }

  async function confirmDelete(b: Backup) {
    try {
      await remove.mutateAsync(b.name);
      toast({ title: 'Backup deleted', description: `${b.name} is gone from the server.` });
    } catch (err) {
      toast({ title: 'Not deleted', description: failure(err, 'Something went wrong. Try again.'), variant: 'destructive' });
    }
  }

  return (
    <section aria-labelledby="backup-list-title" className="grid gap-3">
      <h3 id="backup-list-title" className="text-sm font-semibold text-default">
        Backups on the server
      </h3>
      <ListState query={backups} isEmpty={backups.data?.length === 0} loadingText="Loading backups..." emptyText="No backups yet.">
        <RecordList>
          {backups.data?.map((b) => (
            <RecordRow
              key={b.name}
              label={`Backup of ${formatDate(b.created)}`}
              aside={
                <>
                  <IconButton icon={Download} tip="Download" label={`Download ${b.name}`} disabled={downloading === b.name} onClick={() => void download(b)} />
                  <IconButton icon={Trash2} tip="Delete" label={`Delete ${b.name}`} danger disabled={remove.isPending} onClick={() => setDeleting(b)} />
                </>
              }
            >
              <p className="font-medium text-default">{formatDate(b.created)}</p>
              <p className="text-sm text-muted">
                <span className="tabular-nums">{formatBytes(b.size)}</span>
                {b.problem ? null : <> · {backupCounts(b)}</>}
              </p>
              {b.problem ? <p className="text-sm wrap-anywhere text-danger">{b.problem}</p> : <p className="font-mono text-xs wrap-anywhere text-muted">{b.name}</p>}
            </RecordRow>
          ))}
        </RecordList>
      </ListState>
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? `Delete the backup of ${formatDate(deleting.created)}?` : ''}
        description={deleting ? `${deleting.name} is deleted from the server for good.` : ''}
        cancelLabel="Keep it"
        confirmLabel="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) void confirmDelete(deleting);
          setDeleting(null);
        }}
      />
    </section>
  );
}

/** Makes a backup at once. */
function BackUpNow() {
  const create = useCreateBackup();
  async function run() {
    try {
      const b = await create.mutateAsync(undefined);
      toast({ title: 'Backup made', description: `${b.name} (${formatBytes(b.size)}): ${backupCounts(b)}.` });
    } catch (err) {
      toast({ title: 'No backup made', description: failure(err, 'Something went wrong. Try again.'), variant: 'destructive' });
    }
  }
  return <BusyButton variant="outline" onClick={() => void run()} disabled={create.isPending} icon={DatabaseBackup} busy={create.isPending} label="Back up now" busyLabel="Backing up..." />;
}

/**
 * The backups the server keeps in its backup directory (administrators):
 * the schedule, Back up now, and the archives to download or delete.
 */
export function BackupsCard({ className }: { className?: string }) {
  const settings = useBackupSettings();
  const available = settings.data?.available === true;
  return (
    <div id="backups" className={cn('scroll-mt-24', className)}>
      <TabCard
        title="Backups"
        description="Archives of the whole site: its database, media and secret key. Keep them as safe as the site."
        titleId="backups-title"
        actions={available && <BackUpNow />}
      >
        <ListState query={settings} loadingText="Loading backup settings...">
          {settings.data &&
            (available ? (
              <div className="grid gap-6">
                <ScheduleForm key={settings.dataUpdatedAt} settings={settings.data} />
                <div className="border-t border-subtle pt-5">
                  <BackupList />
                </div>
              </div>
            ) : (
              <BackupsOff />
            ))}
        </ListState>
      </TabCard>
    </div>
  );
}
