// The admin's panel: a titled section of a tab, in the admin's tokens.
import { cn } from '@/lib/cn';

export function Panel({ className, ...props }: React.ComponentProps<'section'>) {
  return <section className={cn('rounded-xl border border-default bg-surface shadow-xs', className)} {...props} />;
}

export function PanelHeader({ className, ...props }: React.ComponentProps<'div'>) {
  return <div className={cn('flex flex-wrap items-start justify-between gap-3 border-b border-subtle px-5 py-4', className)} {...props} />;
}

export function PanelTitle({ className, ...props }: React.ComponentProps<'h2'>) {
  return <h2 className={cn('text-base font-semibold text-default', className)} {...props} />;
}

export function PanelDescription({ className, ...props }: React.ComponentProps<'p'>) {
  return <p className={cn('mt-0.5 text-sm text-muted', className)} {...props} />;
}

export function PanelContent({ className, ...props }: React.ComponentProps<'div'>) {
  return <div className={cn('px-5 py-4', className)} {...props} />;
}

/** A panel's title and the sentence under it, at the start of its header. */
export function PanelHeading({ title, description, id }: { title: React.ReactNode; description: React.ReactNode; id?: string }) {
  return (
    <div>
      <PanelTitle id={id}>{title}</PanelTitle>
      <PanelDescription>{description}</PanelDescription>
    </div>
  );
}
