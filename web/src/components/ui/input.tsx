import { cn } from '@/lib/cn';

export const fieldClass =
  'w-full rounded-lg border border-strong bg-surface px-3 py-2 text-sm text-default shadow-xs placeholder:text-subtle focus-visible:border-focus focus-visible:ring-3 focus-visible:ring-focus/20 focus-visible:outline-none disabled:opacity-50 aria-invalid:border-danger aria-invalid:ring-danger/20';

export function Input({ className, ...props }: React.ComponentProps<'input'>) {
  return <input className={cn(fieldClass, 'h-10', className)} {...props} />;
}

export function Textarea({ className, ...props }: React.ComponentProps<'textarea'>) {
  return <textarea className={cn(fieldClass, 'min-h-24 resize-y', className)} {...props} />;
}
