import { cloneElement } from 'react';
import { cx } from '@/lib/cx';

const base =
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:pointer-events-none disabled:opacity-50';

const variants = {
  primary: 'bg-brand text-white shadow-sm hover:bg-brand-strong',
  secondary: 'bg-white text-ink ring-1 ring-slate-300 hover:bg-slate-50',
  inverse: 'bg-white text-brand-strong shadow-sm hover:bg-slate-100',
  ghost: 'text-white ring-1 ring-white/40 hover:bg-white/10',
};

// A height of one line: a label never wraps (the large buttons take less
// room on the sides on a phone, and the rows that hold them stack there).
const sizes = {
  sm: 'min-h-9 whitespace-nowrap px-4 py-1.5 text-sm',
  md: 'min-h-11 whitespace-nowrap px-5 py-2 text-sm',
  lg: 'min-h-12 whitespace-nowrap px-5 py-2.5 text-center text-base sm:px-6',
};

/**
 * A button, or with asChild its one child (a link) given the button's look:
 * only the classes pass to the child, whose own props stay its own. (A
 * general slot that merges every prop and ref, as Radix's does, would cost
 * the first visit a kilobyte for what the site's links never need; so
 * would class-variance-authority for two lookups.)
 */
export function Button({
  className,
  variant = 'primary',
  size = 'md',
  asChild = false,
  ...props
}: React.ComponentProps<'button'> & { variant?: keyof typeof variants; size?: keyof typeof sizes; asChild?: boolean }) {
  const classes = cx(base, variants[variant], sizes[size], className);
  if (asChild) {
    const child = props.children as React.ReactElement<{ className?: string }>;
    return cloneElement(child, { className: cx(classes, child.props.className) });
  }
  return <button className={classes} {...props} />;
}
