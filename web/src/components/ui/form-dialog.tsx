import { AdminButton } from './admin-button';
import { Dialog, DialogContent, DialogHeader } from './dialog';

type FormActionsProps = {
  onCancel: () => void;
  cancelLabel?: string;
  /** What the submit button says: its pending label while the form is sent. */
  submitLabel: React.ReactNode;
  /** The form is being sent: the button says so, and says it is not to be pressed again. */
  pending: boolean;
  destructive?: boolean;
};

/** A form's buttons at its foot: Cancel, and the one that sends it (first on a phone). */
export function FormActions({ onCancel, cancelLabel = 'Cancel', submitLabel, pending, destructive }: FormActionsProps) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <AdminButton type="button" variant="outline" onClick={onCancel}>
        {cancelLabel}
      </AdminButton>
      <AdminButton type="submit" variant={destructive ? 'destructive' : 'primary'} aria-disabled={pending || undefined}>
        {submitLabel}
      </AdminButton>
    </div>
  );
}

type FormDialogProps = Omit<FormActionsProps, 'onCancel'> & {
  title: React.ReactNode;
  description: React.ReactNode;
  onSubmit: (e: React.FormEvent) => void | Promise<void>;
  /** Closes the dialog: Cancel, Escape and the close button. */
  onClose: () => void;
  children: React.ReactNode;
};

/** A dialog that is a form: its heading, its fields (the children), Cancel and the button that sends it. */
export function FormDialog({ title, description, onSubmit, onClose, children, ...actions }: FormDialogProps) {
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-5">
          <DialogHeader title={title} description={description} />
          {children}
          <FormActions onCancel={onClose} {...actions} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

type NoticeDialogProps = {
  title: React.ReactNode;
  description: React.ReactNode;
  onClose: () => void;
  className?: string;
  children: React.ReactNode;
};

/** A dialog that shows something to take away (a link to copy), closed with Done. */
export function NoticeDialog({ title, description, onClose, className, children }: NoticeDialogProps) {
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className={className}>
        <div className="grid gap-5">
          <DialogHeader title={title} description={description} />
          {children}
          <div className="flex justify-end">
            <AdminButton variant="outline" onClick={onClose}>
              Done
            </AdminButton>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
