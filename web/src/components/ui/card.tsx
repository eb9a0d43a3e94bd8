import { cn } from '@/lib/cn';

/** The site's card: white, hairline border, soft shadow that lifts on hover. */
export function Card({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      className={cn(
        'rounded-2xl border border-slate-200 bg-white p-7 shadow-sm transition-shadow hover:shadow-md',
        className,
      )}
      {...props}
    />
  );
}

/** A rounded square holding a card's icon. */
export function IconBadge({ icon: Icon, className }: { icon: React.ComponentType<{ className?: string; 'aria-hidden'?: boolean }>; className?: string }) {
  return (
    <span className={cn('inline-flex size-12 items-center justify-center rounded-xl bg-brand/10 text-brand', className)}>
      <Icon className="size-6" aria-hidden />
    </span>
  );
}
