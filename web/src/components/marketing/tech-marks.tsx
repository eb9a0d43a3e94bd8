import { cx } from '@/lib/cx';

// Simple monochrome marks of the technologies a page names, drawn here in
// the text colour (no logo files of others): a sign that evokes each one, or
// its name set as a wordmark. A technology without a mark of its own (one an
// editor added) gets the initials of its name.

type MarkProps = { className?: string };

const svg = (children: React.ReactNode, className?: string) => (
  <svg viewBox="0 0 48 48" fill="none" aria-hidden="true" focusable="false" className={className}>
    {children}
  </svg>
);

const wordmark = (text: string, className?: string, size = 17) =>
  svg(
    <text x="24" y="24" dy="0.35em" textAnchor="middle" fill="currentColor" fontSize={size} fontWeight={800} letterSpacing="-0.02em" fontFamily="ui-sans-serif, system-ui, sans-serif">
      {text}
    </text>,
    className,
  );

const marks: Record<string, (p: MarkProps) => React.ReactNode> = {
  // An open ring with its tip and a spark.
  pytorch: ({ className }) =>
    svg(
      <>
        <path d="M24 7 14.8 16.2a13 13 0 1 0 18.4 0" stroke="currentColor" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
        <circle cx="30.5" cy="12.5" r="2.6" fill="currentColor" />
      </>,
      className,
    ),
  // T and F, as blocks.
  tensorflow: ({ className }) =>
    svg(<path d="M7 11h17v6h-5.5v20h-6V17H7zM27 11h14v6h-8v4h7v6h-7v10h-6z" fill="currentColor" />, className),
  // The three letters, drawn.
  jax: ({ className }) =>
    svg(
      <path d="M17 14v14a4.5 4.5 0 0 1-9 0M20 34l5.5-20L31 34m-8.5-7h6M34 14l8 20m0-20-8 20" stroke="currentColor" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" />,
      className,
    ),
  // A K in a frame.
  keras: ({ className }) =>
    svg(
      <>
        <rect x="8" y="8" width="32" height="32" rx="4" stroke="currentColor" strokeWidth="3" />
        <path d="M19 15v18m0-9 10-9m-10 9 10 9" stroke="currentColor" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" />
      </>,
      className,
    ),
  // A chip with its pins.
  'nvidia-cuda': ({ className }) =>
    svg(
      <>
        <rect x="10" y="10" width="28" height="28" rx="3" stroke="currentColor" strokeWidth="3" />
        <path d="M17 4v6m7-6v6m7-6v6M17 38v6m7-6v6m7-6v6M4 17h6m-6 7h6m-6 7h6m28-14h6m-6 7h6m-6 7h6" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        <text x="24" y="24" dy="0.35em" textAnchor="middle" fill="currentColor" fontSize="8.5" fontWeight={800} fontFamily="ui-sans-serif, system-ui, sans-serif">
          CUDA
        </text>
      </>,
      className,
    ),
};

function initials(name: string): string {
  const words = name.split(/[\s-]+/).filter(Boolean);
  return (words.length > 1 ? words.slice(0, 2).map((w) => w[0]) : [...(words[0] ?? '?')].slice(0, 2)).join('').toUpperCase();
}

/** The mark of a technology, by its id; the initials of its name when it has none. */
export function TechMark({ id, name, className }: { id: string; name: string; className?: string }) {
  const mark = marks[id];
  return mark ? mark({ className }) : wordmark(initials(name), className);
}

/** A technology's mark on its tile, for the dark stack band. */
export function TechTile({ id, name, className }: { id: string; name: string; className?: string }) {
  return (
    <span className={cx('inline-flex size-14 shrink-0 items-center justify-center rounded-xl bg-white/10 text-white ring-1 ring-white/15', className)}>
      <TechMark id={id} name={name} className="size-9" />
    </span>
  );
}
