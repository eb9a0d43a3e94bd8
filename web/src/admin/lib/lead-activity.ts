import { ArrowRightLeft, CalendarCheck, CalendarClock, CalendarX, Mail, NotebookText, Phone, ShieldAlert, StickyNote } from 'lucide-react';
import { activityKinds } from './admin-contracts';
import type { LeadActivity, LeadActivityKind } from '@/lib/api-types';
import { statusLabel } from './leads';
import { meetingTime } from './meetings';
import type { StaffKindChoice, TimelineSpec } from './timeline';

// A lead's timeline (the activity contract, docs/LEADS.md): notes, calls
// and e-mails staff write, and the changes and meetings the site records.

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

const kindIcons: Record<LeadActivityKind, typeof StickyNote> = {
  note: StickyNote,
  call: Phone,
  email: Mail,
  status: ArrowRightLeft,
  spam: ShieldAlert,
  notes: NotebookText,
  meeting: CalendarCheck,
  meeting_moved: CalendarClock,
  meeting_cancelled: CalendarX,
};

const prompts: Record<string, string> = { note: 'Add note', call: 'Log a call', email: 'Log an e-mail' };
const staffKinds: StaffKindChoice[] = activityKinds.map((k) => ({ ...k, prompt: prompts[k.value] ?? k.label }));

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

/** The timeline of lead leadId. */
export function leadTimeline(leadId: number): TimelineSpec<LeadActivity> {
  return {
    key: 'lead-activity',
    recordId: leadId,
    url: `/api/admin/contact-submissions/${leadId}/activity`,
    kinds: staffKinds,
    labels: kindLabels,
    icons: kindIcons,
    summary: activitySummary,
    author: (a) => a.username || (isMeetingEntry(a) ? 'The visitor' : 'The site'),
    showsText: (a) => !isMeetingEntry(a),
    noun: 'lead',
    placeholder: 'What happened, what comes next. Only staff see this.',
    emptyText: 'Nothing yet. Notes, calls, e-mails, status changes and booked meetings show here.',
  };
}
