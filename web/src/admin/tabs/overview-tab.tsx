import { AlertTriangle, ChartNoAxesColumn, CircleCheck, Clock, ExternalLink, Eye, FileText, Inbox, Pencil, Percent, RefreshCw, Send, Timer, Users } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { cn } from '@/lib/cn';
import { formatSpan } from '@/lib/dates';
import { useLeadStats } from '../lib/leads';
import { useAdminList } from '../lib/resources';
import type { ContentItem } from '@/lib/api-types';
import { ListState, TabCard } from '../tab-parts';
import { InterestSplit, WeeklyLeadsChart } from './charts';
import { Figure } from './analytics-tab';
import { dayBefore, rate, useAnalytics, useHealth } from '../lib/analytics';
import { useEditMode } from '../lib/use-edit-mode';
import { useMay } from '../lib/users';
import { currentSectionFocused } from '../admin-nav';
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

/** Visitors, leads and conversion of the last 7 days against the 7 before, with the way to the Analytics tab. */
function WeekFigures({ onOpenAnalytics }: { onOpenAnalytics: () => void }) {
  const report = useAnalytics({ from: dayBefore(6), to: dayBefore(0) });
  const r = report.data;
  return (
    <section aria-labelledby="week-figures" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="week-figures" className="text-sm font-semibold text-default">
          Last 7 days
        </h2>
        <AdminButton variant="outline" size="sm" onClick={onOpenAnalytics}>
          <ChartNoAxesColumn aria-hidden="true" />
          Open Analytics
        </AdminButton>
      </div>
      <ListState query={report} loadingText="Loading the analytics...">
        {r && (
          <div className="grid gap-4 sm:grid-cols-3">
            <Figure label="Visitors" value={r.visitors} before={r.previous.visitors} shown={String(r.visitors)} icon={<Eye />} />
            <Figure label="Leads" value={r.leads} before={r.previous.leads} shown={String(r.leads)} icon={<Send />} />
            <Figure label="Conversion rate" value={r.conversionRate} before={r.previous.conversionRate} shown={rate(r.conversionRate)} icon={<Percent />} />
          </div>
        )}
      </ListState>
    </section>
  );
}

/** How fast leads are answered: those overdue now, and the median and on-time share of the last 30 days. */
function ResponseFigures({ stats, onOpenInbox }: { stats: ReturnType<typeof useLeadStats>; onOpenInbox: () => void }) {
  const r = stats.data?.response;
  const shown = (v: string | undefined) => (stats.isLoading ? '…' : stats.isError ? '—' : (v ?? '—'));
  return (
    <section aria-labelledby="response-figures" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="response-figures" className="text-sm font-semibold text-default">
          First replies{r ? `, last ${r.days} days` : ''}
        </h2>
        <AdminButton variant="outline" size="sm" onClick={onOpenInbox}>
          <Inbox aria-hidden="true" />
          Open the inbox
        </AdminButton>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <Stat
          label="Overdue now"
          value={shown(r && String(r.overdue))}
          icon={<Timer />}
          tone={r && r.overdue > 0 ? 'bg-danger-soft text-danger' : 'bg-success-soft text-success'}
        />
        <Stat label="Median time to first reply" value={shown(r?.medianMinutes != null ? formatSpan(r.medianMinutes * 60_000) : undefined)} icon={<Clock />} tone="bg-info-soft text-info" />
        <Stat label="Replied within the promise" value={shown(r?.withinShare != null ? rate(r.withinShare) : undefined)} icon={<CircleCheck />} tone="bg-accent-soft text-accent" />
      </div>
    </section>
  );
}

/** The tab of a check's "tab" or "tab#section". */
const tabOfCheck = (target: string) => target.split('#')[0];

/**
 * Opens the tab of a check and, for "tab#section", brings that part of it
 * into view once it shows: after the opened section's link (or the Menu
 * button) has taken the focus, which may scroll the page, and again while the parts above it load and
 * move it, until it stays put (at most 4 s).
 */
function openCheck(target: string, onOpenTab: (tab: string) => void) {
  const [tab, section] = target.split('#');
  onOpenTab(tab);
  if (!section) return;
  const until = Date.now() + 4000;
  let last = Number.NaN;
  let still = 0;
  const show = () => {
    const el = document.getElementById(section);
    const focused = currentSectionFocused();
    if (el && (focused || Date.now() >= until)) {
      const top = el.getBoundingClientRect().top + window.scrollY;
      if (top !== last) {
        el.scrollIntoView({ block: 'start' });
        last = top;
        still = 0;
      } else if (++still >= 20) return;
    }
    if (Date.now() < until) requestAnimationFrame(show);
  };
  requestAnimationFrame(show);
}

/** What keeps the site from working, each with the way to the tab that mends it (when the role has it). */
function HealthChecklist({ onOpenTab, mayOpen }: { onOpenTab: (tab: string) => void; mayOpen: (tab: string) => boolean }) {
  const health = useHealth();
  const problems = health.data?.filter((c) => !c.ok) ?? [];
  const fine = health.data?.filter((c) => c.ok) ?? [];
  return (
    <TabCard
      title="Site health"
      description={problems.length === 0 ? 'Nothing keeps the site from working.' : 'What keeps the site from working, and where to mend it.'}
    >
      <ListState query={health} loadingText="Checking the site...">
        <ul className="grid gap-2" aria-label="Site checks">
          {problems.map((c) => (
            <li key={c.id} className="flex flex-col gap-2 rounded-lg border border-warning-line bg-warning-soft px-3 py-2.5 sm:flex-row sm:items-center sm:justify-between">
              <div className="flex items-start gap-2.5">
                <AlertTriangle className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
                <div className="min-w-0 text-sm">
                  <p className="font-medium text-default">{c.title}</p>
                  <p className="text-body wrap-anywhere">{c.detail}</p>
                </div>
              </div>
              {c.tab && mayOpen(tabOfCheck(c.tab)) && (
                <AdminButton variant="outline" size="sm" className="self-start sm:self-center" onClick={() => openCheck(c.tab, onOpenTab)}>
                  Fix this
                </AdminButton>
              )}
            </li>
          ))}
          {fine.map((c) => (
            <li key={c.id} className="flex items-center gap-2.5 px-3 text-sm text-body">
              <CircleCheck className="size-4 shrink-0 text-success" aria-hidden="true" />
              {c.title}
            </li>
          ))}
        </ul>
      </ListState>
    </TabCard>
  );
}

type OverviewTabProps = {
  /** Opens a tab of the dashboard by its value. */
  onOpenTab: (tab: string) => void;
  /** Whether the signed-in role has the tab. */
  mayOpen?: (tab: string) => boolean;
};

export function OverviewTab({ onOpenTab, mayOpen = () => true }: OverviewTabProps) {
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
      {leads && <WeekFigures onOpenAnalytics={() => onOpenTab('analytics')} />}
      {leads && <ResponseFigures stats={stats} onOpenInbox={() => onOpenTab('contacts')} />}
      <HealthChecklist onOpenTab={onOpenTab} mayOpen={mayOpen} />
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
