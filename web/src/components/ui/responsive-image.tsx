import type { SiteMedia } from '@/lib/site-data';

type ResponsiveImageProps = {
  media: SiteMedia;
  /** The width the image is shown at, as the `sizes` attribute says it (e.g. `64px`, `(min-width: 1024px) 40vw, 100vw`). */
  sizes: string;
  /** The largest image above the fold: loaded at once and first. Any other is lazy. */
  priority?: boolean;
  /** Above the fold, but not the largest: loaded at once, at the usual priority. */
  eager?: boolean;
  className?: string;
};

type Candidate = { url: string; width: number };

const srcset = (list: readonly Candidate[]) => list.map((v) => `${v.url} ${v.width}w`).join(', ');

/**
 * The sources of an image: its WebP variants, and its variants in the
 * original's format as the fallback for browsers without WebP (none when the
 * original is WebP). `src` is the fallback's variant nearest 1280 px wide.
 */
export function imageSources(media: SiteMedia): { webp: Candidate[]; fallback: Candidate[]; src: string } {
  const webp = media.variants.filter((v) => v.format === 'webp');
  const other = media.variants.filter((v) => v.format !== 'webp');
  const fallback = other.length > 0 ? other : webp;
  const src = fallback.reduce<Candidate | undefined>((best, v) => (!best || (best.width < 1280 && v.width > best.width) ? v : best), undefined);
  return { webp: other.length > 0 ? webp : [], fallback, src: src?.url ?? '' };
}

/**
 * An image of the media library: each browser picks the smallest variant
 * that fills the width `sizes` gives, in WebP where it can. Its width and
 * height keep the layout still while it loads; a crop (object-fit: cover in
 * className) keeps the image's focal point in view.
 */
export function ResponsiveImage({ media, sizes, priority = false, eager = priority, className }: ResponsiveImageProps) {
  const { webp, fallback, src } = imageSources(media);
  return (
    <picture>
      {webp.length > 0 && <source type="image/webp" srcSet={srcset(webp)} sizes={sizes} />}
      <img
        src={src}
        srcSet={srcset(fallback)}
        sizes={sizes}
        width={media.width}
        height={media.height}
        alt={media.alt}
        loading={eager ? 'eager' : 'lazy'}
        decoding={eager ? 'auto' : 'async'}
        fetchPriority={priority ? 'high' : undefined}
        className={className}
        style={{ objectPosition: `${Math.round(media.focalX * 100)}% ${Math.round(media.focalY * 100)}%` }}
      />
    </picture>
  );
}
