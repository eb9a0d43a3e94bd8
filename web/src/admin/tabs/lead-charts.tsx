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

/**
 * Leads per week as an inline SVG bar chart. The SVG is one image with a
 * summary for assistive technology; the table beside it, visually hidden,
 * carries every figure.
 */
export function WeeklyLeadsChart({ weeks }: { weeks: LeadStats['weeks'] }) {
  const id = useId();
  const [ref, W] = useWidth<HTMLDivElement>(640);
  const { max, ticks } = countScale(weeks.map((w) => w.count));
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(weeks.length, 1);
  const barW = Math.min(36, slot * 0.64);
  // Every week is labelled when there is room, else every second or third, always the current one.
  const every = Math.ceil(LABEL_W / slot);
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;
  const sum = weeks.reduce((n, w) => n + w.count, 0);
  const last = weeks.at(-1);
  const summary = `${sum} ${sum === 1 ? 'lead' : 'leads'} in the last ${weeks.length} weeks; ${last?.count ?? 0} this week.`;

  return (
    <figure className="grid gap-2">
      <div ref={ref}>
      <svg width={W} height={H} viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${id}-title`} className="block max-w-full">
        <title id={`${id}-title`}>{`Leads per week. ${summary}`}</title>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} className={t === 0 ? 'stroke-(--border-color-strong)' : 'stroke-(--border-color-subtle)'} />
            <text x={PAD.left - 8} y={y(t)} dy="0.32em" textAnchor="end" className="fill-(--text-color-muted) text-[11px] tabular-nums">
              {t}
            </text>
          </g>
        ))}
        {weeks.map((w, i) => {
          const h = barHeight(w.count, max, plotH);
          const x = PAD.left + i * slot + (slot - barW) / 2;
          const current = i === weeks.length - 1;
          return (
            <g key={w.weekStart}>
              <rect x={x} y={PAD.top + plotH - h} width={barW} height={h} rx={3} className={current ? 'fill-primary' : 'fill-primary/40'}>
                <title>{`Week of ${weekLabel(w.weekStart)}: ${w.count}`}</title>
              </rect>
              {w.count > 0 && (
                <text x={x + barW / 2} y={PAD.top + plotH - h - 4} textAnchor="middle" className="fill-(--text-color-body) text-[11px] font-medium tabular-nums">
                  {w.count}
                </text>
              )}
              {(weeks.length - 1 - i) % every === 0 && (
                <text x={x + barW / 2} y={H - 8} textAnchor="middle" className="fill-(--text-color-muted) text-[11px]">
                  {weekLabel(w.weekStart)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      </div>
      <figcaption className="text-sm text-muted">{summary}</figcaption>
      <table className="sr-only">
        <caption>Leads per week, oldest first</caption>
        <thead>
          <tr>
            <th scope="col">Week starting</th>
            <th scope="col">Leads</th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((w) => (
            <tr key={w.weekStart}>
              <th scope="row">{weekLabel(w.weekStart)}</th>
              <td>{w.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** The share of each interest, as labelled bars with counts and percentages. */
export function InterestSplit({ byInterest, total }: { byInterest: LeadStats['byInterest']; total: number }) {
  if (byInterest.length === 0) return <p className="text-sm text-muted">No leads yet.</p>;
  const top = Math.max(...byInterest.map((b) => b.count), 1);
  return (
    <ul className="grid gap-3" aria-label="Leads by interest">
      {byInterest.map((b) => (
        <li key={b.interest || 'none'} className="grid gap-1">
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="truncate text-default">{interestLabel(b.interest)}</span>
            <span className="shrink-0 text-body tabular-nums">
              {b.count} <span className="text-subtle">·</span> {percent(b.count, total)}
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
