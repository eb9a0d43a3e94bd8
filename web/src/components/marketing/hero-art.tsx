import { useId } from 'react';

// The frame of the drawings in the inner pages' heroes (PageHero's `art`):
// decorative (the hero hides them from assistive technology), still, and
// drawn in the brand colour (currentColor, `text-brand`) and white on the
// dark hero, so that the colours of Settings drive them. Each is 480 by 400,
// which the svg's width and height hold, so that nothing moves as it paints.

/** The frame every drawing shares: a quiet panel with the brand colour as currentColor. */
export function HeroArt({ children }: { children: React.ReactNode }) {
  return (
    <svg viewBox="0 0 480 400" width="480" height="400" className="h-auto w-full text-brand" fill="none" focusable="false">
      <rect x="1" y="1" width="478" height="398" rx="24" fill="#fff" fillOpacity=".03" stroke="#fff" strokeOpacity=".12" />
      {children}
    </svg>
  );
}

/** A faint white rule, and a faint white bar standing for a line of text. */
export const artLine = { stroke: '#fff', strokeOpacity: 0.18, strokeWidth: 2 };
export const artBar = { fill: '#fff', fillOpacity: 0.14 };

/** Ids for an svg's gradients, one per name, unique on the page and as a URL fragment takes them. */
export function useSvgIds<const N extends readonly string[]>(...names: N): { [K in keyof N]: string } {
  const id = useId().replace(/[^\w-]/g, '');
  return names.map((n) => `${id}${n}`) as { [K in keyof N]: string };
}

/** The gradients of the brand's chart drawings: the chart's line, and the glow of the area under it. */
export function ChartGradients({ line, area }: { line: string; area: string }) {
  return (
    <>
      <linearGradient id={line} x1="0" y1="0" x2="1" y2="0">
        <stop offset="0" stopColor="var(--color-brand-300)" />
        <stop offset="1" stopColor="var(--brand-primary)" />
      </linearGradient>
      <linearGradient id={area} x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stopColor="var(--color-brand-400)" stopOpacity=".35" />
        <stop offset="1" stopColor="var(--color-brand-400)" stopOpacity="0" />
      </linearGradient>
    </>
  );
}
