import { HeroArt } from '@/components/marketing/hero-art';

/** The drawing of the hero of /case-studies: results, before and after, and the rise (see components/marketing/hero-art.tsx). */
export function CaseStudiesArt() {
  const pairs: [number, number][] = [[90, 170], [70, 200], [110, 150], [60, 220]];
  return (
    <HeroArt>
      <path d="M60 340h370" stroke="#fff" strokeOpacity=".18" strokeWidth="2" />
      {pairs.map(([before, after], i) => (
        <g key={i}>
          <rect x={80 + i * 90} y={340 - before} width="28" height={before} rx="6" fill="#fff" fillOpacity=".18" />
          <rect x={112 + i * 90} y={340 - after} width="28" height={after} rx="6" fill="currentColor" />
        </g>
      ))}
      <path d="M90 150l90-30 90 10 110-70" stroke="#fff" strokeOpacity=".7" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M352 58l28 2-6 27" stroke="#fff" strokeOpacity=".7" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
    </HeroArt>
  );
}
