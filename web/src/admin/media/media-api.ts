import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { readAdminToken } from '@/features/editable-text/edit-mode';
import { ApiError, parseApiError, unreachableMessage } from '@/lib/api-client';
import type { MediaItem, MediaVariant, Paged, PublicMedia } from '@/lib/api-types';
import { withSession } from '@/lib/session';
import { loadData, loadOr } from '../lib/admin-api';
import { resourceURL, updateRecord } from '../lib/resources';

// The media library's API (docs/API.md, "Media library"): the paged list, the
// upload of one file with its progress, the edit of what is said of an
// image; and which of an image's variants to show where.

export const mediaURL = resourceURL('media');

/** Items on a page of the library, as the server's default. */
export const MEDIA_PAGE_SIZE = 24;

/** The list's address for a page and a search. */
export function mediaListURL(page: number, q: string): string {
  const params = new URLSearchParams();
  if (q.trim()) params.set('q', q.trim());
  params.set('page', String(page));
  params.set('pageSize', String(MEDIA_PAGE_SIZE));
  return `${mediaURL}?${params}`;
}

/**
 * One page of the library, newest first; the page on screen stays while
 * the next loads. The load is its own (not the admin client's default), so
 * that the picker works under any query client.
 */
export function useMediaPage(page: number, q: string) {
  const url = mediaListURL(page, q);
  return useQuery({
    queryKey: [url],
    queryFn: () => loadOr<Paged<MediaItem>>(url, 'Failed to fetch the media library'),
    placeholderData: keepPreviousData,
  });
}

/**
 * Puts a new upload at the top of the library's first page, unsearched,
 * at once: the list loads afresh once the uploads are done, which also
 * puts a file that was in the library already back in its place.
 */
export function showUploaded(client: QueryClient, item: MediaItem): void {
  client.setQueryData<Paged<MediaItem>>([mediaListURL(1, '')], (old) => {
    if (!old || old.data.some((i) => i.id === item.id)) return old;
    return { ...old, data: [item, ...old.data].slice(0, old.pageSize), total: old.total + 1 };
  });
}

/** Loads afresh every list of the library (and the histories and recently deleted under it). */
export function refreshMedia(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(mediaURL) });
}

/** What an admin says of an image: the fields of PUT /api/admin/media/{id}. */
export type MediaFields = Pick<MediaItem, 'name' | 'altText' | 'decorative' | 'caption' | 'credit' | 'focalX' | 'focalY'>;

export function editableFields(item: MediaItem): MediaFields {
  const { name, altText, decorative, caption, credit, focalX, focalY } = item;
  return { name, altText, decorative, caption, credit, focalX, focalY };
}

/** Saves what is said of an image, from the version it was read at. */
export function saveMedia(id: number, fields: MediaFields, version: number): Promise<MediaItem> {
  return updateRecord<MediaItem>('media', id, fields, version);
}

/** What visitors' pages get of an image (as the server's MediaItem.Public makes it): a decorative image has no alt text. */
export function publicMedia(item: MediaItem): PublicMedia {
  const { id, caption, credit, width, height, focalX, focalY } = item;
  return {
    id,
    alt: item.decorative ? '' : item.altText,
    ...(caption ? { caption } : {}),
    ...(credit ? { credit } : {}),
    width,
    height,
    focalX,
    focalY,
    variants: item.variants.map(({ width, height, format, url }) => ({ width, height, format, url })),
  };
}

/** Loads one image of the library. */
export async function loadMedia(id: number): Promise<MediaItem> {
  return loadData<MediaItem>(`${mediaURL}/${id}`, 'Failed to fetch the image');
}

/** Whether an image may be used: it has alt text, or is marked decorative (as the server decides it). */
export function isUsable(fields: { altText: string; decorative: boolean }): boolean {
  return fields.decorative || fields.altText.trim() !== '';
}

/**
 * Sends one file, reporting the bytes sent as they go (XMLHttpRequest: fetch
 * reports no upload progress); resolves to its item. A session that ended
 * asks for the sign-in in place and sends the file again (lib/session.ts).
 */
export function uploadMedia(file: File, onProgress: (loaded: number, total: number) => void, signal?: AbortSignal): Promise<MediaItem> {
  return withSession(() => sendFile(file, onProgress, signal));
}

function sendFile(file: File, onProgress: (loaded: number, total: number) => void, signal?: AbortSignal): Promise<MediaItem> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', mediaURL);
    const token = readAdminToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded, e.total);
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(parseApiError(xhr.status, xhr.responseText, xhr.statusText));
        return;
      }
      try {
        const item = (JSON.parse(xhr.responseText) as { data: MediaItem[] }).data[0];
        if (item) resolve(item);
        else reject(new ApiError({ status: xhr.status, message: `${file.name}: the server answered without the image.` }));
      } catch {
        reject(new ApiError({ status: xhr.status, message: `${file.name}: the server's answer could not be read.` }));
      }
    };
    xhr.onerror = () => reject(new ApiError({ status: 0, message: unreachableMessage }));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const body = new FormData();
    body.append('file', file, file.name);
    xhr.send(body);
  });
}

const byWidth = (a: MediaVariant, b: MediaVariant) => a.width - b.width;

function webpVariants(item: MediaItem): MediaVariant[] {
  const webp = item.variants.filter((v) => v.format === 'webp');
  return (webp.length > 0 ? webp : [...item.variants]).sort(byWidth);
}

/** The smallest variant at least min pixels wide, else the widest there is. */
function atLeast(variants: MediaVariant[], min: number): MediaVariant | undefined {
  return variants.find((v) => v.width >= min) ?? variants[variants.length - 1];
}

export type ImageSource = { src: string; srcSet: string; width: number; height: number };

/**
 * An image's source for a box about min pixels wide: the smallest WebP
 * variant at least that wide, and the next wider one for sharp screens.
 */
export function imageSource(item: MediaItem, min: number): ImageSource | null {
  const variants = webpVariants(item);
  const first = atLeast(variants, min);
  if (!first) return null;
  const next = variants.find((v) => v.width > first.width);
  const srcSet = [first, next]
    .filter((v): v is MediaVariant => v !== undefined)
    .map((v) => `${v.url} ${v.width}w`)
    .join(', ');
  return { src: first.url, srcSet, width: first.width, height: first.height };
}

/** The widest variant in the original's own format: the image as large as the site serves it (up to 2048 pixels wide). */
export function largestVariant(item: MediaItem): MediaVariant | undefined {
  const own = item.variants.filter((v) => v.format === formatOf(item.contentType));
  return (own.length > 0 ? own : item.variants).slice().sort(byWidth).at(-1);
}

/** The file a small picture such as a logo uses: in the original's own format (a PNG keeps its transparency), the narrowest at least 320 pixels wide. */
export function smallVariant(item: MediaItem): MediaVariant | undefined {
  const own = item.variants.filter((v) => v.format === formatOf(item.contentType)).sort(byWidth);
  return atLeast(own.length > 0 ? own : webpVariants(item), 320);
}

function formatOf(contentType: string): string {
  return contentType.replace(/^image\//, '');
}

/** The image type as people name it: JPEG, PNG, WebP. */
export function typeLabel(contentType: string): string {
  const f = formatOf(contentType);
  return f === 'webp' ? 'WebP' : f.toUpperCase();
}

/** A size in bytes as people read it (1.2 MB, 84 KB). */
export function formatBytes(n: number): string {
  if (n >= 1 << 20) return `${(n / (1 << 20)).toFixed(1).replace(/\.0$/, '')} MB`;
  if (n >= 1 << 10) return `${Math.round(n / (1 << 10))} KB`;
  return `${n} bytes`;
}
