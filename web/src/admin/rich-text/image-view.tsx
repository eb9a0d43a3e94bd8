import { useQuery } from '@tanstack/react-query';
import { NodeViewWrapper, type ReactNodeViewProps } from '@tiptap/react';
import { Trash2 } from 'lucide-react';
import { useId } from 'react';
import { imageSource, loadMedia, mediaURL } from '../media/media-api';

/**
 * An image of the body in the editor: the picture, its alt text (edited
 * here, for this page; empty takes the library's), and Remove.
 */
export function ImageView({ node, updateAttributes, deleteNode, selected }: ReactNodeViewProps) {
  const mediaId = Number(node.attrs.mediaId);
  const altId = useId();
  const item = useQuery({ queryKey: [`${mediaURL}/${mediaId}`], queryFn: () => loadMedia(mediaId), enabled: mediaId > 0 });
  const src = item.data ? imageSource(item.data, 640) : null;
  return (
    <NodeViewWrapper
      as="figure"
      data-drag-handle
      className={`my-4 overflow-hidden rounded-lg border bg-surface-muted ${selected ? 'border-primary ring-2 ring-primary/30' : 'border-default'}`}
    >
      <div contentEditable={false} className="flex aspect-[16/7] items-center justify-center bg-surface-sunken">
        {src ? (
          <img src={src.src} srcSet={src.srcSet} sizes="640px" width={src.width} height={src.height} alt="" className="size-full object-contain" />
        ) : (
          <span className="text-sm text-body">{item.isError ? 'This image is not in the media library any more.' : 'Loading the image...'}</span>
        )}
      </div>
      <figcaption contentEditable={false} className="flex flex-wrap items-center gap-2 border-t border-default bg-surface p-2">
        <label htmlFor={altId} className="text-xs font-medium text-body">
          Alt text
        </label>
        <input
          id={altId}
          value={String(node.attrs.alt ?? '')}
          placeholder={item.data?.altText || 'Describe the image'}
          onChange={(e) => updateAttributes({ alt: e.target.value })}
          className="h-8 min-w-0 flex-1 basis-48 rounded-md border border-strong px-2 text-sm focus-visible:outline-2 focus-visible:outline-focus"
        />
        <button
          type="button"
          onClick={deleteNode}
          className="ml-auto inline-flex h-8 items-center gap-1 rounded-md px-2 text-sm text-body hover:bg-danger-soft hover:text-danger focus-visible:outline-2 focus-visible:outline-focus"
        >
          <Trash2 aria-hidden="true" className="size-4" />
          Remove image
        </button>
      </figcaption>
    </NodeViewWrapper>
  );
}
