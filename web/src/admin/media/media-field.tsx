import { useQuery } from '@tanstack/react-query';
import { ImageOff, ImagePlus } from 'lucide-react';
import { useState } from 'react';
import { mediaRefId, mediaRefOf } from '@/lib/site-data';
import { AdminButton } from '@/components/ui/admin-button';
import { imageSource, loadMedia, mediaURL } from './media-api';
import { MediaPickerDialog } from './media-picker';

type MediaFieldProps = {
  id: string;
  /** The field's value: `media:{id}`, an address saved before the library, or empty. */
  value: string;
  onChange: (value: string) => void;
  /** The field's label, which names the group. */
  label: string;
  invalid?: boolean;
  describedBy?: string;
};

/**
 * A form field that holds an image of the media library (`media:{id}`):
 * its thumbnail, name and alt text, and Choose or Change (the picker) and
 * Remove. A value saved as an address before the library shows as such
 * until it is replaced.
 */
export function MediaField({ id, value, onChange, label, invalid, describedBy }: MediaFieldProps) {
  const [picking, setPicking] = useState(false);
  const ref = mediaRefId(value);
  const item = useQuery({
    queryKey: [`${mediaURL}/${ref}`],
    queryFn: () => loadMedia(ref!),
    enabled: ref !== undefined,
  });
  const thumb = item.data ? imageSource(item.data, 160) : null;
  return (
    <div
      id={id}
      role="group"
      aria-label={label}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      className="flex min-h-20 flex-wrap items-center gap-3 rounded-lg border border-strong p-2 aria-invalid:border-danger sm:flex-nowrap"
    >
      <span className="flex h-16 w-24 shrink-0 items-center justify-center overflow-hidden rounded-md bg-surface-sunken">
        {thumb ? (
          <img src={thumb.src} width={thumb.width} height={thumb.height} alt="" className="size-full object-cover" />
        ) : (
          <ImagePlus aria-hidden="true" className="size-5 text-subtle" />
        )}
      </span>
      <span className="grid min-w-0 flex-1 gap-0.5 text-sm">
        {ref === undefined && value === '' && <span className="text-muted">No image</span>}
        {ref === undefined && value !== '' && (
          <>
            <span className="truncate font-medium text-default" title={value}>
              {value}
            </span>
            <span className="text-xs text-muted">An address; choose an image of the library instead.</span>
          </>
        )}
        {ref !== undefined && item.isLoading && <span className="text-muted">Loading the image...</span>}
        {ref !== undefined && item.isError && <span className="text-danger">That image is not in the media library any more: choose another.</span>}
        {item.data && (
          <>
            <span className="truncate font-medium text-default">{item.data.name}</span>
            <span className="truncate text-xs text-muted">{item.data.decorative ? 'Decorative' : item.data.altText || 'Needs alt text'}</span>
          </>
        )}
      </span>
      <span className="flex w-full gap-2 sm:w-auto">
        <AdminButton type="button" variant="outline" className="flex-1 max-sm:h-11 sm:flex-none" onClick={() => setPicking(true)}>
          <ImagePlus aria-hidden="true" />
          {value === '' ? 'Choose image' : 'Change'}
        </AdminButton>
        {value !== '' && (
          <AdminButton type="button" variant="outline" className="flex-1 max-sm:h-11 sm:flex-none" onClick={() => onChange('')}>
            <ImageOff aria-hidden="true" />
            Remove
          </AdminButton>
        )}
      </span>
      <MediaPickerDialog open={picking} onOpenChange={setPicking} title={`Choose the ${label.toLowerCase()}`} current={ref} onChoose={(chosen) => onChange(mediaRefOf(chosen.id))} />
    </div>
  );
}
