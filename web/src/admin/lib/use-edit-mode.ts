import { useSyncExternalStore } from 'react';
import { readEditMode, subscribeAdminStorage, writeEditMode } from '@/features/editable-text/edit-mode';
import { toast } from '@/lib/toast-store';

/** Edit mode as this and every other open tab sees it, and its toggle. */
export function useEditMode(): { editMode: boolean; toggleEditMode: () => void } {
  const editMode = useSyncExternalStore(subscribeAdminStorage, readEditMode, () => false);
  function toggleEditMode() {
    const on = !readEditMode();
    writeEditMode(on);
    toast(
      on
        ? { title: 'Edit Mode Enabled', description: 'Click on any text element to edit it directly' }
        : { title: 'Edit Mode Disabled', description: 'Content editing is now disabled' },
    );
  }
  return { editMode, toggleEditMode };
}
