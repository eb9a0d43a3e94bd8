import { useAdminList } from '../lib/resources';
import { menuItemSchema } from '../lib/schemas';
import type { MenuItem } from '../lib/types';
import { RecordDialog, type FieldSpec } from '../record-dialog';
import { useRecordEditor } from '../record-editor';
import { ListState, RecordList, RecordRow, RowActions, TabCard } from '../tab-parts';
import { ActiveBadge, Badge } from '../ui/badge';

const fields: FieldSpec[] = [
  { name: 'title', label: 'Title', kind: 'text', required: true, placeholder: 'AI Solutions' },
  { name: 'url', label: 'URL', kind: 'url', required: true, placeholder: '/#solutions' },
  { name: 'order', label: 'Order', kind: 'number', hint: 'Lower numbers come first.' },
  { name: 'isActive', label: 'Active', kind: 'switch' },
];

export function MenuTab() {
  const list = useAdminList<MenuItem>('menu-items', 'Failed to fetch menu items');
  const editor = useRecordEditor<MenuItem>('menu-items', 'Menu item', {
    create: 'Failed to save menu item',
    update: 'Failed to save menu item',
    remove: 'Failed to delete menu item',
  });
  const items = [...(list.data ?? [])].sort((a, b) => a.order - b.order);
  const record = editor.dialog.record;
  return (
    <TabCard title="Menu" description="The navigation links of the site header." addLabel="Add Menu Item" onAdd={editor.openNew}>
      <ListState isLoading={list.isLoading} error={list.error} isEmpty={items.length === 0} loadingText="Loading menu items..." emptyText="No menu items yet.">
        <RecordList>
          {items.map((m) => (
            <RecordRow
              key={m.id}
              label={m.title}
              aside={
                <>
                  <ActiveBadge active={m.isActive} />
                  <RowActions name={m.title} onEdit={() => editor.openEdit(m)} onDelete={() => editor.remove(m)} deleting={editor.removing === m.id} />
                </>
              }
            >
              <p className="font-medium text-slate-900">{m.title}</p>
              <p className="mt-0.5 flex flex-wrap items-center gap-2 text-sm text-slate-500">
                <span className="font-mono">{m.url}</span>
                <Badge variant="info">Order {m.order}</Badge>
              </p>
            </RecordRow>
          ))}
        </RecordList>
      </ListState>
      <RecordDialog
        open={editor.dialog.open}
        onOpenChange={editor.setOpen}
        title={record ? 'Edit Menu Item' : 'Add Menu Item'}
        description="Menu items appear in the header of every public page."
        fields={fields}
        schema={menuItemSchema}
        initial={{
          title: record?.title ?? '',
          url: record?.url ?? '',
          order: String(record?.order ?? 0),
          isActive: record?.isActive ?? true,
        }}
        submitLabel={record ? 'Save Changes' : 'Create Menu Item'}
        pending={editor.saving}
        onSubmit={editor.submit}
      />
    </TabCard>
  );
}
