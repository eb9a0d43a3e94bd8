import { createContext, Suspense, useCallback, useContext, useSyncExternalStore } from 'react';
import { ResponsiveImage } from '@/components/ui/responsive-image';
import { cx } from '@/lib/cx';
import { useSiteData } from '@/lib/site-data-context';
import { mediaRefId, type SiteMedia } from '@/lib/site-data';
import { useContentAddress, useStoredValue } from './content-scope';
import { useCanEdit } from './edit-mode';
import { getSavedMedia, subscribeSavedTexts } from './saved-texts';

/** What the controls that choose a picture in place get. */
export type ImageSlotControlsProps = {
  section: string;
  contentKey: string;
  /** What the picture is, without an article: "hero picture", "photo of Ana Ruiz". */
  label: string;
  /** The image of the media library shown now, if any. */
  current?: SiteMedia;
  /** `badge`: small icon buttons on the corner, for a small picture such as a portrait. */
  size: 'overlay' | 'badge';
  /** The picture as visitors see it. */
  children: React.ReactNode;
};

/**
 * The controls that choose a picture from the media library in edit mode.
 * They use the admin's media picker, which features may not import: the app
 * provides them (a chunk loaded only in edit mode), and null elsewhere.
 */
export const ImageSlotControlsContext = createContext<React.ComponentType<ImageSlotControlsProps> | null>(null);

export type EditableImageProps = {
  /** The key of the text that names the image (`media:{id}`), in the nearest ContentSection. */
  contentKey: string;
  /** What the picture is, without an article, for its controls in edit mode: "hero picture". */
  label: string;
  /** The width the image is shown at, as `sizes` says it. */
  sizes: string;
  /** The largest image above the fold (see ResponsiveImage). */
  priority?: boolean;
  /** Classes of the img, e.g. its size and `object-cover` for a crop. */
  className?: string;
  /** The controls' size in edit mode: `badge` for a small picture. */
  controls?: 'overlay' | 'badge';
  /**
   * What shows while no image is chosen: the built-in art, initials; none
   * for a picture that is optional (visitors then see nothing, and edit
   * mode an empty frame of the picture's size to choose one for).
   */
  children?: React.ReactNode;
};

/** The image of the media library that the stored value at (section, key) names: chosen in this visit, else from the page data. */
export function useStoredImage(section: string, key: string): SiteMedia | undefined {
  const id = mediaRefId(useStoredValue(section, key));
  const { media } = useSiteData();
  const getChosen = useCallback(() => (id === undefined ? undefined : getSavedMedia(id)), [id]);
  const chosen = useSyncExternalStore(subscribeSavedTexts, getChosen, () => undefined);
  return id === undefined ? undefined : (chosen ?? media[String(id)]);
}

/**
 * A picture of the public site that staff choose from the media library:
 * the image its text names (`media:{id}`, saved with POST
 * /api/admin/content), with srcset, width and height, or the built-in one.
 * In edit mode it carries the controls that change it.
 */
export function EditableImage({ contentKey, label, sizes, priority, className, controls = 'overlay', children }: EditableImageProps) {
  const address = useContentAddress(contentKey);
  const media = useStoredImage(address?.section ?? '', address?.key ?? '');
  const Controls = useContext(ImageSlotControlsContext);
  const canEdit = useCanEdit();
  const shown = media ? <ResponsiveImage media={media} sizes={sizes} priority={priority} className={className} /> : children;
  if (!canEdit || !Controls || !address) return shown ?? null;
  const framed = shown ?? (
    <div data-image-controls className={cx(className, 'flex items-center justify-center border-2 border-dashed border-strong bg-surface-muted p-4 text-center text-sm text-muted')}>
      No picture: visitors see none here.
    </div>
  );
  return (
    <Suspense fallback={framed}>
      <Controls section={address.section} contentKey={address.key} label={label} current={media} size={controls}>
        {framed}
      </Controls>
    </Suspense>
  );
}
