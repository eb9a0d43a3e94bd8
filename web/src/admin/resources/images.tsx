import { useState } from 'react';
import { ImageOff } from 'lucide-react';
import type { WebsiteImage } from '@/lib/api-types';
import { imageSchema } from '../lib/schemas';
import type { ResourceConfig } from '../resource-config';
import { Badge } from '@/components/ui/badge';

/** A small preview that steps aside when the image does not load. */
function Thumb({ src, alt }: { src: string; alt: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <div className="flex size-14 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-default bg-surface-muted">
      {failed ? (
        <ImageOff className="size-5 text-subtle" aria-hidden="true" />
      ) : (
        <img src={src} alt={alt} className="size-full object-cover" onError={() => setFailed(true)} />
      )}
    </div>
  );
}

export const images: ResourceConfig<WebsiteImage> = {
  resource: 'images',
  noun: 'Image',
  plural: 'images',
  title: 'Images by address',
  description: 'Images the site uses from an address of their own, with their alt texts.',
  dialogDescription: 'Register an image by its address.',
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true, placeholder: 'Hero background' },
    { name: 'url', label: 'Image URL', kind: 'url', required: true, placeholder: 'https://...' },
    { name: 'altText', label: 'Alt Text', kind: 'text', wide: true, placeholder: 'What the image shows' },
    { name: 'section', label: 'Section', kind: 'text', placeholder: 'hero' },
    { name: 'usage', label: 'Usage', kind: 'text', placeholder: 'background' },
  ],
  schema: imageSchema,
  name: (img) => img.name,
  row: (img) => (
    <div className="flex items-start gap-3">
      <Thumb src={img.url} alt={img.altText} />
      <div className="min-w-0">
        <p className="font-medium text-default">{img.name}</p>
        <p className="truncate font-mono text-sm text-muted">{img.url}</p>
        <p className="mt-1 flex flex-wrap gap-1.5">
          {img.section && <Badge variant="info">{img.section}</Badge>}
          {img.usage && <Badge>{img.usage}</Badge>}
        </p>
      </div>
    </div>
  ),
};
