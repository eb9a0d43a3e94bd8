import { cx } from '@/lib/cx';

/** The site's card: white, hairline border, soft shadow that lifts on hover. */
export function Card({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      className={cx(
        'rounded-2xl border border-slate-200 bg-white p-7 shadow-sm transition-shadow hover:shadow-md',
        className,
      )}
      {...props}
    />
  );
}

/** A rounded square holding a card's icon; small inside lists. */
export function IconBadge({
  icon: Icon,
  size = 'md',
  className,
}: {
  icon: React.ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  size?: 'sm' | 'md';
  className?: string;
}) {
  return (
    <span
      className={cx(
        'inline-flex items-center justify-center rounded-xl bg-brand/10 text-brand',
        size === 'sm' ? 'size-10' : 'size-12',
        className,
      )}
    >
      <Icon className="size-6" aria-hidden />
    </span>
  );
}
