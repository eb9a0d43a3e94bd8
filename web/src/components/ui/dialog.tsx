import { useEffect, useRef } from 'react';
import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { cn } from '@/lib/cn';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;

/** The dialog opened last of those open, or null when none is. */
export function topmostDialog(): Element | null {
  const open = document.querySelectorAll('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]');
  return open[open.length - 1] ?? null;
}

/** Whether Escape pressed at target is for this dialog: the focus is in it, or nowhere while it is the topmost. */
function escapeIsFor(dialog: HTMLElement | null, target: EventTarget | null): boolean {
  if (!dialog || !(target instanceof Node)) return false;
  if (dialog.contains(target)) return true;
  return target === document.body && topmostDialog() === dialog;
}

/**
 * Escape closes the dialog the focus is in, before anything shown since it
 * opened (a toast, or one that re-rendered, as a closing toast does): Radix
 * hands Escape to the layer registered last. The listener goes on the
 * document's capture phase when the dialog mounts, so it runs before any
 * later layer's.
 */
export function useEscapeClosesFirst(content: React.RefObject<HTMLElement | null>, onEscape: () => void) {
  const escape = useRef(onEscape);
  useEffect(() => {
    escape.current = onEscape;
  });
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || !escapeIsFor(content.current, e.target)) return;
      e.preventDefault();
      e.stopImmediatePropagation();
      escape.current();
    };
    document.addEventListener('keydown', onKeyDown, { capture: true });
    return () => document.removeEventListener('keydown', onKeyDown, { capture: true });
  }, [content]);
}

/**
 * The content of a dialog opened from code rather than a Radix trigger.
 * When it closes, the focus goes back to what had it when it opened (the
 * button that opened it), or to the page's main content when that is gone.
 */
export function DialogContent({ className, children, onOpenAutoFocus, onCloseAutoFocus, ...props }: React.ComponentProps<typeof DialogPrimitive.Content>) {
  const content = useRef<HTMLDivElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  // Through the close button, so that the dialog's onOpenChange decides as for any other close.
  useEscapeClosesFirst(content, () => close.current?.click());
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-ink/50 backdrop-blur-[1px]" />
      <DialogPrimitive.Content
        ref={content}
        onOpenAutoFocus={(e) => {
          // The focus has not moved yet: it is on the opener.
          const active = document.activeElement;
          opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
          onOpenAutoFocus?.(e);
        }}
        onCloseAutoFocus={(e) => {
          onCloseAutoFocus?.(e);
          if (e.defaultPrevented) return;
          e.preventDefault();
          const back = opener.current?.isConnected ? opener.current : document.querySelector<HTMLElement>('main');
          back?.focus();
        }}
        className={cn(
          'fixed top-1/2 left-1/2 z-50 grid max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border border-default bg-surface p-4 shadow-xl sm:p-6',
          className,
        )}
        {...props}
      >
        {children}
        <DialogPrimitive.Close
          ref={close}
          aria-label="Close"
          className="absolute top-4 right-4 rounded-md p-1 text-muted hover:bg-surface-sunken hover:text-default focus-visible:outline-2 focus-visible:outline-focus"
        >
          <X className="size-4" aria-hidden="true" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogTitle({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-lg font-semibold text-default', className)} {...props} />;
}

export function DialogDescription({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-sm text-muted', className)} {...props} />;
}

/** A dialog's title and the sentences under it, clear of the close button. */
export function DialogHeader({ title, description }: { title: React.ReactNode; description: React.ReactNode }) {
  return (
    <div className="grid gap-1 pr-6">
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription>{description}</DialogDescription>
    </div>
  );
}
