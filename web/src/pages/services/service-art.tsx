import { artBar as bar, artLine as line, HeroArt as Art } from '@/components/marketing/hero-art';

// The drawings in the heroes of the service pages, one a page (see
// components/marketing/hero-art.tsx).

/** AI consulting: a value-against-effort matrix of use cases, the best ringed. */
function ConsultingArt() {
  const dots: [number, number, number][] = [[150, 250, 14], [200, 300, 10], [260, 230, 18], [330, 290, 12], [300, 150, 16], [130, 170, 9]];
  return (
    <Art>
      <path d="M80 60v280h340" {...line} />
      <path d="M250 70v260M90 200h320" {...line} strokeDasharray="4 8" />
      {dots.map(([x, y, r]) => <circle key={x} cx={x} cy={y} r={r} fill="#fff" fillOpacity=".22" />)}
      <circle cx="360" cy="110" r="26" fill="currentColor" />
      <circle cx="360" cy="110" r="44" stroke="currentColor" strokeWidth="2" strokeDasharray="6 6" />
      <path d="M349 110l8 8 15-16" stroke="#fff" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      <rect x="80" y="352" width="72" height="8" rx="4" {...bar} />
      <rect x="40" y="60" width="8" height="72" rx="4" {...bar} />
    </Art>
  );
}

/** Strategy development: a roadmap, milestones along a road to a flag. */
function StrategyArt() {
  const stops: [number, number][] = [[92, 318], [196, 232], [300, 262], [372, 150]];
  return (
    <Art>
      <path d="M60 340c60-10 80-90 136-108s80 44 104 30 30-92 72-112 48-70 48-70" stroke="#fff" strokeOpacity=".14" strokeWidth="22" strokeLinecap="round" />
      <path d="M60 340c60-10 80-90 136-108s80 44 104 30 30-92 72-112 48-70 48-70" stroke="#fff" strokeOpacity=".5" strokeWidth="2" strokeDasharray="8 10" />
      {stops.map(([x, y], i) => (
        <g key={x}>
          <circle cx={x} cy={y} r="13" fill={i < 2 ? 'currentColor' : '#0b1220'} stroke="currentColor" strokeWidth="3" />
          <rect x={x + 22} y={y - 22} width={i % 2 ? 64 : 84} height="8" rx="4" {...bar} />
          <rect x={x + 22} y={y - 8} width="44" height="6" rx="3" fill="#fff" fillOpacity=".08" />
        </g>
      ))}
      <path d="M420 90V40l38 14-38 14" stroke="currentColor" strokeWidth="3" strokeLinejoin="round" fill="currentColor" fillOpacity=".35" />
    </Art>
  );
}

/** Implementation: a pipeline, data through model and service to the application. */
function ImplementationArt() {
  const stages = [60, 160, 260, 360];
  return (
    <Art>
      {stages.map((x, i) => (
        <g key={x}>
          <rect x={x} y={i % 2 ? 200 : 120} width="64" height="80" rx="14" fill={i === 2 ? 'currentColor' : '#fff'} fillOpacity={i === 2 ? 1 : 0.08} stroke="#fff" strokeOpacity=".2" strokeWidth="2" />
          <rect x={x + 14} y={(i % 2 ? 200 : 120) + 22} width="36" height="6" rx="3" fill="#fff" fillOpacity=".45" />
          <rect x={x + 14} y={(i % 2 ? 200 : 120) + 38} width="24" height="6" rx="3" fill="#fff" fillOpacity=".25" />
        </g>
      ))}
      <path d="M124 160h18v80h18M224 240h18v-80h18M324 160h18v80h18" stroke="currentColor" strokeWidth="3" strokeLinejoin="round" />
      <path d="M153 233l7 7-7 7M253 153l7 7-7 7M353 233l7 7-7 7" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M60 330h360" {...line} />
      <circle cx="92" cy="330" r="6" fill="currentColor" />
      <circle cx="192" cy="330" r="6" fill="currentColor" />
      <circle cx="292" cy="330" r="6" fill="currentColor" />
      <circle cx="392" cy="330" r="6" fill="#fff" fillOpacity=".3" />
    </Art>
  );
}

/** Ongoing support: a monitor, a steady signal inside its bounds and services all well. */
function SupportArt() {
  return (
    <Art>
      <rect x="50" y="60" width="380" height="200" rx="16" fill="#fff" fillOpacity=".04" stroke="#fff" strokeOpacity=".15" strokeWidth="2" />
      <rect x="70" y="110" width="340" height="90" fill="currentColor" fillOpacity=".12" />
      <path d="M70 160h70l14-34 20 62 18-44 12 16h86l14-26 16 40 12-14h78" stroke="currentColor" strokeWidth="3" strokeLinejoin="round" strokeLinecap="round" />
      <rect x="70" y="80" width="90" height="8" rx="4" {...bar} />
      <rect x="70" y="226" width="140" height="6" rx="3" fill="#fff" fillOpacity=".08" />
      {[50, 180, 310].map((x) => (
        <g key={x}>
          <rect x={x} y="290" width="120" height="56" rx="12" fill="#fff" fillOpacity=".06" stroke="#fff" strokeOpacity=".12" />
          <circle cx={x + 24} cy="318" r="8" fill="currentColor" />
          <rect x={x + 42} y="314" width="58" height="8" rx="4" {...bar} />
        </g>
      ))}
    </Art>
  );
}

/** Training and education: a learning curve up steps of skill to a star. */
function TrainingArt() {
  const steps = [[60, 300], [150, 250], [240, 190], [330, 120]];
  return (
    <Art>
      {steps.map(([x, y], i) => (
        <rect key={x} x={x} y={y} width="80" height={340 - y} rx="10" fill={i === 3 ? 'currentColor' : '#fff'} fillOpacity={i === 3 ? 0.9 : 0.06 + i * 0.04} />
      ))}
      <path d="M70 290C150 280 200 200 250 170s90-80 130-96" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeDasharray="2 9" />
      {steps.map(([x, y]) => <circle key={x} cx={x + 40} cy={y - 26} r="10" fill="#fff" fillOpacity=".5" />)}
      <path d="M420 40l8 17 18 2-13 13 4 18-17-9-17 9 4-18-13-13 18-2z" fill="currentColor" />
      <path d="M50 340h380" {...line} />
    </Art>
  );
}

/** The drawing of each service page, by its slug. */
export const serviceArt: Record<string, () => React.JSX.Element> = {
  'ai-consulting': ConsultingArt,
  'strategy-development': StrategyArt,
  implementation: ImplementationArt,
  'ongoing-support': SupportArt,
  'training-education': TrainingArt,
};
