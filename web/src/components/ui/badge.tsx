import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '@/lib/cn';

// A small label in a pill: the admin portal's states and the actions of a
// history (the in-place editor's too).
const badgeVariants = cva('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset', {
  variants: {
    variant: {
      success: 'bg-success-soft text-success ring-success/20',
      muted: 'bg-surface-sunken text-body ring-strong',
      warning: 'bg-warning-soft text-warning ring-warning/20',
      info: 'bg-info-soft text-info ring-info/20',
      accent: 'bg-accent-soft text-accent ring-accent/20',
      danger: 'bg-danger-soft text-danger ring-danger/20',
    },
  },
  defaultVariants: { variant: 'muted' },
});

export type BadgeVariant = NonNullable<VariantProps<typeof badgeVariants>['variant']>;

export function Badge({ className, variant, ...props }: React.ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}

/** The active or inactive badge of menu items, testimonials and footer links. */
export function ActiveBadge({ active }: { active: boolean }) {
  return <Badge variant={active ? 'success' : 'muted'}>{active ? 'Active' : 'Inactive'}</Badge>;
}
