import { useState } from 'react';
import { CalendarCheck, CalendarClock, CalendarX, History } from 'lucide-react';
import type { Meeting } from '@/lib/api-types';
import { cn } from '@/lib/cn';
import { meetingDay, meetingHours, meetingLength, useMeetings, viewerZone, wasMoved, type MeetingOwner, type MeetingWhen } from '../lib/meetings';
import { ListState, TabCard, ToggleGroup } from '../tab-parts';
import { AdminButton } from '@/components/ui/admin-button';
import { Badge } from '@/components/ui/badge';
import { Select } from '@/components/ui/select';

const whenOptions = [
  { value: 'upcoming' as const, label: 'Upcoming', icon: CalendarClock },
  { value: 'past' as const, label: 'Past', icon: History },
  { value: 'cancelled' as const, label: 'Cancelled', icon: CalendarX },
];

const ownerOptions = [
  { value: 'everyone', label: 'Everyone\'s meetings' },
  { value: 'me', label: 'My meetings' },
];

const emptyText: Record<MeetingWhen, string> = {
  upcoming: 'No meetings to come. Visitors book after sending the form; set your booking hours in Account.',
  past: 'No meetings held yet. Visitors book after sending the form; set your booking hours in Account.',
  cancelled: 'No cancelled meetings.',
};

/** The address of a lead's detail in the Contacts tab. */
export const leadHref = (id: number) => `/admin?tab=contacts&lead=${id}`;

type RowProps = { meeting: Meeting; onOpenLead: (id: number) => void };

function MeetingRow({ meeting: m, onOpenLead }: RowProps) {
  const cancelled = m.status === 'cancelled';
  const day = meetingDay(m.start);
  return (
    <li
      aria-label={`${m.leadName}, ${day}`}
      className="relative grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-1.5 px-3 py-3.5 transition-colors focus-within:bg-surface-muted hover:bg-surface-muted sm:px-4 md:grid-cols-[13rem_minmax(0,2fr)_minmax(0,1fr)_9rem] md:items-center md:gap-4"
    >
      <p className="col-span-2 min-w-0 md:col-span-1">
        <time dateTime={m.start} className={cn('block font-medium text-default', cancelled && 'text-muted line-through')}>
          {day}
        </time>
        <span className="block text-sm text-body">
          {meetingHours(m.start, m.end)}
          <span className="text-muted"> · {meetingLength(m)}</span>
        </span>
      </p>
      <div className="min-w-0">
        <p className="truncate font-medium text-default">
          {/* The whole row opens the lead in the Contacts tab; the link's outline spans it. */}
          <a
            href={leadHref(m.leadId)}
            onClick={(e) => {
              if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
              e.preventDefault();
              onOpenLead(m.leadId);
            }}
            className="after:absolute after:inset-0 after:rounded-lg hover:underline focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-focus"
          >
            {m.leadName}
          </a>
        </p>
        <p className="truncate text-sm text-muted">{m.leadCompany || 'No company'}</p>
      </div>
      <p className="min-w-0 self-center truncate text-sm text-body md:self-auto">
        <span className="text-muted md:hidden">With </span>
        {m.ownerName}
      </p>
      <p className="col-span-2 flex flex-wrap items-center gap-1.5 md:col-span-1 md:justify-end">
        {cancelled ? <Badge variant="muted">Cancelled</Badge> : <Badge variant="success">Booked</Badge>}
        {wasMoved(m) && (
          <Badge variant="info" title="The visitor moved it from the time first booked">
            Moved
          </Badge>
        )}
      </p>
    </li>
  );
}

type MeetingsTabProps = {
  /** Opens a lead's detail in the Contacts tab. */
  onOpenLead: (id: number) => void;
  /** Opens another tab (the Account tab, for the booking hours). */
  onOpenTab: (tab: string) => void;
};

/** The consultations visitors booked: those to come first, by default everyone's; each row opens its lead. */
export function MeetingsTab({ onOpenLead, onOpenTab }: MeetingsTabProps) {
  const [when, setWhen] = useState<MeetingWhen>('upcoming');
  const [owner, setOwner] = useState<MeetingOwner>('everyone');
  const list = useMeetings(when, owner);
  const meetings = list.data ?? [];

  return (
    <TabCard
      title="Meetings"
      description={`Free consultations visitors booked with the owners of their leads. Times are in your time zone, ${viewerZone()}.`}
    >
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
        <div className="flex min-w-0 flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
          <ToggleGroup label="Which meetings" value={when} onChange={setWhen} options={whenOptions} />
          <div className="w-full sm:w-56">
            <Select aria-label="Whose meetings" value={owner} onValueChange={(v) => setOwner(v as MeetingOwner)} options={ownerOptions} />
          </div>
        </div>
        <ListState query={list} loadingText="Loading meetings...">
          {meetings.length === 0 ? (
            <div className="grid justify-items-center gap-3 rounded-lg border border-dashed border-strong px-4 py-10 text-center">
              <CalendarCheck className="size-6 text-subtle" aria-hidden="true" />
              <p className="max-w-md text-sm text-muted">{emptyText[when]}</p>
              {when !== 'cancelled' && (
                <AdminButton variant="outline" size="sm" onClick={() => onOpenTab('account')}>
                  Set booking hours
                </AdminButton>
              )}
            </div>
          ) : (
            <div className="overflow-hidden rounded-lg border border-default">
              <div
                aria-hidden="true"
                className="hidden grid-cols-[13rem_minmax(0,2fr)_minmax(0,1fr)_9rem] gap-4 border-b border-default bg-surface-muted px-4 py-2 text-xs font-medium tracking-wide text-muted uppercase md:grid"
              >
                <span>When</span>
                <span>Lead</span>
                <span>Owner</span>
                <span className="text-right">Status</span>
              </div>
              <ul aria-label="Meetings" className={cn('divide-y divide-subtle', list.isPlaceholderData && 'opacity-60')}>
                {meetings.map((m) => (
                  <MeetingRow key={m.id} meeting={m} onOpenLead={onOpenLead} />
                ))}
              </ul>
            </div>
          )}
        </ListState>
      </div>
    </TabCard>
  );
}
