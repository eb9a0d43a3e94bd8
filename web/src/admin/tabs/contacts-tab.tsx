import { useEffect, useRef, useState } from 'react';
import { Inbox, Search, ShieldAlert } from 'lucide-react';
import { interestChoices } from '@/lib/api-contracts';
import {
  downloadLeadsCSV,
  interestLabel,
  leadClock,
  leadStatuses,
  useLeadPage,
  useLeadStats,
  type LeadFilter,
  type LeadOwnerFilter,
  type LeadView,
} from '../lib/leads';
import type { Lead } from '@/lib/api-types';
import { useDebounced } from '../lib/use-debounced';
import { ExportButton, PagedList, TabCard, ToggleGroup } from '../tab-parts';
import { Badge } from '@/components/ui/badge';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { formatDate, formatSpan } from '@/lib/dates';
import { LeadDetail, StatusBadge } from './lead-detail';
import { usePage } from '../lib/paging';

const ALL = 'all';

const statusOptions = [{ value: ALL, label: 'All statuses' }, ...leadStatuses];
const interestOptions = [{ value: ALL, label: 'All interests' }, ...interestChoices];
const ownerOptions = [
  { value: ALL, label: 'Anyone\'s leads' },
  { value: 'me', label: 'My leads' },
  { value: 'none', label: 'No owner' },
];
const sortOptions = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest waiting first' },
];

/** Where the lead stands against the promised response time. */
function LeadClock({ lead, now }: { lead: Lead; now: number }) {
  const clock = leadClock(lead, now);
  switch (clock.state) {
    case 'overdue':
      return <Badge variant="danger" title={`Was due ${formatDate(lead.dueAt)}`}>Overdue {formatSpan(clock.ms)}</Badge>;
    case 'due':
      return (
        <span className="text-xs text-muted" title={`Due ${formatDate(lead.dueAt)}`}>
          Reply within {formatSpan(clock.ms)}
        </span>
      );
    case 'answered':
      return <span className="text-xs text-muted">Answered in {formatSpan(clock.ms)}</span>;
  }
  return null;
}

/** Inbox or Spam, as two toggle buttons with their counts. */
function ViewSwitch({ view, onChange, counts }: { view: LeadView; onChange: (v: LeadView) => void; counts: Record<LeadView, number | undefined> }) {
  const views = [
    { value: 'inbox' as const, label: 'Inbox', icon: Inbox, count: counts.inbox },
    { value: 'spam' as const, label: 'Spam', icon: ShieldAlert, count: counts.spam },
  ];
  return <ToggleGroup label="Lead view" value={view} onChange={onChange} options={views} />;
}

function LeadRow({ lead, now, onOpen }: { lead: Lead; now: number; onOpen: (e: React.MouseEvent<HTMLButtonElement>) => void }) {
  const name = `${lead.firstName} ${lead.lastName}`;
  return (
    <li
      aria-label={name}
      className="relative grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-1.5 px-3 py-3.5 transition-colors focus-within:bg-surface-muted hover:bg-surface-muted md:grid-cols-[minmax(0,2fr)_minmax(0,1.2fr)_7rem_11rem] md:items-center md:gap-4 sm:px-4"
    >
      <div className="col-span-2 min-w-0 md:col-span-1">
        <p className="truncate font-medium text-default">
          {/* The whole row opens the lead; the button's outline spans it. */}
          <button
            type="button"
            onClick={onOpen}
            className="text-left after:absolute after:inset-0 after:rounded-lg focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-focus"
          >
            {name}
          </button>
          {lead.status === 'new' && !lead.spam && <span className="ml-2 inline-block size-2 rounded-full bg-info align-middle" title="New" aria-hidden="true" />}
        </p>
        <p className="truncate text-sm text-muted">
          {lead.company} · {lead.email}
        </p>
      </div>
      <p className="col-span-2 min-w-0 truncate text-sm text-body md:col-span-1">
        <span className="text-muted md:hidden">Interest: </span>
        {interestLabel(lead.aiSolutionInterest)}
        <span className="block truncate text-xs text-muted">{lead.ownerName ? `Owner: ${lead.ownerName}` : 'No owner'}</span>
      </p>
      <p className="flex flex-wrap items-center gap-1.5">
        <StatusBadge status={lead.status} />
        {lead.spam && <Badge variant="danger">Spam</Badge>}
      </p>
      <p className="flex flex-col items-end gap-1 self-center text-right">
        <time dateTime={lead.createdAt} className="text-xs whitespace-nowrap text-muted md:text-sm">
          {formatDate(lead.createdAt)}
        </time>
        <LeadClock lead={lead} now={now} />
      </p>
    </li>
  );
}

type ContactsTabProps = {
  /** When set, opens this lead's detail (a link to `/admin?tab=contacts&lead=12`); onLeadOpened follows. */
  openLead?: number;
  onLeadOpened?: () => void;
};

export function ContactsTab({ openLead, onLeadOpened }: ContactsTabProps = {}) {
  const [view, setView] = useState<LeadView>('inbox');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState(ALL);
  const [interest, setInterest] = useState(ALL);
  const [owner, setOwner] = useState(ALL);
  const [overdue, setOverdue] = useState(false);
  const [sort, setSort] = useState('newest');
  const { page, setPage, refine } = usePage();
  const [openId, setOpenId] = useState<number | null>(null);
  // The row a lead was opened from takes the focus back when its dialog closes.
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (openLead === undefined) return;
    opener.current = null;
    setOpenId(openLead);
    onLeadOpened?.();
  }, [openLead, onLeadOpened]);
  const q = useDebounced(search, 300);
  const filter: LeadFilter = {
    view,
    q,
    status: status === ALL ? '' : status,
    interest: interest === ALL ? '' : interest,
    owner: owner === ALL ? '' : (owner as LeadOwnerFilter),
    overdue,
    oldest: sort === 'oldest',
  };
  const list = useLeadPage(filter, page);
  const stats = useLeadStats();
  const leads = list.data?.data ?? [];
  const filtered = filter.q !== '' || filter.status !== '' || filter.interest !== '' || owner !== ALL || overdue;
  // The time the clocks of the page are read at: when it loaded.
  const now = list.dataUpdatedAt || Date.now();

  // Any change of filter starts again from the first page.

  const emptyText = filtered ? 'No leads match this search and these filters.' : view === 'spam' ? 'No spam. Suspicious submissions land here.' : 'No contact submissions yet.';

  return (
    <TabCard
      title="Contact Submissions"
      description="Leads from the website's forms. Each is due a first reply within the promised time."
      actions={<ExportButton label="Export CSV" download={() => downloadLeadsCSV(filter)} failure="Failed to export contact submissions" />}
    >
      <div className="grid gap-4">
        <div className="flex flex-col gap-3 lg:flex-row lg:items-end">
          <ViewSwitch view={view} onChange={refine(setView)} counts={{ inbox: stats.data?.total, spam: stats.data?.spamCount }} />
          <div className="grid flex-1 grid-cols-2 gap-3 sm:grid-cols-[minmax(0,1fr)_11rem_13rem]">
            <div className="relative col-span-2 sm:col-span-1">
              <Label htmlFor="leads-search" className="sr-only">
                Search leads
              </Label>
              <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-subtle" aria-hidden="true" />
              <Input
                id="leads-search"
                type="search"
                placeholder="Search name, email or company"
                value={search}
                onChange={(e) => refine(setSearch)(e.target.value)}
                className="pl-9"
              />
            </div>
            <Select aria-label="Filter by status" value={status} onValueChange={refine(setStatus)} options={statusOptions} />
            <Select aria-label="Filter by interest" value={interest} onValueChange={refine(setInterest)} options={interestOptions} />
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <div className="w-full sm:w-44">
            <Select aria-label="Filter by owner" value={owner} onValueChange={refine(setOwner)} options={ownerOptions} />
          </div>
          <div className="w-full sm:w-52">
            <Select aria-label="Sort leads" value={sort} onValueChange={refine(setSort)} options={sortOptions} />
          </div>
          <label className="inline-flex min-h-10 items-center gap-2 text-sm text-body">
            <Switch checked={overdue} onCheckedChange={refine(setOverdue)} />
            Overdue only
            {stats.data && stats.data.response.overdue > 0 && (
              <Badge variant="danger" className="tabular-nums">
                {stats.data.response.overdue}
              </Badge>
            )}
          </label>
        </div>
        <PagedList
          query={list}
          label={view === 'spam' ? 'Spam' : 'Leads'}
          loadingText="Loading contact submissions..."
          emptyText={emptyText}
          columns="grid-cols-[minmax(0,2fr)_minmax(0,1.2fr)_7rem_11rem] md:grid"
          headings={
            <>
              <span>Lead</span>
              <span>Interest</span>
              <span>Status</span>
              <span className="text-right">Received</span>
            </>
          }
          pagerLabel="Pages of leads"
          page={page}
          onPage={setPage}
        >
          {leads.map((l) => (
            <LeadRow
              key={l.id}
              lead={l}
              now={now}
              onOpen={(e) => {
                opener.current = e.currentTarget;
                setOpenId(l.id);
              }}
            />
          ))}
        </PagedList>
      </div>
      <LeadDetail
        leadId={openId}
        leads={leads}
        onClose={() => setOpenId(null)}
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          // A lead that left the list (to or from Spam) has no row: the search box takes the focus.
          (opener.current?.isConnected ? opener.current : document.getElementById('leads-search'))?.focus();
        }}
      />
    </TabCard>
  );
}
