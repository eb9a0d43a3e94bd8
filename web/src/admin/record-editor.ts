import { useState } from 'react';
import { deleteRecord, saveRecord, useAdminWrite, type ResourceName } from './lib/resources';

type Failures = { create: string; update: string; remove: string };

/**
 * The add, edit and delete of one kind of record, with the toasts of SPEC
 * section 8: "<Noun> created/updated/deleted successfully" and the failures.
 */
export function useRecordEditor<T extends { id: number }>(resource: ResourceName, noun: string, failures: Failures) {
  const [dialog, setDialog] = useState<{ open: boolean; record?: T }>({ open: false });
  const save = useAdminWrite(
    resource,
    ({ id, fields }: { id?: number; fields: object }) => saveRecord(resource, id, fields),
    ({ id }) =>
      id === undefined
        ? { success: `${noun} created successfully`, failure: failures.create }
        : { success: `${noun} updated successfully`, failure: failures.update },
  );
  const remove = useAdminWrite(
    resource,
    (id: number) => deleteRecord(resource, id),
    () => ({ success: `${noun} deleted successfully`, failure: failures.remove }),
  );
  return {
    dialog,
    openNew: () => setDialog({ open: true }),
    openEdit: (record: T) => setDialog({ open: true, record }),
    setOpen: (open: boolean) => setDialog((d) => ({ ...d, open })),
    /** Creates or updates the record the dialog was opened for. */
    submit: (fields: object) => save.mutateAsync({ id: dialog.record?.id, fields }),
    saving: save.isPending,
    remove: (record: T) => remove.mutate(record.id),
    removing: remove.isPending ? remove.variables : undefined,
  };
}
