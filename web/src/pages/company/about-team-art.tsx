import { ChartGradients, useSvgIds } from '@/components/marketing/hero-art';
import { cx } from '@/lib/cx';

// The built-in picture beside the mission on /about-us: a team's model
// dashboard, and the team. Drawn inline rather than as an image file, so
// that it takes the brand colours of Settings and the site's typeface, and
// drawn at 720 by 480 with few, large labels (30 units, 11 px where the
// picture is 272 px wide on a 320 px screen), so that they can be read on a
// phone. No figure about the firm: those are the company facts, which the
// page shows as text. A picture that says something: its alt text names it.

const trend = 'M92 286L164 272L236 278L308 250L380 258L452 236L524 226L628 214';
const team: [string, string][] = [
  ['AH', 'var(--brand-primary)'],
  ['RM', 'var(--brand-secondary)'],
  ['LF', '#334155'],
  ['JO', 'var(--brand-primary)'],
];

/** The mission picture of /about-us, in the brand's colours. */
export function AboutTeamArt({ label, className }: { label: string; className?: string }) {
  const [bg, line, area] = useSvgIds('bg', 'line', 'area');
  return (
    <svg viewBox="0 0 720 480" width="960" height="640" role="img" aria-label={label} className={cx('h-auto w-full', className)} data-about-art>
      <defs>
        <linearGradient id={bg} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#0b1220" />
          <stop offset="1" stopColor="var(--brand-secondary)" />
        </linearGradient>
        <ChartGradients line={line} area={area} />
      </defs>
      <rect width="720" height="480" fill={`url(#${bg})`} />
      <g fontFamily="inherit">
        <rect x="40" y="32" width="640" height="292" rx="20" fill="#0f172a" stroke="#334155" />
        <circle cx="66" cy="56" r="6" fill="#f87171" />
        <circle cx="84" cy="56" r="6" fill="#fbbf24" />
        <circle cx="102" cy="56" r="6" fill="#34d399" />
        <rect x="68" y="78" width="348" height="112" rx="14" fill="#1e293b" />
        <text x="92" y="120" fill="#cbd5e1" fontSize="30">
          Forecast accuracy
        </text>
        <text x="92" y="172" fill="#fff" fontSize="50" fontWeight="700">
          94.2%
        </text>
        <rect x="432" y="78" width="220" height="112" rx="14" fill="#1e293b" />
        <text x="456" y="120" fill="#cbd5e1" fontSize="30">
          Downtime
        </text>
        <text x="456" y="172" fill="#34d399" fontSize="50" fontWeight="700">
          −45%
        </text>
        <rect x="68" y="206" width="584" height="96" rx="14" fill="#1e293b" />
        <path d={`${trend}V294H92Z`} fill={`url(#${area})`} />
        <path d={trend} fill="none" stroke={`url(#${line})`} strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" />
        <circle cx="628" cy="214" r="8" fill="var(--brand-primary)" />
        {team.map(([initials, fill], i) => (
          <g key={initials}>
            <circle cx={160 + i * 100} cy="400" r="42" fill={fill} stroke="#fff" strokeOpacity=".25" strokeWidth="2" />
            <text x={160 + i * 100} y="411" textAnchor="middle" fill="#fff" fontSize="30" fontWeight="700">
              {initials}
            </text>
          </g>
        ))}
        <circle cx="560" cy="400" r="41" fill="#fff" fillOpacity=".08" stroke="#fff" strokeOpacity=".45" strokeWidth="2" strokeDasharray="7 6" />
        <path d="M560 384v32M544 400h32" stroke="#fff" strokeOpacity=".8" strokeWidth="4" strokeLinecap="round" />
      </g>
    </svg>
  );
}
