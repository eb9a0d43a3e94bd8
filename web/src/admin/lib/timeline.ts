import { useMutation } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { activityEditMinutes } from './admin-contracts';
import type { ApplicationActivity, Choice, LeadActivity } from '@/lib/api-types';
import { adminData, adminRequest } from './admin-api';
import { clearKept, readKept, writeKept } from '@/lib/kept-drafts';

// A record's timeline (the activity contract, docs/LEADS.md): a lead's or
// an application's. Staff write entries and edit their own for a while; the
// site records the others (a change of status, a meeting). The draft of the
// entry being written is kept in this browser, so that a reload or a closed
// dialog does not lose it. What differs between the timelines is their
// TimelineSpec.

/** An entry of any timeline: what a lead's and an application's entries share (their record's id aside), any kind. */
export type TimelineEntry = Omit<LeadActivity & ApplicationActivity, 'leadId' | 'applicationId' | 'kind'> & { kind: string };

/** A kind staff write, with what its box is called ("Add note", "Log a call"). */
export type StaffKindChoice = Choice & { prompt: string };

/** What one record's timeline is: where it is written, and how its entries read. */
export type TimelineSpec<E extends TimelineEntry> = {
  /** The timeline's name in ids and kept drafts ("lead-activity"), and its record's id. */
  key: string;
  recordId: number;
  /** POST adds an entry here; PUT and DELETE {url}/{entryId} edit and delete one. */
  url: string;
  /** The kinds staff write; with one, no choice is shown. */
  kinds: StaffKindChoice[];
  /** Each kind's label and icon. */
  labels: Record<string, string>;
  icons: Record<string, LucideIcon>;
  /** What an entry the site wrote says in words (staff's entries show their text). */
  summary: (e: E) => string;
  /** Who an entry is by. */
  author: (e: E) => string;
  /** Whether the entry's text is shown under it (a meeting's text is its owner, which the summary names). */
  showsText: (e: E) => boolean;
  /** What the record is called: "the lead's activity". */
  noun: string;
  placeholder: string;
  emptyText: string;
};

/** The draft of a new entry: what the form holds until it is saved. */
export type TimelineDraft = { kind: string; text: string };

/** Which record's timeline: its name and the record's id. */
type Which = { key: string; recordId: number };

const draftKey = (spec: Which) => `${spec.key}-draft.${spec.recordId}`;

/** The id of the new entry's text box, for a dialog to give it the focus back. */
export function timelineTextId(spec: Which): string {
  return `${spec.key}-text-${spec.recordId}`;
}

/** The draft kept for the record, or null when there is none (or it is blank). */
export function readDraft<E extends TimelineEntry>(spec: TimelineSpec<E>): TimelineDraft | null {
  const d = readKept(draftKey(spec)) as Partial<TimelineDraft> | null;
  if (!d || typeof d.text !== 'string' || !d.text.trim()) return null;
  const kind = spec.kinds.some((k) => k.value === d.kind) ? (d.kind as string) : spec.kinds[0].value;
  return { kind, text: d.text };
}

/** Keeps the draft of the record; a blank text removes it. */
export function writeDraft(spec: Which, draft: TimelineDraft) {
  const key = draftKey(spec);
  if (draft.text.trim()) writeKept(key, draft);
  else clearKept(key);
}

export function clearDraft(spec: Which) {
  clearKept(draftKey(spec));
}

/** Whether staff wrote the entry, rather than the site. */
export function isStaffEntry<E extends TimelineEntry>(spec: TimelineSpec<E>, e: E): boolean {
  return spec.kinds.some((k) => k.value === e.kind);
}

/** Until when (ms since the epoch) the author may still edit the entry. */
export function editableUntil(e: TimelineEntry): number {
  return Date.parse(e.createdAt) + activityEditMinutes * 60_000;
}

/** Whether user userId may edit the entry at now: their own, of a kind staff write, within the edit window. The server checks again. */
export function mayEdit<E extends TimelineEntry>(spec: TimelineSpec<E>, e: E, userId: number | undefined, now: number): boolean {
  return isStaffEntry(spec, e) && userId !== undefined && e.userId === userId && now <= editableUntil(e);
}

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** A time relative to now, as people say it ("5 minutes ago", "yesterday"); "just now" within a minute. */
export function relativeTime(iso: string, now: number): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  const seconds = Math.round((t - now) / 1000);
  if (Math.abs(seconds) < 60) return 'just now';
  const fmt = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return fmt.format(Math.round(seconds / size), unit);
  }
  return fmt.format(Math.round(seconds / 60), 'minute');
}

/** Adds an entry to a timeline. Rejects with the server's error, so that the form can show it. */
export function useAddEntry<E extends TimelineEntry>() {
  return useMutation({
    mutationFn: ({ url, draft }: { url: string; draft: TimelineDraft }) => adminData<E>('POST', url, { body: draft }),
  });
}

/** Changes the text of an own entry. */
export function useEditEntry<E extends TimelineEntry>() {
  return useMutation({
    mutationFn: ({ url, entry, text }: { url: string; entry: E; text: string }) => adminData<E>('PUT', `${url}/${entry.id}`, { body: { text } }),
  });
}

/** Deletes an entry (a lead's, by administrators). */
export function useDeleteEntry() {
  return useMutation({
    mutationFn: ({ url, entry }: { url: string; entry: TimelineEntry }) => adminRequest('DELETE', `${url}/${entry.id}`),
  });
}
