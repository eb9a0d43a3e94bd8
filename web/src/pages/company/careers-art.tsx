import { HeroArt } from '@/components/marketing/hero-art';

/** The drawing of the hero of /careers: a team chart with an open seat (see components/marketing/hero-art.tsx). */
export function CareersArt() {
  const seats: [number, number][] = [[240, 90], [130, 200], [350, 200], [80, 310], [180, 310], [300, 310]];
  return (
    <HeroArt>
      <path d="M240 118v42M130 160h220v12M130 160v12M130 228v42M80 270h100M80 270v12M180 270v12M350 228v42M300 270h100M300 270v12M400 270v12" stroke="#fff" strokeOpacity=".2" strokeWidth="2" />
      {seats.map(([x, y]) => (
        <g key={`${x}-${y}`}>
          <rect x={x - 36} y={y - 28} width="72" height="56" rx="14" fill="#fff" fillOpacity=".06" stroke="#fff" strokeOpacity=".2" strokeWidth="2" />
          <circle cx={x} cy={y - 6} r="9" fill="#fff" fillOpacity=".45" />
          <rect x={x - 18} y={y + 10} width="36" height="6" rx="3" fill="#fff" fillOpacity=".3" />
        </g>
      ))}
      <rect x="364" y="282" width="72" height="56" rx="14" fill="currentColor" fillOpacity=".2" stroke="currentColor" strokeWidth="2" strokeDasharray="6 5" />
      <path d="M400 296v28M386 310h28" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
    </HeroArt>
  );
}
