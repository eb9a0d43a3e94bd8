import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CalendarFeed, CalendarFeedAddress, Meeting } from '@/lib/api-types';
import { adminData, adminRequest, loadData, useLoaded, useWrite } from './admin-api';

// The consultations visitors book with the owners of their leads, as the
// Meetings tab lists them (GET /api/admin/meetings, docs/API.md), and the
// signed-in user's private calendar feed of theirs.

/** Which meetings the list shows: those to come (soonest first), those over, or those cancelled (latest first). */
export type MeetingWhen = 'upcoming' | 'past' | 'cancelled';
/** Whose meetings: the signed-in user's, or everyone's. */
export type MeetingOwner = 'me' | 'everyone';

const meetingsURL = '/api/admin/meetings';

/** The address of the list of when and owner. */
export function meetingListURL(when: MeetingWhen, owner: MeetingOwner): string {
  const q = new URLSearchParams({ when });
  if (owner === 'me') q.set('owner', 'me');
  return `${meetingsURL}?${q.toString()}`;
}

export function useMeetings(when: MeetingWhen, owner: MeetingOwner) {
  const url = meetingListURL(when, owner);
  return useQuery({
    queryKey: [url],
    queryFn: () => loadData<Meeting[]>(url, 'Failed to fetch meetings'),
    placeholderData: keepPreviousData,
  });
}

/** The reader's time zone, as its IANA name ("Europe/Berlin"). */
export function viewerZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

function valid(iso: string): Date | null {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** A meeting's day in the reader's zone: "Tue, Mar 3, 2026". */
export function meetingDay(iso: string): string {
  const d = valid(iso);
  return d ? d.toLocaleDateString(undefined, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }) : iso;
}

/** A meeting's start to end in the reader's zone, the zone named: "10:00 – 10:30 AM CET". */
export function meetingHours(start: string, end: string): string {
  const s = valid(start);
  const e = valid(end);
  if (!s || !e) return `${start} – ${end}`;
  return new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).formatRange(s, e);
}

/** A meeting's start in the reader's zone, the zone named: "Tue, Mar 3, 2026, 10:00 AM CET". */
export function meetingTime(iso: string): string {
  const d = valid(iso);
  return d
    ? d.toLocaleString(undefined, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' })
    : iso;
}

/** How long a meeting lasts: "30 min", "1 h 30 min". */
export function meetingLength(m: Pick<Meeting, 'start' | 'end'>): string {
  const minutes = Math.round((Date.parse(m.end) - Date.parse(m.start)) / 60_000);
  if (!Number.isFinite(minutes) || minutes <= 0) return '';
  const h = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return h === 0 ? `${rest} min` : rest === 0 ? `${h} h` : `${h} h ${rest} min`;
}

/** Whether the visitor moved the meeting: each change counts in its sequence, and a cancellation is one. */
export function wasMoved(m: Pick<Meeting, 'sequence' | 'status'>): boolean {
  return m.status === 'cancelled' ? m.sequence > 1 : m.sequence > 0;
}

const feedURL = '/api/admin/account/calendar-feed';

/** Whether the signed-in user's calendar feed is on; its address is told only when made. */
export function useCalendarFeed() {
  return useLoaded<CalendarFeed>(feedURL, 'Failed to fetch your calendar feed');
}

/** Makes a new feed address, which replaces the one before, and answers it. */
export function useNewCalendarFeed() {
  return useWrite(feedURL, () => adminData<CalendarFeedAddress>('POST', feedURL));
}

/** Turns the feed off: its address stops working. */
export function useTurnOffCalendarFeed() {
  return useWrite(feedURL, () => adminRequest('DELETE', feedURL));
}
