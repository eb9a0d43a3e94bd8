import { AlertTriangle, ExternalLink, FileText, Inbox, Pencil, RefreshCw, Users } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { cn } from '@/lib/cn';
import { useLeadStats } from '../lib/leads';
import { useAdminList } from '../lib/resources';
import type { ContentItem } from '@/lib/api-types';
import { ListState, TabCard } from '../tab-parts';
import { InterestSplit, WeeklyLeadsChart } from './lead-charts';
import { useEditMode } from '../lib/use-edit-mode';
import { useMay } from '../lib/users';
import { AdminButton } from '@/components/ui/admin-button';
import { Panel, PanelContent, PanelHeader, PanelHeading } from '@/components/ui/panel';

function Stat({ label, value, icon, tone }: { label: string; value: React.ReactNode; icon: React.ReactNode; tone: string }) {
  return (
    <Panel>
      <PanelContent className="flex items-center gap-4 py-5">
        <span className={cn('flex size-11 items-center justify-center rounded-lg [&_svg]:size-5', tone)} aria-hidden="true">
          {icon}
        </span>
        <div>
          <p className="text-sm text-muted">{label}</p>
          <p className="text-2xl font-semibold text-default">{value}</p>
        </div>
      </PanelContent>
    </Panel>
  );
}

/** Shown while notifications of leads keep failing, so nobody misses a lead unknowingly. */
function DeliveryWarning({ failing, lastError, onOpenContacts }: { failing: number; lastError: string; onOpenContacts: () => void }) {
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-warning-line bg-warning-soft px-4 py-3 text-sm text-warning sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-start gap-3">
        <AlertTriangle className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden="true" />
        <div className="min-w-0">
          <p className="font-semibold">
            {failing} lead {failing === 1 ? 'notification is' : 'notifications are'} failing.
          </p>
          <p className="mt-0.5 text-warning">
            The leads are safe in Contacts, but no one has been told about them.
            {lastError && (
              <>
                {' '}
                Last error: <span className="font-mono wrap-anywhere">{lastError}</span>
              </>
            )}
          </p>
        </div>
      </div>
      <AdminButton variant="outline" size="sm" className="self-start sm:self-center" onClick={onOpenContacts}>
        <Inbox aria-hidden="true" />
        Open Contacts
      </AdminButton>
    </div>
  );
}

export function OverviewTab({ onOpenContacts }: { onOpenContacts: () => void }) {
  const leads = useMay('leads');
  const mayEdit = useMay('content');
  const stats = useLeadStats(leads);
  const content = useAdminList<ContentItem>('content', 'Failed to fetch website content');
  const { editMode, toggleEditMode } = useEditMode();
  const client = useQueryClient();
  const count = (q: { data?: unknown[]; isLoading: boolean; isError: boolean }) => (q.isLoading ? '…' : q.isError ? '—' : (q.data?.length ?? 0));
  const figure = (n: number | undefined) => (stats.isLoading ? '…' : stats.isError ? '—' : (n ?? 0));

  return (
    <div className="grid gap-6">
      {stats.data && stats.data.failingDeliveries > 0 && (
        <DeliveryWarning failing={stats.data.failingDeliveries} lastError={stats.data.lastDeliveryError} onOpenContacts={onOpenContacts} />
      )}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {leads && <Stat label="Contact submissions" value={figure(stats.data?.total)} icon={<Users />} tone="bg-primary/10 text-primary" />}
        {leads && <Stat label="New leads" value={figure(stats.data?.newCount)} icon={<Inbox />} tone="bg-info-soft text-info" />}
        <Stat label="Content items" value={count(content)} icon={<FileText />} tone="bg-accent-soft text-accent" />
        {mayEdit && (
          <Stat
            label="Edit mode"
            value={editMode ? 'On' : 'Off'}
            icon={<Pencil />}
            tone={editMode ? 'bg-success-soft text-success' : 'bg-surface-sunken text-body'}
          />
        )}
      </div>
      {leads && (
      <div className="grid gap-6 lg:grid-cols-3">
        <TabCard title="Leads per week" description="The last 12 weeks, spam left out; the current week in full colour." className="lg:col-span-2">
          <ListState query={stats} loadingText="Loading lead figures...">
            {stats.data && <WeeklyLeadsChart weeks={stats.data.weeks} />}
          </ListState>
        </TabCard>
        <TabCard title="Leads by interest" description="What leads asked about, of all leads.">
          <ListState query={stats} loadingText="Loading lead figures...">
            {stats.data && <InterestSplit byInterest={stats.data.byInterest} total={stats.data.total} />}
          </ListState>
        </TabCard>
      </div>
      )}
      <Panel>
        <PanelHeader>
          <PanelHeading title="Quick Actions" description="Common tasks in one click." />
        </PanelHeader>
        <PanelContent className="flex flex-wrap gap-3">
          {mayEdit && (
            <AdminButton variant={editMode ? 'outline' : 'success'} onClick={toggleEditMode}>
              <Pencil aria-hidden="true" />
              {editMode ? 'Disable Edit Mode' : 'Enable Edit Mode'}
            </AdminButton>
          )}
          <AdminButton variant="outline" asChild>
            <a href="/" target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden="true" />
              Open Website
            </a>
          </AdminButton>
          <AdminButton variant="outline" onClick={() => void client.invalidateQueries()}>
            <RefreshCw aria-hidden="true" />
            Refresh Data
          </AdminButton>
        </PanelContent>
      </Panel>
    </div>
  );
}
