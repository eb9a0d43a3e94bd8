import { ChartGradients, useSvgIds } from '@/components/marketing/hero-art';

// The built-in drawing of the hero of /: a network of models above a
// dashboard card. Drawn inline rather than as an image file, so that it
// takes the brand colours of Settings (the --brand-primary variable and
// the tints made from it) and the site's typeface, as the inner pages'
// drawings do (components/marketing/hero-art.tsx). Decorative: the hero
// says what it shows. 560 by 520, held by width and height, so that
// nothing moves as it paints.

const nodes: [number, number, number][] = [
  [60, 90, 9],
  [170, 40, 7],
  [150, 170, 11],
  [290, 80, 13],
  [250, 230, 8],
  [400, 40, 7],
  [420, 150, 12],
  [500, 100, 8],
  [510, 230, 6],
];

const edges = 'M60 90L170 40M60 90L150 170M170 40L290 80M150 170L290 80M150 170L250 230M290 80L400 40M290 80L420 150M250 230L420 150M400 40L500 100M420 150L500 100M420 150L510 230';
const trend = 'M68 440L128 425L188 430L248 395L308 402L368 365L432 345';

/** The hero drawing of /, in the brand's colours. */
export function HomeHeroArt() {
  const [line, area, node] = useSvgIds('line', 'area', 'node');
  return (
    <svg viewBox="0 0 560 520" width="560" height="520" className="h-auto w-full" aria-hidden="true" focusable="false" data-hero-art>
      <defs>
        <ChartGradients line={line} area={area} />
        <radialGradient id={node}>
          <stop offset="0" stopColor="var(--color-brand-200)" />
          <stop offset="1" stopColor="var(--brand-primary)" />
        </radialGradient>
      </defs>
      <path d={edges} stroke="var(--color-brand-300)" strokeOpacity=".35" strokeWidth="1.5" />
      <g fill={`url(#${node})`}>
        {nodes.map(([cx, cy, r]) => (
          <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r={r} />
        ))}
      </g>
      <g fontFamily="inherit">
        <rect x="40" y="250" width="420" height="230" rx="20" fill="#0f172a" fillOpacity=".92" stroke="#334155" />
        <text x="68" y="290" fill="#94a3b8" fontSize="15">
          Model performance
        </text>
        <text x="68" y="326" fill="#fff" fontSize="30" fontWeight="700">
          +38% forecast accuracy
        </text>
        <path d={`${trend}V455H68Z`} fill={`url(#${area})`} />
        <path d={trend} fill="none" stroke={`url(#${line})`} strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
        <circle cx="432" cy="345" r="7" fill="var(--brand-primary)" data-art-accent />
        <rect x="330" y="200" width="200" height="84" rx="16" fill="#1e293b" stroke="#475569" />
        <text x="352" y="234" fill="#94a3b8" fontSize="14">
          Cost per order
        </text>
        <text x="352" y="266" fill="#34d399" fontSize="26" fontWeight="700">
          −27%
        </text>
      </g>
    </svg>
  );
}
