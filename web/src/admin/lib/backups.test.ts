// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Backup } from '@/lib/api-types';
import { backupForm } from './admin-contracts';
import { backupCounts, checkSchedule } from './backups';

describe('the backup schedule', () => {
  it('takes whole numbers within the limits', () => {
    expect(checkSchedule({ everyHours: ' 24 ', keep: '7' })).toEqual({ ok: true, schedule: { everyHours: 24, keep: 7 } });
    expect(checkSchedule({ everyHours: '0', keep: '1' })).toEqual({ ok: true, schedule: { everyHours: 0, keep: 1 } });
    expect(checkSchedule({ everyHours: '168', keep: '100' })).toEqual({ ok: true, schedule: { everyHours: 168, keep: 100 } });
  });

  it('refuses anything else with the server’s messages', () => {
    expect(checkSchedule({ everyHours: '169', keep: '0' })).toEqual({ ok: false, errors: { everyHours: backupForm.everyHours, keep: backupForm.keep } });
    expect(checkSchedule({ everyHours: '1.5', keep: '' })).toEqual({ ok: false, errors: { everyHours: backupForm.everyHours, keep: backupForm.keep } });
    expect(checkSchedule({ everyHours: '-1', keep: '101' })).toEqual({ ok: false, errors: { everyHours: backupForm.everyHours, keep: backupForm.keep } });
  });
});

describe('a backup’s counts', () => {
  it('names each in the singular or the plural', () => {
    const b = { counts: { leads: 1, pages: 18, media: 0, users: 2 } } as Backup;
    expect(backupCounts(b)).toBe('1 lead · 18 pages · 0 media items');
  });
});
