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
