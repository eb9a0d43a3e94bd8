import { useEffect, useId, useRef, useState } from 'react';
import { barHeight, countScale, percent, weekLabel } from '../lib/chart';
import type { LeadStats } from '@/lib/api-types';
import { interestLabel } from '../lib/leads';

const H = 220;
/** Room for one week label ("Nov 16") on the axis. */
const LABEL_W = 44;

/** The width of an element in CSS pixels, followed as it changes; so the chart draws at its real size and its text stays legible. */
function useWidth<T extends Element>(fallback: number) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(([entry]) => setWidth(Math.max(240, Math.round(entry.contentRect.width))));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return [ref, width] as const;
}
const PAD = { top: 12, right: 8, bottom: 28, left: 32 };

/** One bar of a BarChart: its label on the axis, its value, and the name a tooltip and the table give it. */
export type Bar = { key: string; label: string; name: string; value: number };

type BarChartProps = {
  bars: Bar[];
  /** What the chart counts ("Leads per week"), its summary, and its table's column titles. */
  title: string;
  summary: string;
  columns: [string, string];
};

/**
 * Counts as an inline SVG bar chart, the last bar in full colour. The SVG
 * is one image with a summary for assistive technology; the table beside
 * it, visually hidden, carries every figure.
 */
export function BarChart({ bars, title, summary, columns }: BarChartProps) {
  const id = useId();
  const [ref, W] = useWidth<HTMLDivElement>(640);
  const { max, ticks } = countScale(bars.map((b) => b.value));
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(bars.length, 1);
  const barW = Math.min(36, slot * 0.64);
  // Every bar is labelled when there is room, else every second or third, always the last.
  const every = Math.ceil(LABEL_W / slot);
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;

  return (
    <figure className="grid gap-2">
      <div ref={ref}>
      <svg width={W} height={H} viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${id}-title`} className="block max-w-full">
        <title id={`${id}-title`}>{`${title}. ${summary}`}</title>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} className={t === 0 ? 'stroke-(--border-color-strong)' : 'stroke-(--border-color-subtle)'} />
            <text x={PAD.left - 8} y={y(t)} dy="0.32em" textAnchor="end" className="fill-(--text-color-muted) text-[11px] tabular-nums">
              {t}
            </text>
          </g>
        ))}
        {bars.map((b, i) => {
          const h = barHeight(b.value, max, plotH);
          const x = PAD.left + i * slot + (slot - barW) / 2;
          const last = i === bars.length - 1;
          return (
            <g key={b.key}>
              <rect x={x} y={PAD.top + plotH - h} width={barW} height={h} rx={3} className={last ? 'fill-primary' : 'fill-primary/40'}>
                <title>{`${b.name}: ${b.value}`}</title>
              </rect>
              {b.value > 0 && slot >= 22 && (
                <text x={x + barW / 2} y={PAD.top + plotH - h - 4} textAnchor="middle" className="fill-(--text-color-body) text-[11px] font-medium tabular-nums">
                  {b.value}
                </text>
              )}
              {(bars.length - 1 - i) % every === 0 && (
                <text x={x + barW / 2} y={H - 8} textAnchor="middle" className="fill-(--text-color-muted) text-[11px]">
                  {b.label}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      </div>
      <figcaption className="text-sm text-muted">{summary}</figcaption>
      <table className="sr-only">
        <caption>{`${title}, oldest first`}</caption>
        <thead>
          <tr>
            <th scope="col">{columns[0]}</th>
            <th scope="col">{columns[1]}</th>
          </tr>
        </thead>
        <tbody>
          {bars.map((b) => (
            <tr key={b.key}>
              <th scope="row">{b.name}</th>
              <td>{b.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** Leads per week, the current week last. */
export function WeeklyLeadsChart({ weeks }: { weeks: LeadStats['weeks'] }) {
  const sum = weeks.reduce((n, w) => n + w.count, 0);
  const last = weeks.at(-1);
  const summary = `${sum} ${sum === 1 ? 'lead' : 'leads'} in the last ${weeks.length} weeks; ${last?.count ?? 0} this week.`;
  const bars = weeks.map((w) => ({ key: w.weekStart, label: weekLabel(w.weekStart), name: weekLabel(w.weekStart), value: w.count }));
  return <BarChart bars={bars} title="Leads per week" summary={summary} columns={['Week starting', 'Leads']} />;
}

/** One row of a SplitBars: its label, its count, and the share it is of the whole. */
export type Split = { key: string; label: string; count: number; share: string };

/** Shares as labelled bars with counts and percentages, each bar as long as its count against the largest. */
export function SplitBars({ items, label, empty }: { items: Split[]; label: string; empty: string }) {
  if (items.length === 0) return <p className="text-sm text-muted">{empty}</p>;
  const top = Math.max(...items.map((b) => b.count), 1);
  return (
    <ul className="grid gap-3" aria-label={label}>
      {items.map((b) => (
        <li key={b.key} className="grid min-w-0 gap-1">
          <div className="flex min-w-0 items-baseline justify-between gap-3 text-sm">
            <span className="truncate text-default">{b.label}</span>
            <span className="shrink-0 text-body tabular-nums">
              {b.count} <span className="text-subtle">·</span> {b.share}
            </span>
          </div>
          <div className="h-2 overflow-hidden rounded-full bg-surface-sunken" aria-hidden="true">
            <div className="h-full rounded-full bg-accent/70" style={{ width: `${(b.count / top) * 100}%` }} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The share of each interest, as labelled bars with counts and percentages. */
export function InterestSplit({ byInterest, total }: { byInterest: LeadStats['byInterest']; total: number }) {
  const items = byInterest.map((b) => ({ key: b.interest || 'none', label: interestLabel(b.interest), count: b.count, share: percent(b.count, total) }));
  return <SplitBars items={items} label="Leads by interest" empty="No leads yet." />;
}
