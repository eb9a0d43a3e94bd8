import type { Availability, WorkingHours } from '@/lib/api-types';
import { useLoaded, useSave } from './admin-api';

// A sales user's booking hours: when visitors may book the free
// consultation with them (the server's site.Availability, which decides
// the slots and checks everything again).

const availabilityURL = '/api/admin/account/availability';

export function useAvailability(enabled = true) {
  return useLoaded<Availability>(availabilityURL, 'Failed to fetch your booking hours', enabled);
}

/** Saves the booking hours; rejects with the server's error, so the form can show it. */
export function useSaveAvailability() {
  return useSave<Availability, Availability>(availabilityURL);
}

/** The weekdays in the order a working week is read, Monday first, with time.Weekday's numbers. */
export const weekdays = [
  { day: 1, name: 'Monday' },
  { day: 2, name: 'Tuesday' },
  { day: 3, name: 'Wednesday' },
  { day: 4, name: 'Thursday' },
  { day: 5, name: 'Friday' },
  { day: 6, name: 'Saturday' },
  { day: 0, name: 'Sunday' },
];

const hhmm = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;

/** Minutes since midnight of an HH:MM time. */
function minutes(t: string): number {
  const [h, m] = t.split(':').map(Number);
  return h * 60 + m;
}

/**
 * The problems of the week's hours, by weekday number: a time that is not
 * HH:MM, an end not after its start, and ranges of a day that overlap,
 * as the server words them. Empty when all is well.
 */
export function weeklyProblems(weekly: WorkingHours[]): Record<number, string> {
  const out: Record<number, string> = {};
  for (const { day, name } of weekdays) {
    const ranges = weekly.filter((r) => r.weekday === day).sort((a, b) => a.start.localeCompare(b.start));
    for (const r of ranges) {
      if (!hhmm.test(r.start) || !hhmm.test(r.end) || r.start === '24:00') {
        out[day] = `The working hours of ${name} need times written HH:MM, such as 09:00.`;
        break;
      }
      if (minutes(r.end) <= minutes(r.start)) {
        out[day] = `The working hours of ${name} end before they start (${r.start}–${r.end}).`;
        break;
      }
    }
    if (out[day]) continue;
    for (let i = 1; i < ranges.length; i++) {
      if (minutes(ranges[i].start) < minutes(ranges[i - 1].end)) {
        out[day] = `The working hours of ${name} overlap: ${ranges[i - 1].start}–${ranges[i - 1].end} and ${ranges[i].start}–${ranges[i].end}.`;
        break;
      }
    }
  }
  return out;
}
