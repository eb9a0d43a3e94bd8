// The arithmetic of the dashboard's bar chart, apart from its drawing.

/** The axis of a bar chart of counts: a round top and evenly spaced whole-number ticks from 0. */
export function countScale(values: number[], tickCount = 4): { max: number; ticks: number[] } {
  const top = Math.max(0, ...values.filter((v) => Number.isFinite(v)));
  const raw = top / tickCount;
  const magnitude = 10 ** Math.floor(Math.log10(Math.max(raw, 1)));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? 10 * magnitude;
  const ticks = Array.from({ length: tickCount + 1 }, (_, i) => i * step);
  return { max: step * tickCount, ticks };
}

/** The height of a bar of value on an axis up to max, in the chart's units; a non-zero value shows at least a sliver. */
export function barHeight(value: number, max: number, height: number): number {
  if (!(value > 0) || !(max > 0)) return 0;
  return Math.max(2, Math.min(height, (value / max) * height));
}

/** A week's first day ("2026-11-16") as a short label ("Nov 16"), read in UTC as the server counts. */
export function weekLabel(weekStart: string): string {
  const d = new Date(`${weekStart}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return weekStart;
  return d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** A share as a whole percentage ("38%"); nothing of nothing is 0%. */
export function percent(count: number, total: number): string {
  return total > 0 ? `${Math.round((count / total) * 100)}%` : '0%';
}
