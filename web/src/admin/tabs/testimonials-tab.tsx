import { cn } from '@/lib/cn';
import { useAdminList } from '../lib/resources';
import { avatarColours, testimonialSchema } from '../lib/schemas';
import { truncate } from '../lib/text';
import type { Testimonial } from '../lib/types';
import { RecordDialog, type FieldSpec } from '../record-dialog';
import { useRecordEditor } from '../record-editor';
import { ListState, RecordList, RecordRow, RowActions, TabCard } from '../tab-parts';
import { ActiveBadge, Badge } from '../ui/badge';

const fields: FieldSpec[] = [
  { name: 'name', label: 'Name', kind: 'text', required: true, placeholder: 'Jane Doe' },
  { name: 'title', label: 'Title', kind: 'text', required: true, placeholder: 'CTO, Acme Corp' },
  { name: 'content', label: 'Content', kind: 'textarea', required: true, placeholder: 'What the client said' },
  { name: 'initials', label: 'Initials', kind: 'text', required: true, placeholder: 'JD', hint: 'At most 3 characters.' },
  { name: 'avatarBg', label: 'Avatar Colour', kind: 'select', options: avatarColours },
  { name: 'order', label: 'Order', kind: 'number' },
  { name: 'isActive', label: 'Active', kind: 'switch' },
];

// Literal class names, so that the stylesheet carries each colour.
const avatarClass: Record<string, string> = {
  'bg-blue-600': 'bg-blue-600',
  'bg-green-600': 'bg-green-600',
  'bg-purple-600': 'bg-purple-600',
  'bg-red-600': 'bg-red-600',
  'bg-yellow-600': 'bg-yellow-600',
  'bg-gray-600': 'bg-gray-600',
};

export function TestimonialsTab() {
  const list = useAdminList<Testimonial>('testimonials', 'Failed to fetch testimonials');
  const editor = useRecordEditor<Testimonial>('testimonials', 'Testimonial', {
    create: 'Failed to save testimonial',
    update: 'Failed to save testimonial',
    remove: 'Failed to delete testimonial',
  });
  const items = [...(list.data ?? [])].sort((a, b) => a.order - b.order);
  const record = editor.dialog.record;
  return (
    <TabCard title="Testimonials" description="Client quotes on the home page. Only active ones are shown." addLabel="Add Testimonial" onAdd={editor.openNew}>
      <ListState isLoading={list.isLoading} error={list.error} isEmpty={items.length === 0} loadingText="Loading testimonials..." emptyText="No testimonials yet.">
        <RecordList>
          {items.map((t) => (
            <RecordRow
              key={t.id}
              label={t.name}
              aside={
                <>
                  <ActiveBadge active={t.isActive} />
                  <RowActions name={t.name} onEdit={() => editor.openEdit(t)} onDelete={() => editor.remove(t)} deleting={editor.removing === t.id} />
                </>
              }
            >
              <div className="flex items-start gap-3">
                <span
                  aria-hidden="true"
                  className={cn('flex size-10 shrink-0 items-center justify-center rounded-full text-sm font-semibold text-white', avatarClass[t.avatarBg] ?? 'bg-blue-600')}
                >
                  {t.initials}
                </span>
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">{t.name}</p>
                  <p className="text-sm text-slate-500">{t.title}</p>
                  <p className="mt-1 text-sm text-slate-700">{truncate(t.content)}</p>
                  <Badge variant="info" className="mt-2">
                    Order {t.order}
                  </Badge>
                </div>
              </div>
            </RecordRow>
          ))}
        </RecordList>
      </ListState>
      <RecordDialog
        open={editor.dialog.open}
        onOpenChange={editor.setOpen}
        title={record ? 'Edit Testimonial' : 'Add Testimonial'}
        description="A client's words, with their name and role."
        fields={fields}
        schema={testimonialSchema}
        initial={{
          name: record?.name ?? '',
          title: record?.title ?? '',
          content: record?.content ?? '',
          initials: record?.initials ?? '',
          avatarBg: record?.avatarBg || 'bg-blue-600',
          order: String(record?.order ?? 0),
          isActive: record?.isActive ?? true,
        }}
        submitLabel={record ? 'Save Changes' : 'Create Testimonial'}
        pending={editor.saving}
        onSubmit={editor.submit}
      />
    </TabCard>
  );
}
