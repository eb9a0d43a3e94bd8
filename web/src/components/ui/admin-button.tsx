import { cva, type VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import { cn } from '@/lib/cn';

export const adminButtonVariants = cva(
  'inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-lg text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'bg-ink text-white shadow-sm hover:bg-ink/90',
        primary: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary-strong',
        outline: 'border border-strong bg-surface text-default shadow-xs hover:bg-surface-muted',
        ghost: 'text-body hover:bg-surface-sunken',
        destructive: 'bg-danger text-white shadow-sm hover:bg-danger-strong',
        success: 'bg-success text-white shadow-sm hover:bg-success-strong',
      },
      size: {
        sm: 'h-8 px-3',
        md: 'h-10 px-4',
        icon: 'size-8',
      },
    },
    defaultVariants: { variant: 'default', size: 'md' },
  },
);

/** The admin's buttons, in its tokens: `primary` takes the brand's primary colour of the settings (docs/DESIGN.md). */
export function AdminButton({
  className,
  variant,
  size,
  asChild = false,
  ...props
}: React.ComponentProps<'button'> & VariantProps<typeof adminButtonVariants> & { asChild?: boolean }) {
  const Comp = asChild ? Slot.Root : 'button';
  return <Comp className={cn(adminButtonVariants({ variant, size }), className)} {...props} />;
}
