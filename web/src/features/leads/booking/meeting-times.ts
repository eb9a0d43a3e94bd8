// Times of meetings as a visitor reads them, in the time zone they choose.
import type { Slot } from '@/lib/api-types';

/** The visitor's time zone as the browser knows it; UTC when it does not. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** A time zone's name as a person reads it: "America/New York". */
export function zoneName(zone: string): string {
  return zone.replace(/_/g, ' ');
}

/** The date of a time in zone, as a key that sorts: "2026-12-01". */
function dateKey(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
}

export type SlotDay = {
  /** The date in the visitor's zone ("2026-12-01"). */
  key: string;
  /** Its weekday and date, short ("Tue", "Dec 1") and long ("Tuesday, December 1"). */
  weekday: string;
  date: string;
  long: string;
  slots: Slot[];
};

/** The slots grouped by their date in timeZone, in order. */
export function slotDays(slots: Slot[], timeZone: string): SlotDay[] {
  const days: SlotDay[] = [];
  for (const s of slots) {
    const key = dateKey(s.start, timeZone);
    let day = days.at(-1);
    if (day?.key !== key) {
      const at = new Date(s.start);
      const part = (o: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(undefined, { timeZone, ...o }).format(at);
      day = { key, weekday: part({ weekday: 'short' }), date: part({ month: 'short', day: 'numeric' }), long: part({ weekday: 'long', month: 'long', day: 'numeric' }), slots: [] };
      days.push(day);
    }
    day.slots.push(s);
  }
  return days;
}

/** A time of day in timeZone: "9:30 AM", or "09:30" where the locale says so. */
export function formatTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat(undefined, { timeZone, hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
}

/** A meeting's day and times in timeZone, with the zone: "Tuesday, December 1, 10:00 – 10:30 AM (Europe/Berlin)". */
export function formatMeeting(start: string, end: string, timeZone: string): string {
  const f = new Intl.DateTimeFormat(undefined, { timeZone, weekday: 'long', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' });
  return `${f.formatRange(new Date(start), new Date(end))} (${zoneName(timeZone)})`;
}

/** A slot's length in minutes. */
export function slotMinutes(s: Slot): number {
  return Math.round((Date.parse(s.end) - Date.parse(s.start)) / 60_000);
}
