import type { AnalyticsReport, HealthCheck } from '@/lib/api-types';
import { adminRequest, useLoaded } from './admin-api';
import { saveFile } from './download';
import { csvFilename } from './leads';

// The analytics' side of the API (docs/ANALYTICS.md): the report of a span
// of days, its tables as CSV, and the dashboard's checklist.

const reportURL = '/api/admin/analytics';

/** A span of whole days, in UTC as the server counts: YYYY-MM-DD, both included. */
export type Span = { from: string; to: string };

/** The day a number of days before today (0: today), in UTC. */
export function dayBefore(days: number, now = new Date()): string {
  return new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);
}

function spanQuery(span: Span, extra = ''): string {
  return `${reportURL}?from=${span.from}&to=${span.to}${extra}`;
}

export function useAnalytics(span: Span, enabled = true) {
  return useLoaded<AnalyticsReport>(spanQuery(span), 'Failed to fetch the analytics', enabled);
}

/** The report's tables that export as CSV. */
export type AnalyticsTable = 'pages' | 'landingPages' | 'sources' | 'campaigns' | 'devices' | 'vitals' | 'series';

/** Downloads one table of the span's report as CSV (the token in a header, never a URL). */
export async function downloadAnalyticsCSV(table: AnalyticsTable, span: Span): Promise<string> {
  const res = await adminRequest('GET', spanQuery(span, `&format=csv&table=${table}`));
  const name = csvFilename(res.headers.get('Content-Disposition'), new Date()).replace(/^leads-/, `analytics-${table}-`);
  saveFile(await res.blob(), name);
  return name;
}

export function useHealth() {
  return useLoaded<HealthCheck[]>('/api/admin/health', 'Failed to fetch the site checks');
}

/** A change from before to now as a signed percentage ("+12%"), or "new" from nothing. */
export function trend(now: number, before: number): string {
  if (before === 0) return now === 0 ? '0%' : 'new';
  const change = Math.round(((now - before) / before) * 100);
  return `${change > 0 ? '+' : ''}${change}%`;
}

/** A share of 0 to 1 as a percentage with one decimal ("2.4%"). */
export function rate(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}
