import { cva, type VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import { cx } from '@/lib/cx';

const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-lg font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:pointer-events-none disabled:opacity-50',
  {
    variants: {
      variant: {
        primary: 'bg-brand text-white shadow-sm hover:bg-brand-strong',
        secondary: 'bg-white text-ink ring-1 ring-slate-300 hover:bg-slate-50',
        inverse: 'bg-white text-brand-strong shadow-sm hover:bg-slate-100',
        ghost: 'text-white ring-1 ring-white/40 hover:bg-white/10',
      },
      size: {
        sm: 'h-9 px-4 text-sm',
        md: 'h-11 px-5 text-sm',
        lg: 'h-12 px-6 text-base',
      },
    },
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);

export function Button({
  className,
  variant,
  size,
  asChild = false,
  ...props
}: React.ComponentProps<'button'> & VariantProps<typeof buttonVariants> & { asChild?: boolean }) {
  const Comp = asChild ? Slot.Root : 'button';
  return <Comp className={cx(buttonVariants({ variant, size }), className)} {...props} />;
}
