// The backups of the server's backup directory and their schedule
// (administrators, Settings). The server chooses the directory; the admin
// lists, makes, downloads and deletes its archives, and sets how often the
// server makes one itself and how many it keeps.
import type { Backup, BackupSettings } from '@/lib/api-types';
import { backupForm } from './admin-contracts';
import { adminData, adminRequest, useLoaded, useSave, useWrite } from './admin-api';
import { saveFile } from './download';

const listURL = '/api/admin/backups';
const settingsURL = '/api/admin/backup-settings';

export function useBackups(enabled = true) {
  return useLoaded<Backup[]>(listURL, 'Failed to fetch the backups', enabled);
}

export function useBackupSettings() {
  return useLoaded<BackupSettings>(settingsURL, 'Failed to fetch the backup settings');
}

export type BackupSchedule = Pick<BackupSettings, 'everyHours' | 'keep'>;

export function useSaveBackupSettings() {
  return useSave<BackupSchedule, BackupSettings>(settingsURL);
}

/** Makes a backup now; the list is loaded afresh once it is there. */
export function useCreateBackup() {
  return useWrite(listURL, () => adminData<Backup>('POST', listURL));
}

export function useDeleteBackup() {
  return useWrite(listURL, (name: string) => adminRequest('DELETE', `${listURL}/${encodeURIComponent(name)}`));
}

/**
 * Saves the archive as a file. The token goes in the Authorization header of
 * a fetch, never in a URL, so the archive passes through a blob.
 */
export async function downloadBackup(name: string): Promise<void> {
  const res = await adminRequest('GET', `${listURL}/${encodeURIComponent(name)}`);
  saveFile(await res.blob(), name);
}

/** The schedule as the form holds it. */
export type ScheduleValues = { everyHours: string; keep: string };

/** The schedule of the form's values, or the problem of each field in the server's words. */
export function checkSchedule(v: ScheduleValues): { ok: true; schedule: BackupSchedule } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const whole = (s: string, min: number, max: number) => {
    const n = Number(s.trim());
    return s.trim() !== '' && Number.isInteger(n) && n >= min && n <= max ? n : null;
  };
  const everyHours = whole(v.everyHours, 0, backupForm.maxEveryHours);
  const keep = whole(v.keep, backupForm.minKeep, backupForm.maxKeep);
  if (everyHours === null) errors.everyHours = backupForm.everyHours;
  if (keep === null) errors.keep = backupForm.keep;
  if (everyHours === null || keep === null) return { ok: false, errors };
  return { ok: true, schedule: { everyHours, keep } };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What a backup holds, as the list says it: "12 leads · 3 pages · 1 media item". */
export function backupCounts(b: Backup): string {
  const c = b.counts;
  return [plural(c.leads, 'lead', 'leads'), plural(c.pages, 'page', 'pages'), plural(c.media, 'media item', 'media items')].join(' · ');
}
