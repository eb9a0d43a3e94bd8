import { useState } from 'react';
import { ImageOff } from 'lucide-react';
import { useAdminList } from '../lib/resources';
import { imageSchema } from '../lib/schemas';
import type { WebsiteImage } from '../lib/types';
import { RecordDialog, type FieldSpec } from '../record-dialog';
import { useRecordEditor } from '../record-editor';
import { ListState, RecordList, RecordRow, RowActions, TabCard } from '../tab-parts';
import { Badge } from '../ui/badge';

const fields: FieldSpec[] = [
  { name: 'name', label: 'Name', kind: 'text', required: true, placeholder: 'Hero background' },
  { name: 'url', label: 'Image URL', kind: 'url', required: true, placeholder: 'https://...' },
  { name: 'altText', label: 'Alt Text', kind: 'text', wide: true, placeholder: 'What the image shows' },
  { name: 'section', label: 'Section', kind: 'text', placeholder: 'hero' },
  { name: 'usage', label: 'Usage', kind: 'text', placeholder: 'background' },
];

/** A small preview that steps aside when the image does not load. */
function Thumb({ src, alt }: { src: string; alt: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <div className="flex size-14 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-slate-200 bg-slate-50">
      {failed ? (
        <ImageOff className="size-5 text-slate-400" aria-hidden="true" />
      ) : (
        <img src={src} alt={alt} className="size-full object-cover" onError={() => setFailed(true)} />
      )}
    </div>
  );
}

export function ImagesTab() {
  const list = useAdminList<WebsiteImage>('images', 'Failed to fetch images');
  const editor = useRecordEditor<WebsiteImage>('images', 'Image', {
    create: 'Failed to save image',
    update: 'Failed to save image',
    remove: 'Failed to delete image',
  });
  const items = list.data ?? [];
  const record = editor.dialog.record;
  return (
    <TabCard title="Images" description="Images the site uses, with their alt texts." addLabel="Add Image" onAdd={editor.openNew}>
      <ListState isLoading={list.isLoading} error={list.error} isEmpty={items.length === 0} loadingText="Loading images..." emptyText="No images yet.">
        <RecordList>
          {items.map((img) => (
            <RecordRow
              key={img.id}
              label={img.name}
              aside={<RowActions name={img.name} onEdit={() => editor.openEdit(img)} onDelete={() => editor.remove(img)} deleting={editor.removing === img.id} />}
            >
              <div className="flex items-start gap-3">
                <Thumb src={img.url} alt={img.altText} />
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">{img.name}</p>
                  <p className="truncate font-mono text-sm text-slate-500">{img.url}</p>
                  <p className="mt-1 flex flex-wrap gap-1.5">
                    {img.section && <Badge variant="info">{img.section}</Badge>}
                    {img.usage && <Badge>{img.usage}</Badge>}
                  </p>
                </div>
              </div>
            </RecordRow>
          ))}
        </RecordList>
      </ListState>
      <RecordDialog
        open={editor.dialog.open}
        onOpenChange={editor.setOpen}
        title={record ? 'Edit Image' : 'Add Image'}
        description="Register an image by its address."
        fields={fields}
        schema={imageSchema}
        initial={{
          name: record?.name ?? '',
          url: record?.url ?? '',
          altText: record?.altText ?? '',
          section: record?.section ?? '',
          usage: record?.usage ?? '',
        }}
        submitLabel={record ? 'Save Changes' : 'Create Image'}
        pending={editor.saving}
        onSubmit={editor.submit}
      />
    </TabCard>
  );
}
