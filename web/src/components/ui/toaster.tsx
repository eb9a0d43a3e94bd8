import { X } from 'lucide-react';
import { Toast } from 'radix-ui';
import { useSyncExternalStore } from 'react';
import { cn } from '@/lib/cn';
import { ACTION_TOAST_DURATION, dismissToast, getToasts, subscribe, TOAST_DURATION, type ToastItem } from '@/lib/toast-store';

const noToasts: ToastItem[] = [];

/**
 * Shows the toasts of the store: bottom right, 5 s each, swipe right (50 px)
 * to dismiss, F8 to focus the region (Radix's default hotkey). On a phone
 * they come at the top, clear of the edit bar and the keyboard.
 */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribe, getToasts, () => noToasts);
  return (
    <Toast.Provider duration={TOAST_DURATION} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          duration={t.action ? ACTION_TOAST_DURATION : undefined}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-xl border p-4 pr-10 shadow-lg',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]',
            'data-[state=open]:animate-[toast-in_200ms_ease-out] data-[state=closed]:animate-[toast-out_150ms_ease-in]',
            t.variant === 'destructive'
              ? 'border-danger bg-danger text-white'
              : 'border-default bg-surface text-default',
          )}
        >
          <div className="grid gap-1">
            <Toast.Title className="text-sm font-semibold">{t.title}</Toast.Title>
            {t.description && (
              <Toast.Description className="text-sm opacity-90">{t.description}</Toast.Description>
            )}
          </div>
          {t.action && (
            <Toast.Action
              altText={t.action.altText}
              onClick={t.action.onSelect}
              className={cn(
                'ml-auto shrink-0 self-center rounded-lg border px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2',
                t.variant === 'destructive'
                  ? 'border-white/40 text-white hover:bg-white/10 focus-visible:outline-white'
                  : 'border-strong text-default hover:bg-surface-muted focus-visible:outline-focus',
              )}
            >
              {t.action.label}
            </Toast.Action>
          )}
          <Toast.Close
            aria-label="Close"
            className="absolute top-3 right-3 rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:outline-2"
          >
            <X className="size-4" aria-hidden="true" />
          </Toast.Close>
        </Toast.Root>
      ))}
      {/* Above the edit bar when it shows (on a phone the toasts are at the top). */}
      <Toast.Viewport className="fixed right-0 bottom-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none max-sm:top-0 max-sm:bottom-auto sm:max-w-[420px] sm:[body:has([data-edit-bar])_&]:bottom-20" />
    </Toast.Provider>
  );
}
