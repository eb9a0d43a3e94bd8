import { Eye, Percent, Send, Users } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { cn } from '@/lib/cn';
import type { AnalyticsReport, AnalyticsRow, VitalSummary } from '@/lib/api-types';
import { dayBefore, downloadAnalyticsCSV, rate, trend, useAnalytics, type Span } from '../lib/analytics';
import { ExportButton, ListState, TabCard } from '../tab-parts';
import { BarChart, SplitBars } from './charts';
import { Input } from '@/components/ui/input';
import { Panel, PanelContent, PanelHeader, PanelHeading } from '@/components/ui/panel';
import { Select } from '@/components/ui/select';
import { FormField } from '@/components/ui/form-field';

const ranges = [
  { value: '0', label: 'Today' },
  { value: '6', label: 'Last 7 days' },
  { value: '29', label: 'Last 30 days' },
  { value: '89', label: 'Last 90 days' },
  { value: 'custom', label: 'Custom' },
];

/** A figure of the span beside its change from the span as long before it. */
export function Figure({ label, value, before, shown, icon }: { label: string; value: number; before: number; shown: string; icon: React.ReactNode }) {
  const change = trend(value, before);
  const up = value > before;
  return (
    <Panel>
      <PanelContent className="flex items-center gap-4 py-5">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary [&_svg]:size-5" aria-hidden="true">
          {icon}
        </span>
        <div className="min-w-0">
          <p className="text-sm text-muted">{label}</p>
          <p className="text-2xl font-semibold text-default tabular-nums">{shown}</p>
          <p className={cn('text-xs tabular-nums', value === before ? 'text-muted' : up ? 'text-success' : 'text-danger')}>
            {change} <span className="text-muted">vs the period before</span>
          </p>
        </div>
      </PanelContent>
    </Panel>
  );
}

type Column = { title: string; cell: (r: AnalyticsRow) => React.ReactNode };

const sourceGroups: Record<string, string> = { direct: 'Direct', search: 'Search', social: 'Social', referral: 'Referral' };

const columns: Record<'pages' | 'landingPages' | 'sources' | 'campaigns' | 'devices', Column> = {
  pages: { title: 'Page', cell: (r) => <span className="font-mono text-xs">{r.path}</span> },
  landingPages: { title: 'Landing page', cell: (r) => <span className="font-mono text-xs">{r.path}</span> },
  sources: {
    title: 'Source',
    cell: (r) =>
      r.source ? (
        <>
          {r.source} <span className="text-muted">· {sourceGroups[r.group ?? ''] ?? r.group}</span>
        </>
      ) : (
        'Direct'
      ),
  },
  campaigns: { title: 'Campaign (source / medium / campaign)', cell: (r) => r.campaign },
  devices: { title: 'Device', cell: (r) => <span className="capitalize">{r.device}</span> },
};

/** One table of the report: a row per page, source, campaign or device, with its visitors, views, leads and conversion. */
function RowsTable({ table, rows, span, views }: { table: keyof typeof columns; rows: AnalyticsRow[]; span: Span; views: string }) {
  const first = columns[table];
  return (
    <TabCard
      className="min-w-0"
      title={tableTitles[table]}
      description={tableDescriptions[table]}
      actions={<ExportButton label="CSV" download={() => downloadAnalyticsCSV(table, span)} failure="Failed to export the table" />}
    >
      {rows.length === 0 ? (
        <p className="text-sm text-muted">Nothing counted in this period.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-muted">
              <tr className="border-b border-default">
                <th scope="col" className="py-2 pr-3 font-medium">
                  {first.title}
                </th>
                <th scope="col" className="px-2 py-2 text-right font-medium">
                  Visitors
                </th>
                <th scope="col" className="px-2 py-2 text-right font-medium">
                  {views}
                </th>
                {table !== 'devices' && (
                  <>
                    <th scope="col" className="px-2 py-2 text-right font-medium">
                      Leads
                    </th>
                    <th scope="col" className="py-2 pl-2 text-right font-medium">
                      Conversion
                    </th>
                  </>
                )}
              </tr>
            </thead>
            <tbody className="divide-y divide-subtle">
              {rows.slice(0, 10).map((r) => (
                <tr key={`${r.path}${r.source}${r.campaign}${r.device}`}>
                  <th scope="row" className="max-w-56 truncate py-2 pr-3 font-normal text-default">
                    {first.cell(r)}
                  </th>
                  <td className="px-2 py-2 text-right tabular-nums">{r.visitors}</td>
                  <td className="px-2 py-2 text-right tabular-nums">{r.pageviews}</td>
                  {table !== 'devices' && (
                    <>
                      <td className="px-2 py-2 text-right tabular-nums">{r.leads}</td>
                      <td className="py-2 pl-2 text-right tabular-nums">{rate(r.conversionRate)}</td>
                    </>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </TabCard>
  );
}

const tableTitles = { pages: 'Pages', landingPages: 'Landing pages', sources: 'Sources', campaigns: 'Campaigns', devices: 'Devices' };
const tableDescriptions = {
  pages: 'Pages read, and the leads whose visit read them.',
  landingPages: 'Where visits began, and the leads they brought.',
  sources: 'Where visitors came from: the referring site, grouped.',
  campaigns: 'Visits from links tagged with UTM parameters.',
  devices: 'By screen width: phones, tablets and desktops.',
};

const vitalNames: { key: 'lcp' | 'inp' | 'cls' | 'ttfb'; label: string; unit: string }[] = [
  { key: 'lcp', label: 'LCP', unit: 'ms' },
  { key: 'inp', label: 'INP', unit: 'ms' },
  { key: 'cls', label: 'CLS', unit: '' },
  { key: 'ttfb', label: 'TTFB', unit: 'ms' },
];

/** A metric's 75th percentile, coloured by its rating, with the share of good measures. */
function Vital({ v, unit }: { v: VitalSummary | null; unit: string }) {
  if (!v || v.samples === 0) return <span className="text-muted">—</span>;
  const tone = v.good >= 0.75 ? 'text-success' : v.poor > 0.25 ? 'text-danger' : 'text-warning';
  return (
    <span className="tabular-nums">
      <span className={cn('font-medium', tone)}>{unit ? `${Math.round(v.p75)} ${unit}` : v.p75.toFixed(3)}</span>
      <span className="block text-xs text-muted">{rate(v.good)} good</span>
    </span>
  );
}

function VitalsTable({ report, span }: { report: AnalyticsReport; span: Span }) {
  return (
    <TabCard
      className="min-w-0"
      title="Real-user speed"
      description="The 75th percentile of each Core Web Vital, and time to first byte, as visitors' browsers measured them; green when 75% of visits were good."
      actions={<ExportButton label="CSV" download={() => downloadAnalyticsCSV('vitals', span)} failure="Failed to export the table" />}
    >
      {report.vitals.length === 0 ? (
        <p className="text-sm text-muted">No measures in this period yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-muted">
              <tr className="border-b border-default">
                <th scope="col" className="py-2 pr-3 font-medium">
                  Page
                </th>
                {vitalNames.map((n) => (
                  <th key={n.key} scope="col" className="px-2 py-2 text-right font-medium">
                    {n.label}
                  </th>
                ))}
                <th scope="col" className="py-2 pl-2 text-right font-medium">
                  Visits
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-subtle">
              {report.vitals.slice(0, 10).map((r) => (
                <tr key={r.path}>
                  <th scope="row" className="max-w-56 truncate py-2 pr-3 font-mono text-xs font-normal text-default">
                    {r.path}
                  </th>
                  {vitalNames.map((n) => (
                    <td key={n.key} className="px-2 py-2 text-right">
                      <Vital v={r[n.key]} unit={n.unit} />
                    </td>
                  ))}
                  <td className="py-2 pl-2 text-right tabular-nums">{r.samples}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </TabCard>
  );
}

const dayLabel = (at: string, hourly: boolean) =>
  new Date(at).toLocaleString('en-US', hourly ? { hour: 'numeric', timeZone: 'UTC' } : { month: 'short', day: 'numeric', timeZone: 'UTC' });

function Report({ report, span }: { report: AnalyticsReport; span: Span }) {
  const hourly = report.from === report.to;
  const bars = report.series.map((p) => ({
    key: p.at,
    label: dayLabel(p.at, hourly),
    name: dayLabel(p.at, hourly),
    value: hourly ? p.pageviews : p.visitors,
  }));
  const funnel = report.funnel.map((s) => ({ key: s.step, label: s.label, count: s.visitors, share: rate(report.visitors ? s.visitors / report.visitors : 0) }));
  return (
    <div className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Figure label="Visitors" value={report.visitors} before={report.previous.visitors} shown={String(report.visitors)} icon={<Users />} />
        <Figure label="Page views" value={report.pageviews} before={report.previous.pageviews} shown={String(report.pageviews)} icon={<Eye />} />
        <Figure label="Leads" value={report.leads} before={report.previous.leads} shown={String(report.leads)} icon={<Send />} />
        <Figure
          label="Conversion rate"
          value={report.conversionRate}
          before={report.previous.conversionRate}
          shown={rate(report.conversionRate)}
          icon={<Percent />}
        />
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <TabCard
          title={hourly ? 'Page views per hour' : 'Visitors per day'}
          description={hourly ? 'Today, by hour (UTC).' : 'Distinct visitors each day (UTC).'}
          className="min-w-0 lg:col-span-2"
          actions={<ExportButton label="CSV" download={() => downloadAnalyticsCSV('series', span)} failure="Failed to export the table" />}
        >
          <BarChart
            bars={bars}
            title={hourly ? 'Page views per hour' : 'Visitors per day'}
            summary={`${report.visitors} visitors, ${report.pageviews} page views and ${report.leads} leads from ${report.from} to ${report.to}.`}
            columns={[hourly ? 'Hour' : 'Day', hourly ? 'Page views' : 'Visitors']}
          />
        </TabCard>
        <TabCard className="min-w-0" title="Funnel" description="How far visitors went, as a share of all visitors.">
          <SplitBars items={funnel} label="Funnel from visit to meeting" empty="No visitors in this period." />
        </TabCard>
      </div>
      <div className="grid gap-6 xl:grid-cols-2">
        <RowsTable table="pages" rows={report.pages} span={span} views="Views" />
        <RowsTable table="landingPages" rows={report.landingPages} span={span} views="Entries" />
        <RowsTable table="sources" rows={report.sources} span={span} views="Views" />
        <RowsTable table="campaigns" rows={report.campaigns} span={span} views="Views" />
        <RowsTable table="devices" rows={report.devices} span={span} views="Views" />
      </div>
      <VitalsTable report={report} span={span} />
    </div>
  );
}

/**
 * The analytics (sales and administrators): visitors, page views, leads
 * and conversion over a span of days against the span before, where they
 * came from and what they read, the funnel, and real-user speed.
 */
export function AnalyticsTab() {
  // The period is in the address (?period=29, or ?period=custom&from=…&to=…):
  // a reload or a shared link shows the same figures.
  const [params, setParams] = useSearchParams();
  const asked = params.get('period') ?? '';
  const range = ranges.some((r) => r.value === asked) ? asked : '6';
  const custom: Span = { from: params.get('from') ?? dayBefore(29), to: params.get('to') ?? dayBefore(0) };
  const keep = (values: Record<string, string>) =>
    setParams(
      (p) => {
        for (const [k, v] of Object.entries(values)) p.set(k, v);
        if (values.period && values.period !== 'custom') ['from', 'to'].forEach((k) => p.delete(k));
        return p;
      },
      { replace: true },
    );
  const setRange = (period: string) => keep(period === 'custom' ? { period, ...custom } : { period });
  const setCustom = (span: Span) => keep({ period: 'custom', ...span });
  const span: Span = range === 'custom' ? custom : { from: dayBefore(Number(range)), to: dayBefore(0) };
  const valid = span.from !== '' && span.to !== '' && span.from <= span.to;
  const report = useAnalytics(span, valid);
  return (
    <div className="grid gap-6">
      <Panel>
        <PanelHeader>
          <PanelHeading
            title="Analytics"
            description="Counted on this site with no cookie and no personal data; staff and crawlers are left out. Days are UTC."
          />
          <div className="flex flex-wrap items-end gap-3">
            <FormField id="analytics-range" label="Period">
              <Select id="analytics-range" value={range} onValueChange={setRange} options={ranges} />
            </FormField>
            {range === 'custom' && (
              <>
                <FormField id="analytics-from" label="From">
                  <Input id="analytics-from" type="date" value={custom.from} max={custom.to} onChange={(e) => setCustom({ ...custom, from: e.target.value })} />
                </FormField>
                <FormField id="analytics-to" label="To">
                  <Input id="analytics-to" type="date" value={custom.to} min={custom.from} onChange={(e) => setCustom({ ...custom, to: e.target.value })} />
                </FormField>
              </>
            )}
          </div>
        </PanelHeader>
        {!valid && (
          <PanelContent>
            <p className="text-sm text-danger" role="alert">
              Choose a start date on or before the end date.
            </p>
          </PanelContent>
        )}
      </Panel>
      {valid && (
        <ListState query={report} loadingText="Loading the analytics...">
          {report.data && <Report report={report.data} span={span} />}
        </ListState>
      )}
    </div>
  );
}
