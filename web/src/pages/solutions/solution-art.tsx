import { artBar as bar, artLine as line, HeroArt as Art } from '@/components/marketing/hero-art';

// The drawings in the heroes of the solution pages, one a page (see
// components/marketing/hero-art.tsx).

/** Machine learning: two classes of points and the boundary a model learnt between them. */
function MachineLearningArt() {
  const a: [number, number][] = [[90, 110], [130, 160], [110, 220], [170, 120], [190, 200], [150, 270], [230, 150]];
  const b: [number, number][] = [[300, 220], [350, 170], [380, 260], [320, 300], [260, 310], [400, 120], [370, 330]];
  return (
    <Art>
      <path d="M60 350h370M60 350V50" {...line} />
      <path d="M210 60c30 60-20 120 40 170s110 60 180 120" stroke="currentColor" strokeWidth="3" strokeDasharray="10 8" strokeLinecap="round" />
      {a.map(([x, y]) => <circle key={x + y} cx={x} cy={y} r="9" fill="#fff" fillOpacity=".35" />)}
      {b.map(([x, y]) => <circle key={x + y} cx={x} cy={y} r="9" fill="currentColor" />)}
    </Art>
  );
}

/** Deep learning: a network, layer by layer, one path lit in the brand colour. */
function DeepLearningArt() {
  const layers = [[130, 200, 270], [90, 160, 230, 300], [90, 160, 230, 300], [165, 235]];
  const xs = [80, 190, 300, 410];
  const lit = [1, 2, 1, 0];
  const edges: string[] = [];
  layers.slice(1).forEach((layer, l) => layer.forEach((y) => layers[l].forEach((y0) => edges.push(`M${xs[l]} ${y0}L${xs[l + 1]} ${y}`))));
  const path = lit.map((n, l) => `${l ? 'L' : 'M'}${xs[l]} ${layers[l][n]}`).join('');
  return (
    <Art>
      <path d={edges.join('')} stroke="#fff" strokeOpacity=".12" strokeWidth="1.5" />
      <path d={path} stroke="currentColor" strokeWidth="3" />
      {layers.map((layer, l) => layer.map((y, n) => (
        <circle key={`${l}-${n}`} cx={xs[l]} cy={y} r="14" fill={lit[l] === n ? 'currentColor' : '#0b1220'} stroke={lit[l] === n ? 'currentColor' : '#fff'} strokeOpacity={lit[l] === n ? 1 : 0.35} strokeWidth="2" />
      )))}
    </Art>
  );
}

/** Natural language processing: lines of a document with the entities a model found marked. */
function LanguageArt() {
  const rows: [number, number, number][] = [[70, 240, 120], [70, 300, 60], [70, 200, 140], [70, 260, 100], [70, 180, 0]];
  return (
    <Art>
      <rect x="50" y="50" width="300" height="260" rx="16" fill="#fff" fillOpacity=".04" stroke="#fff" strokeOpacity=".15" strokeWidth="2" />
      {rows.map(([x, w, mark], i) => (
        <g key={i}>
          <rect x={x} y={90 + i * 44} width={w} height="10" rx="5" {...bar} />
          {mark > 0 && <rect x={x + mark} y={84 + i * 44} width="72" height="22" rx="6" fill="currentColor" fillOpacity=".35" stroke="currentColor" strokeWidth="2" />}
        </g>
      ))}
      <path d="M300 260h120a12 12 0 0 1 12 12v60a12 12 0 0 1-12 12h-74l-22 20v-20h-24a12 12 0 0 1-12-12v-60a12 12 0 0 1 12-12z" fill="currentColor" />
      <rect x="310" y="284" width="96" height="8" rx="4" fill="#fff" fillOpacity=".8" />
      <rect x="310" y="304" width="64" height="8" rx="4" fill="#fff" fillOpacity=".5" />
    </Art>
  );
}

/** Computer vision: a picture with the objects a model detected boxed and labelled. */
function VisionArt() {
  return (
    <Art>
      <rect x="50" y="50" width="380" height="300" rx="16" fill="#fff" fillOpacity=".05" />
      <path d="M50 300l110-110 80 80 60-50 130 110v20H50z" fill="#fff" fillOpacity=".08" />
      <circle cx="350" cy="120" r="26" fill="#fff" fillOpacity=".12" />
      <rect x="120" y="170" width="130" height="120" rx="6" stroke="currentColor" strokeWidth="3" />
      <rect x="120" y="146" width="64" height="20" rx="4" fill="currentColor" />
      <rect x="280" y="200" width="110" height="90" rx="6" stroke="#fff" strokeOpacity=".6" strokeWidth="2" strokeDasharray="8 6" />
      <rect x="280" y="176" width="48" height="20" rx="4" fill="#fff" fillOpacity=".3" />
      <path d="M70 90V70h20M410 90V70h-20M70 310v20h20M410 310v20h-20" stroke="#fff" strokeOpacity=".5" strokeWidth="3" />
    </Art>
  );
}

/** Predictive analytics: a history and its forecast, with the band the forecast is sure of. */
function ForecastArt() {
  return (
    <Art>
      <path d="M60 340h370M60 340V60" {...line} />
      <path d="M260 160l170-70v120l-170 10z" fill="currentColor" fillOpacity=".18" />
      <path d="M60 290l40-30 40 20 40-60 40 10 40-70" stroke="#fff" strokeOpacity=".7" strokeWidth="3" strokeLinejoin="round" strokeLinecap="round" />
      <path d="M260 160l50-10 50-20 70-20" stroke="currentColor" strokeWidth="3" strokeDasharray="8 8" strokeLinecap="round" />
      <path d="M260 70v270" stroke="#fff" strokeOpacity=".25" strokeDasharray="4 6" />
      <circle cx="260" cy="160" r="8" fill="currentColor" />
      <rect x="272" y="64" width="70" height="8" rx="4" {...bar} />
    </Art>
  );
}

/** The drawing of each solution page, by its slug. */
export const solutionArt: Record<string, () => React.JSX.Element> = {
  'machine-learning': MachineLearningArt,
  'deep-learning': DeepLearningArt,
  'natural-language-processing': LanguageArt,
  'computer-vision': VisionArt,
  'predictive-analytics': ForecastArt,
};
