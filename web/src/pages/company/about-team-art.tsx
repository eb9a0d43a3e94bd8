import { useId } from 'react';
import { cx } from '@/lib/cx';

// The built-in picture beside the mission on /about-us: a team's model
// dashboard, and the team. Drawn inline rather than as an image file, so
// that it takes the brand colours of Settings and the site's typeface, and
// drawn at 720 by 480 with few, large labels, so that they can be read at
// 320 px. A picture that says something: its alt text names it.

const trend = 'M104 282L178 268L252 274L326 244L400 252L474 226L548 214L616 204';
const team: [string, string][] = [
  ['AH', 'var(--brand-primary)'],
  ['RM', 'var(--brand-secondary)'],
  ['LF', '#334155'],
  ['JO', 'var(--brand-primary)'],
];

/** The mission picture of /about-us, in the brand's colours. */
export function AboutTeamArt({ label, className }: { label: string; className?: string }) {
  // An id for the gradients, as a URL fragment takes it.
  const id = useId().replace(/[^\w-]/g, '');
  const [bg, line, area] = ['bg', 'line', 'area'].map((n) => `${id}${n}`);
  return (
    <svg viewBox="0 0 720 480" width="960" height="640" role="img" aria-label={label} className={cx('h-auto w-full', className)} data-about-art>
      <defs>
        <linearGradient id={bg} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#0b1220" />
          <stop offset="1" stopColor="var(--brand-secondary)" />
        </linearGradient>
        <linearGradient id={line} x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="var(--color-brand-300)" />
          <stop offset="1" stopColor="var(--brand-primary)" />
        </linearGradient>
        <linearGradient id={area} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="var(--color-brand-400)" stopOpacity=".35" />
          <stop offset="1" stopColor="var(--color-brand-400)" stopOpacity="0" />
        </linearGradient>
      </defs>
      <rect width="720" height="480" fill={`url(#${bg})`} />
      <g fontFamily="inherit">
        <rect x="60" y="40" width="600" height="280" rx="18" fill="#0f172a" stroke="#334155" />
        <circle cx="84" cy="64" r="5" fill="#f87171" />
        <circle cx="100" cy="64" r="5" fill="#fbbf24" />
        <circle cx="116" cy="64" r="5" fill="#34d399" />
        <rect x="84" y="86" width="262" height="92" rx="12" fill="#1e293b" />
        <text x="104" y="120" fill="#94a3b8" fontSize="22">
          Forecast accuracy
        </text>
        <text x="104" y="164" fill="#fff" fontSize="36" fontWeight="700">
          94.2%
        </text>
        <rect x="366" y="86" width="270" height="92" rx="12" fill="#1e293b" />
        <text x="386" y="120" fill="#94a3b8" fontSize="22">
          Downtime
        </text>
        <text x="386" y="164" fill="#34d399" fontSize="36" fontWeight="700">
          −45%
        </text>
        <rect x="84" y="194" width="552" height="106" rx="12" fill="#1e293b" />
        <path d={`${trend}V292H104Z`} fill={`url(#${area})`} />
        <path d={trend} fill="none" stroke={`url(#${line})`} strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
        <circle cx="616" cy="204" r="7" fill="var(--brand-primary)" />
        {team.map(([initials, fill], i) => (
          <g key={initials}>
            <circle cx={110 + i * 96} cy="404" r="40" fill={fill} stroke="#fff" strokeOpacity=".25" strokeWidth="2" />
            <text x={110 + i * 96} y="413" textAnchor="middle" fill="#fff" fontSize="26" fontWeight="700">
              {initials}
            </text>
          </g>
        ))}
        <rect x="486" y="376" width="174" height="56" rx="28" fill="#fff" fillOpacity=".1" stroke="#fff" strokeOpacity=".2" />
        <text x="573" y="412" textAnchor="middle" fill="#e2e8f0" fontSize="24">
          50+ experts
        </text>
      </g>
    </svg>
  );
}
