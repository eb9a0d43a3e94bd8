import type { MediaItem, MediaVariant } from '@/lib/api-types';

// Media items as the server answers them, for the tests of the library.

const widths = [320, 640, 960, 1280, 1600, 2048];

/** The variants the server makes of a JPEG of width × height: WebP and JPEG at each width up to its own. */
export function variantsOf(width: number, height: number): MediaVariant[] {
  const ws = widths.filter((w) => w <= width);
  const list = ws.length > 0 ? ws : [width];
  return list.flatMap((w) => {
    const h = Math.round((height * w) / width);
    return (['webp', 'jpeg'] as const).map((format) => ({ width: w, height: h, format, url: `/media/${format}${w}.${format === 'jpeg' ? 'jpg' : 'webp'}`, bytes: w * 10 }));
  });
}

export function mediaItem(over: Partial<MediaItem> = {}): MediaItem {
  const width = over.width ?? 1600;
  const height = over.height ?? 1000;
  return {
    id: 1,
    name: 'harbour.jpg',
    altText: '',
    decorative: false,
    caption: '',
    credit: '',
    focalX: 0.5,
    focalY: 0.5,
    width,
    height,
    contentType: 'image/jpeg',
    hash: 'a'.repeat(64),
    bytes: 250_000,
    variants: variantsOf(width, height),
    usable: false,
    createdAt: '2026-11-20T10:00:00Z',
    updatedAt: '2026-11-20T10:00:00Z',
    version: 1,
    ...over,
  };
}
