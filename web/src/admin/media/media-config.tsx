import { ExternalLink } from 'lucide-react';
import { contentPages } from '@/content/pages';
import { sharedSectionPages } from '@/content/registry';
import type { MediaItem, MediaUse, MediaUseKind } from '@/lib/api-types';
import type { FieldSpec } from '../lib/fields';
import { mediaSchema } from '../lib/schemas';
import type { ResourceConfig } from '../resource-config';
import { Badge } from '@/components/ui/badge';

/** The fields an admin writes of an image; the focal point is set on the preview. */
export const mediaFields: FieldSpec[] = [
  { name: 'name', label: 'Name', kind: 'text', required: true },
  { name: 'altText', label: 'Alt text', kind: 'textarea', hint: 'Describe what the image shows for people who cannot see it.' },
  { name: 'decorative', label: 'Decorative (no alt text needed)', kind: 'switch' },
  { name: 'caption', label: 'Caption', kind: 'textarea' },
  { name: 'credit', label: 'Credit', kind: 'text' },
  { name: 'focalX', label: 'Focal point x', kind: 'number', initial: '0.5' },
  { name: 'focalY', label: 'Focal point y', kind: 'number', initial: '0.5' },
];

/**
 * The media library as a resource: what the record editor, the history, the
 * recently deleted list and the conflict dialogs need to know of it.
 */
export const media: ResourceConfig<MediaItem> = {
  resource: 'media',
  noun: 'Image',
  plural: 'uploads',
  title: 'Media library',
  description: 'Images uploaded for the site, with their alt texts and focal points.',
  dialogDescription: 'What the site says of the image, and the point crops keep in view.',
  fields: mediaFields,
  schema: mediaSchema,
  name: (item) => item.name,
  row: (item) => item.name,
  messages: {
    loadError: 'Failed to fetch the media library',
    updated: 'Image details saved',
    deleted: 'Image deleted',
    updateFailed: 'Failed to save the image details',
    deleteFailed: 'Failed to delete the image',
  },
};

const kindLabels: Record<MediaUseKind, string> = {
  content: 'Text',
  settings: 'Settings',
  page: 'Page',
  testimonial: 'Testimonial',
};

/** The places an image is used, as the server lists them (none when it does not say). */
export function usesOf(item: MediaItem): MediaUse[] {
  return item.usedIn ?? [];
}

const fieldNames: Record<string, string> = { art: 'picture', image: 'picture' };

/**
 * A text's use of an image as a person names it: the page, the section's
 * title and the picture ("About Us · Leadership · photo of Dr. Amelia
 * Hart"), linked to the page; as the server says it when the text is not
 * one the pages know.
 */
export function describeUse(use: MediaUse): MediaUse {
  if (use.kind !== 'content' || !use.section || !use.key) return use;
  const page = contentPages.find((p) => use.section! in p.sections);
  if (!page) return use;
  const copy = page.sections[use.section] as Record<string, unknown>;
  const parts = use.key.split('.');
  const field = parts[parts.length - 1];
  let what = fieldNames[field] ?? field;
  if (parts.length === 3) {
    const list = copy[parts[0]];
    const item = Array.isArray(list) ? (list as Record<string, unknown>[]).find((it) => it.id === parts[1]) : undefined;
    const name = item?.name ?? item?.title;
    if (typeof name === 'string') what = `${what} of ${name}`;
  }
  const title = typeof copy.title === 'string' ? copy.title : '';
  const path = page.paths[0] === '*' ? (sharedSectionPages[use.section]?.paths[0] ?? '/') : page.paths[0];
  return { ...use, label: [page.name, title, what].filter(Boolean).join(' · '), path };
}

/** The places an image is used: each labelled, linked to its public page when it has one. */
export function UsesList({ uses }: { uses: MediaUse[] }) {
  return (
    <ul className="grid gap-1.5 text-sm">
      {uses.map(describeUse).map((u, i) => (
        <li key={`${u.kind}-${u.label}-${i}`} className="flex min-w-0 items-center gap-2">
          <Badge variant="muted" className="shrink-0">
            {kindLabels[u.kind] ?? u.kind}
          </Badge>
          {u.path ? (
            <a href={u.path} target="_blank" rel="noopener noreferrer" className="inline-flex min-w-0 items-center gap-1 font-medium text-primary-strong underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-focus">
              <span className="truncate">{u.label}</span>
              <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          ) : (
            <span className="truncate text-default">{u.label}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
