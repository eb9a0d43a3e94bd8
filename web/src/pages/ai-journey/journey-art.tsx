import { artBar as bar, HeroArt } from '@/components/marketing/hero-art';

const card = { fill: '#fff', fillOpacity: 0.06, stroke: '#fff', strokeOpacity: 0.2, strokeWidth: 2 };

/**
 * The drawing of the hero of /ai-journey: the way from the first call
 * through the strategy session to the written proposal, within a day (see
 * components/marketing/hero-art.tsx).
 */
export function JourneyArt() {
  return (
    <HeroArt>
      {/* The way from one milestone to the next. */}
      <path d="M70 284c0-44 14-68 48-68M150 166c0-48 50-66 148-66M370 204v68" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeDasharray="2 9" />
      {/* The call: a voice on the line. */}
      <rect x="40" y="286" width="170" height="72" rx="16" {...card} />
      <circle cx="76" cy="322" r="17" fill="currentColor" />
      <path d="M69 316c0 8 4 13 12 13l2-4-4-3-2 2c-2-1-4-3-5-5l2-2-3-4z" fill="#fff" />
      {[8, 18, 28, 12, 22, 6, 16, 10].map((h, i) => (
        <path key={i} d={`M${110 + i * 11} ${322 - h / 2}v${h}`} stroke="#fff" strokeOpacity=".5" strokeWidth="4" strokeLinecap="round" />
      ))}
      {/* The session: use cases weighed, the best ringed. */}
      <rect x="120" y="168" width="180" height="96" rx="16" {...card} />
      <path d="M142 184v62h136" stroke="#fff" strokeOpacity=".25" strokeWidth="2" />
      {[[166, 232], [188, 212], [212, 234], [236, 220]].map(([x, y]) => <circle key={x} cx={x} cy={y} r="6" fill="#fff" fillOpacity=".3" />)}
      <circle cx="264" cy="196" r="8" fill="currentColor" />
      <circle cx="264" cy="196" r="15" stroke="currentColor" strokeWidth="2" strokeDasharray="4 4" />
      {/* The proposal: scope, team and price, agreed. */}
      <path d="M312 40h92l36 36v112a12 12 0 0 1-12 12H312a12 12 0 0 1-12-12V52a12 12 0 0 1 12-12z" fill="#fff" fillOpacity=".1" stroke="#fff" strokeOpacity=".35" strokeWidth="2" />
      <path d="M404 40v36h36" stroke="#fff" strokeOpacity=".35" strokeWidth="2" strokeLinejoin="round" />
      <rect x="320" y="70" width="64" height="8" rx="4" fill="#fff" fillOpacity=".5" />
      {[96, 112, 128].map((y, i) => <rect key={y} x="320" y={y} width={i === 2 ? 60 : 96} height="6" rx="3" {...bar} />)}
      <circle cx="412" cy="168" r="20" fill="currentColor" />
      <path d="M403 168l6 6 12-13" stroke="#fff" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      {/* Within a day. */}
      <circle cx="370" cy="308" r="34" fill="#0b1220" stroke="#fff" strokeOpacity=".35" strokeWidth="2" />
      <path d="M370 308v-18M370 308l13 8" stroke="#fff" strokeOpacity=".7" strokeWidth="4" strokeLinecap="round" />
      <path d="M370 274a34 34 0 1 1-34 34" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
      {[[70, 286], [118, 216], [150, 168], [298, 100]].map(([x, y]) => <circle key={x} cx={x} cy={y} r="5" fill="currentColor" />)}
    </HeroArt>
  );
}
