import { HeroArt } from '@/components/marketing/hero-art';

/** The drawing of the hero of /about-us: one team, its people joined around the firm (see components/marketing/hero-art.tsx). */
export function AboutArt() {
  const people: [number, number][] = [[120, 120], [360, 110], [400, 250], [300, 330], [150, 310], [80, 220]];
  return (
    <HeroArt>
      <path d={people.map(([x, y]) => `M240 200L${x} ${y}`).join('') + 'M120 120L360 110L400 250L300 330L150 310L80 220Z'} stroke="#fff" strokeOpacity=".15" strokeWidth="2" />
      {people.map(([x, y], i) => (
        <g key={x}>
          <circle cx={x} cy={y} r="28" fill="#0b1220" stroke={i % 3 ? '#fff' : 'currentColor'} strokeOpacity={i % 3 ? 0.35 : 1} strokeWidth="2" />
          <circle cx={x} cy={y - 7} r="8" fill="#fff" fillOpacity=".45" />
          <path d={`M${x - 14} ${y + 16}a14 12 0 0 1 28 0`} fill="#fff" fillOpacity=".45" />
        </g>
      ))}
      <circle cx="240" cy="200" r="48" fill="currentColor" />
      <path d="M240 172l9 19 19 9-19 9-9 19-9-19-19-9 19-9z" fill="#fff" />
    </HeroArt>
  );
}
