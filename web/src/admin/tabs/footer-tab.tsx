import { useAdminList } from '../lib/resources';
import { footerCategories, footerLinkSchema } from '../lib/schemas';
import type { FooterLink } from '../lib/types';
import { RecordDialog, type FieldSpec } from '../record-dialog';
import { useRecordEditor } from '../record-editor';
import { ListState, RecordList, RecordRow, RowActions, TabCard } from '../tab-parts';
import { ActiveBadge, Badge } from '../ui/badge';

const fields: FieldSpec[] = [
  { name: 'title', label: 'Title', kind: 'text', required: true, placeholder: 'Machine Learning' },
  { name: 'category', label: 'Category', kind: 'select', required: true, options: footerCategories },
  { name: 'url', label: 'URL', kind: 'url', placeholder: '/machine-learning', hint: 'Optional.' },
  { name: 'order', label: 'Order', kind: 'number' },
  { name: 'isActive', label: 'Active', kind: 'switch' },
];

export function FooterTab() {
  const list = useAdminList<FooterLink>('footer-links', 'Failed to fetch footer links');
  const editor = useRecordEditor<FooterLink>('footer-links', 'Footer link', {
    create: 'Failed to save footer link',
    update: 'Failed to save footer link',
    remove: 'Failed to delete footer link',
  });
  const items = list.data ?? [];
  const record = editor.dialog.record;
  return (
    <TabCard title="Footer" description="The link columns of the site footer." addLabel="Add Footer Link" onAdd={editor.openNew}>
      <ListState isLoading={list.isLoading} error={list.error} isEmpty={items.length === 0} loadingText="Loading footer links..." emptyText="No footer links yet.">
        <div className="grid gap-4 lg:grid-cols-2">
          {footerCategories.map((c) => {
            const links = items.filter((l) => l.category === c.value).sort((a, b) => a.order - b.order);
            return (
              <section key={c.value} aria-label={c.label} className="rounded-lg border border-slate-200 p-4">
                <h3 className="mb-3 text-sm font-semibold tracking-wide text-slate-500 uppercase">{c.label}</h3>
                {links.length === 0 ? (
                  <p className="text-sm text-slate-500">No links in this category yet.</p>
                ) : (
                  <RecordList>
                    {links.map((l) => (
                      <RecordRow
                        key={l.id}
                        label={l.title}
                        aside={
                          <>
                            <ActiveBadge active={l.isActive} />
                            <RowActions name={l.title} onEdit={() => editor.openEdit(l)} onDelete={() => editor.remove(l)} deleting={editor.removing === l.id} />
                          </>
                        }
                      >
                        <p className="font-medium text-slate-900">{l.title}</p>
                        <p className="mt-0.5 flex flex-wrap items-center gap-2 text-sm text-slate-500">
                          <span className="font-mono">{l.url || 'No link'}</span>
                          <Badge variant="info">Order {l.order}</Badge>
                        </p>
                      </RecordRow>
                    ))}
                  </RecordList>
                )}
              </section>
            );
          })}
        </div>
      </ListState>
      <RecordDialog
        open={editor.dialog.open}
        onOpenChange={editor.setOpen}
        title={record ? 'Edit Footer Link' : 'Add Footer Link'}
        description="Footer links are grouped by category."
        fields={fields}
        schema={footerLinkSchema}
        initial={{
          title: record?.title ?? '',
          category: record?.category || 'Solutions',
          url: record?.url ?? '',
          order: String(record?.order ?? 0),
          isActive: record?.isActive ?? true,
        }}
        submitLabel={record ? 'Save Changes' : 'Create Footer Link'}
        pending={editor.saving}
        onSubmit={editor.submit}
      />
    </TabCard>
  );
}
