import { ResponsiveImage } from '@/components/ui/responsive-image';
import { useSiteData } from '@/lib/site-data-context';
import { mediaRefId, type SiteMedia } from '@/lib/site-data';
import { useContentAddress, useStoredValue } from './content-scope';

export type EditableImageProps = {
  /** The key of the text that names the image (`media:{id}`), in the nearest ContentSection. */
  contentKey: string;
  /** The width the image is shown at, as `sizes` says it. */
  sizes: string;
  /** The largest image above the fold (see ResponsiveImage). */
  priority?: boolean;
  /** Classes of the img, e.g. its size and `object-cover` for a crop. */
  className?: string;
  /** What shows while no image is chosen: the built-in art, initials. */
  children: React.ReactNode;
};

/** The image of the media library that the stored value at (section, key) names. */
export function useStoredImage(section: string, key: string): SiteMedia | undefined {
  const id = mediaRefId(useStoredValue(section, key));
  const { media } = useSiteData();
  return id === undefined ? undefined : media[String(id)];
}

/**
 * A picture of the public site that staff choose from the media library:
 * the image its text names (`media:{id}`, saved with POST
 * /api/admin/content), with srcset, width and height, or the built-in one.
 */
export function EditableImage({ contentKey, sizes, priority, className, children }: EditableImageProps) {
  const address = useContentAddress(contentKey);
  const media = useStoredImage(address?.section ?? '', address?.key ?? '');
  return media ? <ResponsiveImage media={media} sizes={sizes} priority={priority} className={className} /> : children;
}
