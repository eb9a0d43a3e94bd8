import { useState } from 'react';
import type { AuditEntry } from '@/lib/api-types';
import { formatDate } from '@/lib/dates';
import { auditActionLabel, auditActionLabels, downloadAuditCSV, useAuditPage, type AuditFilter } from '../lib/audit';
import { useDebounced } from '../lib/use-debounced';
import { ExportButton, PagedList, TabCard } from '../tab-parts';
import { Badge } from '@/components/ui/badge';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { FormField } from '@/components/ui/form-field';
import { usePage } from '../lib/paging';

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
  const { page, setPage, refine } = usePage();
  const debouncedUser = useDebounced(user, 300);
  const filter: AuditFilter = { user: debouncedUser, action: action === ALL ? '' : action, from, to };
  const list = useAuditPage(filter, page);
  const entries = list.data?.data ?? [];
  const filtered = filter.user !== '' || filter.action !== '' || from !== '' || to !== '';


  return (
    <TabCard
      title="Audit log"
      description="Who did what, when and from which address: sign-ins, every change, and every look at a lead's data."
      actions={<ExportButton label="Download CSV" download={() => downloadAuditCSV(filter)} failure="Failed to export the audit log" />}
    >
      <div className="grid gap-4">
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(0,1fr)_14rem_10rem_10rem]">
          <FormField id="audit-user" label="User" className="col-span-2 lg:col-span-1">
            <Input id="audit-user" type="search" placeholder="Username, as typed at sign-in" value={user} onChange={(e) => refine(setUser)(e.target.value)} />
          </FormField>
          <FormField id="audit-action" label="Action" className="col-span-2 lg:col-span-1">
            <Select id="audit-action" value={action} onValueChange={refine(setAction)} options={actionOptions} />
          </FormField>
          <FormField id="audit-from" label="From (UTC)" className="min-w-0">
            <Input id="audit-from" type="date" className="min-w-0" value={from} onChange={(e) => refine(setFrom)(e.target.value)} />
          </FormField>
          <FormField id="audit-to" label="To (UTC)" className="min-w-0">
            <Input id="audit-to" type="date" className="min-w-0" value={to} min={from || undefined} onChange={(e) => refine(setTo)(e.target.value)} />
          </FormField>
        </div>
        <PagedList
          query={list}
          label="Audit log entries"
          loadingText="Loading the audit log..."
          emptyText={filtered ? 'No entries match these filters.' : 'No entries yet.'}
          columns="grid-cols-[11rem_minmax(0,1fr)_12rem_minmax(0,1.2fr)] lg:grid"
          headings={
            <>
              <span>When</span>
              <span>Who</span>
              <span>Action</span>
              <span>Target</span>
            </>
          }
          pagerLabel="Pages of the audit log"
          page={page}
          onPage={setPage}
        >
          {entries.map((e) => (
            <EntryRow key={e.id} entry={e} />
          ))}
        </PagedList>
      </div>
    </TabCard>
  );
}
