import { useCallback, useEffect, useState } from 'react';
import { ChevronDown, Save } from 'lucide-react';
import type { Application, ApplicationStatus, Position } from '@/lib/api-types';
import { formatDate } from '@/lib/dates';
import {
  applicationStatusLabels,
  applicationTimeline,
  downloadApplicationsCSV,
  downloadCV,
  useApplications,
  useCareersSettings,
  useSaveCareersSettings,
  useApplication,
  useSetApplicationActivity,
  useSetApplicationStatus,
  type ApplicationFilter,
} from '../lib/applications';
import { readDraft } from '../lib/timeline';
import { useMay, useMe } from '../lib/users';
import { Timeline } from './timeline';
import { useAdminList } from '../lib/resources';
import { BusyButton, ExportButton, ListState, TabCard } from '../tab-parts';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { AdminButton } from '@/components/ui/admin-button';
import { Badge } from '@/components/ui/badge';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';

const ALL = 'all';
const statusChoices = Object.entries(applicationStatusLabels).map(([value, label]) => ({ value, label }));

/** An application's notes and changes of status, loaded when shown. */
function ApplicationTimeline({ id, onDirtyChange }: { id: number; onDirtyChange: (dirty: boolean) => void }) {
  const one = useApplication(id, true);
  const setActivity = useSetApplicationActivity(id);
  const me = useMe().data;
  const mayWrite = useMay('careers');
  if (one.error) {
    return (
      <p role="alert" className="text-sm text-danger">
        {one.error.message}
      </p>
    );
  }
  return (
    <Timeline
      spec={applicationTimeline(id)}
      activity={one.data ? (one.data.activity ?? []) : undefined}
      onActivity={setActivity}
      mayWrite={mayWrite}
      mayDelete={false}
      userId={me?.id}
      onDirtyChange={onDirtyChange}
    />
  );
}

function ApplicationRow({ a }: { a: Application }) {
  const setStatus = useSetApplicationStatus();
  const [open, setOpen] = useState(false);
  // Whether a note is typed and not saved: it stays kept in this browser while the timeline is closed.
  const [unsaved, setUnsaved] = useState(false);
  useEffect(() => setUnsaved(readDraft(applicationTimeline(a.id)) !== null), [a.id]);
  const onDirtyChange = useCallback((dirty: boolean) => setUnsaved(dirty), []);
  const name = `${a.firstName} ${a.lastName}`;
  const panelId = `application-${a.id}-timeline`;
  return (
    <li aria-label={name} className="grid gap-3 px-3 py-3 sm:px-4">
      <div className="grid gap-3 lg:grid-cols-[minmax(0,1.5fr)_minmax(0,1fr)_12rem] lg:items-start">
        <div className="min-w-0">
          <p className="font-medium text-default">{name}</p>
          <p className="text-sm text-muted">
            {a.positionTitle} · {formatDate(a.createdAt)}
          </p>
          {a.coverNote && <p className="mt-1 text-sm whitespace-pre-line text-body">{a.coverNote}</p>}
        </div>
        <div className="min-w-0 text-sm break-words text-body">
          <a href={`mailto:${a.email}`} className="block hover:underline">
            {a.email}
          </a>
          {a.phone && <span className="block">{a.phone}</span>}
          {a.url && (
            <a href={a.url} target="_blank" rel="noopener noreferrer nofollow" className="block hover:underline">
              {a.url}
            </a>
          )}
          <ExportButton label={`Download CV (${a.cvName})`} download={() => downloadCV(a)} failure="Failed to download the CV" />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`application-${a.id}-status`}>Status</Label>
          <Select
            id={`application-${a.id}-status`}
            value={a.status}
            onValueChange={(v) => setStatus.mutate({ id: a.id, status: v as ApplicationStatus })}
            options={statusChoices}
          />
          {setStatus.error && (
            <p role="alert" className="text-sm text-danger">
              {setStatus.error.message}
            </p>
          )}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <AdminButton variant="ghost" size="sm" className="-ml-2" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
          <ChevronDown className={cn('transition-transform', open && 'rotate-180')} aria-hidden="true" />
          Notes and history
        </AdminButton>
        {unsaved && !open && <Badge variant="warning">Unsaved note</Badge>}
      </div>
      {open && (
        <section id={panelId} aria-label={`Notes and history of ${name}`} className="max-w-3xl rounded-lg border border-subtle bg-surface-muted p-3 sm:p-4">
          <ApplicationTimeline id={a.id} onDirtyChange={onDirtyChange} />
        </section>
      )}
    </li>
  );
}

/** How many months the applications are kept; older ones are deleted with their CVs. */
function RetentionForm({ initial }: { initial: number }) {
  const [months, setMonths] = useState(String(initial));
  const [error, setError] = useState('');
  const save = useSaveCareersSettings();
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setError('');
    try {
      await save.mutateAsync({ retentionMonths: Number(months) });
    } catch (err) {
      setError(isApiError(err) ? (err.fieldErrors.retentionMonths ?? err.message) : 'Failed to save');
    }
  }
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-wrap items-end gap-3">
      <FormField id="careers-retention" label="Keep applications for (months)" error={error} hint="0 keeps them for ever; older ones are deleted with their CVs.">
        <Input id="careers-retention" type="number" min={0} max={120} value={months} onChange={(e) => setMonths(e.target.value)} aria-invalid={error ? true : undefined} />
      </FormField>
      <BusyButton type="submit" variant="outline" disabled={save.isPending} icon={Save} busy={save.isPending} label="Save" busyLabel="Saving..." />
    </form>
  );
}

function RetentionCard() {
  const settings = useCareersSettings();
  return (
    <TabCard title="Retention" description="How long the site keeps the applications.">
      <ListState query={settings} loadingText="Loading the careers settings...">
        {settings.data && <RetentionForm key={settings.dataUpdatedAt} initial={settings.data.retentionMonths} />}
      </ListState>
    </TabCard>
  );
}

/**
 * The applications to the positions (recruiters and administrators): who
 * applied for what, their note and CV, and where each stands; filtered by
 * position and status.
 */
export function ApplicationsTab() {
  const [position, setPosition] = useState(ALL);
  const [status, setStatus] = useState(ALL);
  const positions = useAdminList<Position>('positions', 'Failed to fetch positions');
  const filter: ApplicationFilter = { positionId: position === ALL ? null : Number(position), status: status === ALL ? '' : (status as ApplicationStatus) };
  const list = useApplications(filter);
  const rows = list.data ?? [];
  const positionChoices = [{ value: ALL, label: 'All positions' }, ...(positions.data ?? []).map((p) => ({ value: String(p.id), label: p.title }))];
  return (
    <div className="grid gap-6">
      <TabCard
        title="Applications"
        description="Applications sent from the positions' pages, newest first. Download a CV to read it; move each on as it goes."
        actions={<ExportButton label="Download CSV" download={() => downloadApplicationsCSV(filter)} failure="Failed to export the applications" />}
      >
        <div className="grid gap-4">
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField id="applications-position" label="Position">
              <Select id="applications-position" value={position} onValueChange={setPosition} options={positionChoices} />
            </FormField>
            <FormField id="applications-status" label="Status">
              <Select id="applications-status" value={status} onValueChange={setStatus} options={[{ value: ALL, label: 'All statuses' }, ...statusChoices]} />
            </FormField>
          </div>
          <ListState query={list} isEmpty={rows.length === 0} loadingText="Loading the applications..." emptyText="No applications yet.">
            <ul aria-label="Applications" className="divide-y divide-subtle overflow-hidden rounded-lg border border-default">
              {rows.map((a) => (
                <ApplicationRow key={a.id} a={a} />
              ))}
            </ul>
          </ListState>
        </div>
      </TabCard>
      <RetentionCard />
    </div>
  );
}

