import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '@/lib/cn';

// A small label in a pill: the admin portal's states and the actions of a
// history (the in-place editor's too).
const badgeVariants = cva('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset', {
  variants: {
    variant: {
      success: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
      muted: 'bg-slate-100 text-slate-600 ring-slate-500/20',
      warning: 'bg-amber-50 text-amber-800 ring-amber-600/20',
      info: 'bg-blue-50 text-blue-700 ring-blue-600/20',
      violet: 'bg-violet-50 text-violet-700 ring-violet-600/20',
      danger: 'bg-red-50 text-red-700 ring-red-600/20',
    },
  },
  defaultVariants: { variant: 'muted' },
});

export type BadgeVariant = NonNullable<VariantProps<typeof badgeVariants>['variant']>;

export function Badge({ className, variant, ...props }: React.ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
