import { useState } from 'react';
import { cn } from '@/lib/cn';
import type { AuditEntry } from '@/lib/api-types';
import { formatDate } from '@/lib/dates';
import { auditActionLabel, auditActionLabels, downloadAuditCSV, useAuditPage, type AuditFilter } from '../lib/audit';
import { useDebounced } from '../lib/use-debounced';
import { ExportButton, ListState, Pager, TabCard } from '../tab-parts';
import { Badge } from '@/components/ui/badge';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';

const ALL = 'all';
const actionOptions = [
  { value: ALL, label: 'All actions' },
  ...Object.entries(auditActionLabels).map(([value, label]) => ({ value, label })),
];

function actionVariant(action: string): 'danger' | 'info' | 'muted' | 'warning' {
  if (action === 'sign-in-failed' || action === 'delete' || action === 'privacy-erase') return 'danger';
  if (action === 'lead-list' || action === 'lead-view' || action === 'lead-export' || action.startsWith('privacy')) return 'warning';
  if (action === 'sign-in' || action === 'sign-out') return 'muted';
  return 'info';
}

function EntryRow({ entry }: { entry: AuditEntry }) {
  return (
    <li className="grid gap-x-4 gap-y-1 px-3 py-3 sm:px-4 lg:grid-cols-[11rem_minmax(0,1fr)_12rem_minmax(0,1.2fr)] lg:items-center">
      <time dateTime={entry.at} className="text-xs text-muted tabular-nums lg:text-sm">
        {formatDate(entry.at)}
      </time>
      <p className="min-w-0">
        <span className="block truncate text-sm font-medium text-default">{entry.username || 'Unknown'}</span>
        <span className="block truncate text-xs text-muted">
          {entry.userId === null ? 'No account · ' : ''}
          {entry.addr || 'No address'}
        </span>
      </p>
      <p>
        <Badge variant={actionVariant(entry.action)}>{auditActionLabel(entry.action)}</Badge>
      </p>
      <p className="min-w-0 text-sm break-words text-body">
        {entry.target && <span className="font-mono text-xs text-body">{entry.target}</span>}
        {entry.target && entry.detail && <span className="text-subtle"> · </span>}
        {entry.detail}
      </p>
    </li>
  );
}

/** The audit log: who did what, when and from where (administrators only). */
export function AuditTab() {
  const [user, setUser] = useState('');
  const [action, setAction] = useState(ALL);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const debouncedUser = useDebounced(user, 300);
  const filter: AuditFilter = { user: debouncedUser, action: action === ALL ? '' : action, from, to };
  const list = useAuditPage(filter, page);
  const entries = list.data?.data ?? [];
  const total = list.data?.total ?? 0;
  const filtered = filter.user !== '' || filter.action !== '' || from !== '' || to !== '';

  function refine<T>(set: (v: T) => void) {
    return (v: T) => {
      set(v);
      setPage(1);
    };
  }

  return (
    <TabCard
      title="Audit log"
      description="Who did what, when and from which address: sign-ins, every change, and every look at a lead's data."
      actions={<ExportButton label="Download CSV" download={() => downloadAuditCSV(filter)} failure="Failed to export the audit log" />}
    >
      <div className="grid gap-4">
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(0,1fr)_14rem_10rem_10rem]">
          <div className="col-span-2 grid gap-1.5 lg:col-span-1">
            <Label htmlFor="audit-user">User</Label>
            <Input id="audit-user" type="search" placeholder="Username, as typed at sign-in" value={user} onChange={(e) => refine(setUser)(e.target.value)} />
          </div>
          <div className="col-span-2 grid gap-1.5 lg:col-span-1">
            <Label htmlFor="audit-action">Action</Label>
            <Select id="audit-action" value={action} onValueChange={refine(setAction)} options={actionOptions} />
          </div>
          <div className="grid min-w-0 gap-1.5">
            <Label htmlFor="audit-from">From (UTC)</Label>
            <Input id="audit-from" type="date" className="min-w-0" value={from} onChange={(e) => refine(setFrom)(e.target.value)} />
          </div>
          <div className="grid min-w-0 gap-1.5">
            <Label htmlFor="audit-to">To (UTC)</Label>
            <Input id="audit-to" type="date" className="min-w-0" value={to} min={from || undefined} onChange={(e) => refine(setTo)(e.target.value)} />
          </div>
        </div>
        <ListState
          query={list}
          isEmpty={entries.length === 0}
          loadingText="Loading the audit log..."
          emptyText={filtered ? 'No entries match these filters.' : 'No entries yet.'}
        >
          <div className="overflow-hidden rounded-lg border border-default">
            <div aria-hidden="true" className="hidden grid-cols-[11rem_minmax(0,1fr)_12rem_minmax(0,1.2fr)] gap-4 border-b border-default bg-surface-muted px-4 py-2 text-xs font-medium tracking-wide text-muted uppercase lg:grid">
              <span>When</span>
              <span>Who</span>
              <span>Action</span>
              <span>Target</span>
            </div>
            <ul aria-label="Audit log entries" className={cn('divide-y divide-subtle', list.isPlaceholderData && 'opacity-60')}>
              {entries.map((e) => (
                <EntryRow key={e.id} entry={e} />
              ))}
            </ul>
          </div>
        </ListState>
        {!list.isLoading && !list.error && total > 0 && (
          <Pager label="Pages of the audit log" page={page} pageSize={list.data?.pageSize ?? 50} shown={entries.length} total={total} busy={list.isFetching} onPage={setPage} />
        )}
      </div>
    </TabCard>
  );
}
