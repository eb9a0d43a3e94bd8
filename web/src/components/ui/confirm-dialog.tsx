import { useRef } from 'react';
import { AlertDialog } from 'radix-ui';
import { adminButtonVariants } from './admin-button';
import { useEscapeClosesFirst } from './dialog';

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  description: string;
  /** The safe choice; it has the focus when the dialog opens. */
  cancelLabel: string;
  confirmLabel: string;
  onCancel: () => void;
  onConfirm: () => void;
  /** More to read before answering, such as a list, below the description. */
  children?: React.ReactNode;
};

/** A question that must be answered before going on (Radix AlertDialog): Escape and the safe choice cancel. */
export function ConfirmDialog({ open, title, description, cancelLabel, confirmLabel, onCancel, onConfirm, children }: ConfirmDialogProps) {
  const content = useRef<HTMLDivElement>(null);
  useEscapeClosesFirst(content, onCancel);
  return (
    <AlertDialog.Root open={open} onOpenChange={(o) => !o && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-ink/50" />
        <AlertDialog.Content ref={content} className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border border-default bg-surface p-5 shadow-xl sm:p-6">
          <div className="grid gap-1">
            <AlertDialog.Title className="text-lg font-semibold text-default">{title}</AlertDialog.Title>
            <AlertDialog.Description className="text-sm text-muted">{description}</AlertDialog.Description>
          </div>
          {children}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={adminButtonVariants({ variant: 'outline' })}>{cancelLabel}</AlertDialog.Cancel>
            <AlertDialog.Action className={adminButtonVariants({ variant: 'destructive' })} onClick={onConfirm}>
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
