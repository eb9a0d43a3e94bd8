import { Send } from 'lucide-react';
import { apiRequest } from '../lib/api-client';
import { resourceURL, useAdminList, useAdminWrite } from '../lib/resources';
import { pageSchema, pageStatuses } from '../lib/schemas';
import { truncate } from '../lib/text';
import type { Page } from '../lib/types';
import { RecordDialog, type FieldSpec } from '../record-dialog';
import { useRecordEditor } from '../record-editor';
import { ListState, RecordList, RecordRow, RowActions, TabCard } from '../tab-parts';
import { AdminButton } from '../ui/admin-button';
import { Badge } from '../ui/badge';

const fields: FieldSpec[] = [
  { name: 'title', label: 'Title', kind: 'text', required: true, placeholder: 'About our approach' },
  { name: 'slug', label: 'Slug', kind: 'text', required: true, placeholder: 'about-our-approach', hint: 'Left empty, it is made from the title.' },
  { name: 'content', label: 'Content', kind: 'textarea', required: true },
  { name: 'excerpt', label: 'Excerpt', kind: 'textarea' },
  { name: 'metaTitle', label: 'Meta Title', kind: 'text' },
  { name: 'status', label: 'Status', kind: 'select', options: pageStatuses },
  { name: 'metaDescription', label: 'Meta Description', kind: 'textarea' },
  { name: 'template', label: 'Template', kind: 'text', placeholder: 'default' },
  { name: 'featuredImage', label: 'Featured Image URL', kind: 'url' },
];

export function PagesTab() {
  const list = useAdminList<Page>('pages', 'Failed to fetch pages');
  const editor = useRecordEditor<Page>('pages', 'Page', {
    create: 'Failed to create page',
    update: 'Failed to update page',
    remove: 'Failed to delete page',
  });
  const publish = useAdminWrite(
    'pages',
    (id: number) => apiRequest('POST', `${resourceURL('pages')}/${id}/publish`),
    () => ({ success: 'Page published successfully', failure: 'Failed to publish page' }),
  );
  const items = list.data ?? [];
  const record = editor.dialog.record;
  return (
    <TabCard title="Pages" description="Content pages, as drafts or published." addLabel="Add Page" onAdd={editor.openNew}>
      <ListState isLoading={list.isLoading} error={list.error} isEmpty={items.length === 0} loadingText="Loading pages..." emptyText="No pages found.">
        <RecordList>
          {items.map((p) => (
            <RecordRow
              key={p.id}
              label={p.title}
              aside={
                <>
                  <Badge variant={p.status === 'published' ? 'success' : 'warning'}>{p.status === 'published' ? 'Published' : 'Draft'}</Badge>
                  {p.status !== 'published' && (
                    <AdminButton variant="success" size="sm" disabled={publish.isPending && publish.variables === p.id} onClick={() => publish.mutate(p.id)}>
                      <Send aria-hidden="true" />
                      Publish
                    </AdminButton>
                  )}
                  <RowActions name={p.title} onEdit={() => editor.openEdit(p)} onDelete={() => editor.remove(p)} deleting={editor.removing === p.id} />
                </>
              }
            >
              <p className="font-medium text-slate-900">{p.title}</p>
              <p className="font-mono text-sm text-slate-500">/{p.slug}</p>
              <p className="mt-1 text-sm text-slate-700">{truncate(p.content)}</p>
              {p.metaDescription && <p className="mt-1 text-xs text-slate-500">{truncate(p.metaDescription)}</p>}
            </RecordRow>
          ))}
        </RecordList>
      </ListState>
      <RecordDialog
        open={editor.dialog.open}
        onOpenChange={editor.setOpen}
        title={record ? 'Edit Page' : 'Add Page'}
        description="A page with its text and what search engines see."
        fields={fields}
        schema={pageSchema}
        initial={{
          title: record?.title ?? '',
          slug: record?.slug ?? '',
          content: record?.content ?? '',
          excerpt: record?.excerpt ?? '',
          metaTitle: record?.metaTitle ?? '',
          metaDescription: record?.metaDescription ?? '',
          status: record?.status || 'draft',
          template: record?.template || 'default',
          featuredImage: record?.featuredImage ?? '',
        }}
        submitLabel={record ? 'Save Changes' : 'Create Page'}
        pending={editor.saving}
        onSubmit={editor.submit}
      />
    </TabCard>
  );
}
