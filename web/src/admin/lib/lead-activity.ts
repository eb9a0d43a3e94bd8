import { useMutation } from '@tanstack/react-query';
import { activityEditMinutes, activityKinds } from './admin-contracts';
import type { LeadActivity, LeadActivityKind } from '@/lib/api-types';
import { adminData, adminRequest } from './admin-api';
import { statusLabel } from './leads';
import { meetingTime } from './meetings';
import { clearKept, readKept, writeKept } from '@/lib/kept-drafts';

// A lead's timeline (the activity contract, docs/LEADS.md): the entries
// staff write, their edits and deletes, and the draft of the entry being
// written, which a reload or a closed dialog does not lose.

/** The kinds staff write. */
export type StaffKind = 'note' | 'call' | 'email';

const leadsURL = '/api/admin/contact-submissions';

/** The draft of a lead's new entry: what the form holds until it is saved. */
export type ActivityDraft = { kind: StaffKind; text: string };

const draftKey = (leadId: number) => `lead-activity-draft.${leadId}`;

/** The draft kept for a lead, or null when there is none (or it is blank). */
export function readDraft(leadId: number): ActivityDraft | null {
  const d = readKept(draftKey(leadId)) as Partial<ActivityDraft> | null;
  if (!d || typeof d.text !== 'string' || !d.text.trim()) return null;
  const kind = activityKinds.some((k) => k.value === d.kind) ? (d.kind as StaffKind) : 'note';
  return { kind, text: d.text };
}

/** Keeps the draft of a lead; a blank text removes it. */
export function writeDraft(leadId: number, draft: ActivityDraft) {
  if (draft.text.trim()) writeKept(draftKey(leadId), draft);
  else clearKept(draftKey(leadId));
}

export function clearDraft(leadId: number) {
  clearKept(draftKey(leadId));
}

/** Whether a lead has a draft not yet saved. */
export function hasDraft(leadId: number): boolean {
  return readDraft(leadId) !== null;
}

export const kindLabels: Record<LeadActivityKind, string> = {
  note: 'Note',
  call: 'Call',
  email: 'E-mail',
  status: 'Status',
  spam: 'Spam',
  notes: 'Notes (older)',
  meeting: 'Meeting booked',
  meeting_moved: 'Meeting moved',
  meeting_cancelled: 'Meeting cancelled',
};

/** What an entry the site wrote says, in words; "" for one staff wrote (its text says it). */
export function activitySummary(a: LeadActivity): string {
  switch (a.kind) {
    case 'status':
      return `Changed the status from ${statusLabel(a.from)} to ${statusLabel(a.to)}`;
    case 'spam':
      return a.to === 'spam' ? 'Marked as spam' : 'Moved out of spam to the inbox';
    case 'notes':
      return a.text ? 'Changed the older notes to:' : 'Cleared the older notes';
    case 'meeting':
      return `Booked a consultation with ${a.text} for ${meetingTime(a.to)}`;
    case 'meeting_moved':
      return `Moved the consultation with ${a.text} to ${meetingTime(a.to)} (was ${meetingTime(a.from)})`;
    case 'meeting_cancelled':
      return `Cancelled the consultation with ${a.text} on ${meetingTime(a.from)}`;
    case 'call':
      return 'Logged a call';
    case 'email':
      return 'Logged an e-mail';
    default:
      return 'Added a note';
  }
}

/** Whether the entry tells of the visitor's meeting: booked, moved or cancelled. */
export function isMeetingEntry(a: LeadActivity): boolean {
  return a.kind === 'meeting' || a.kind === 'meeting_moved' || a.kind === 'meeting_cancelled';
}

/** Who an entry is by: its author, the visitor for a meeting, else the site. */
export function entryAuthor(a: LeadActivity): string {
  return a.username || (isMeetingEntry(a) ? 'The visitor' : 'The site');
}

/** Whether staff wrote the entry (a note, call or e-mail), rather than the site. */
export function isStaffEntry(a: LeadActivity): boolean {
  return a.kind === 'note' || a.kind === 'call' || a.kind === 'email';
}

/** Until when (ms since the epoch) the author may still edit the entry. */
export function editableUntil(a: LeadActivity): number {
  return Date.parse(a.createdAt) + activityEditMinutes * 60_000;
}

/** Whether user userId may edit the entry at now: their own note, call or e-mail, within the edit window. The server checks again. */
export function mayEdit(a: LeadActivity, userId: number | undefined, now: number): boolean {
  return isStaffEntry(a) && userId !== undefined && a.userId === userId && now <= editableUntil(a);
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

/** Adds an entry to a lead's timeline. Rejects with the server's error, so that the form can show it. */
export function useAddActivity() {
  return useMutation({
    mutationFn: ({ leadId, draft }: { leadId: number; draft: ActivityDraft }) =>
      adminData<LeadActivity>('POST', `${leadsURL}/${leadId}/activity`, { body: draft }),
  });
}

/** Changes the text of an own entry. */
export function useEditActivity() {
  return useMutation({
    mutationFn: ({ entry, text }: { entry: LeadActivity; text: string }) =>
      adminData<LeadActivity>('PUT', `${leadsURL}/${entry.leadId}/activity/${entry.id}`, { body: { text } }),
  });
}

/** Deletes an entry (administrators). */
export function useDeleteActivity() {
  return useMutation({
    mutationFn: (entry: LeadActivity) => adminRequest('DELETE', `${leadsURL}/${entry.leadId}/activity/${entry.id}`),
  });
}
