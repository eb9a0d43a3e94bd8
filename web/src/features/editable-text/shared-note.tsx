import { Layers } from 'lucide-react';
import { sharedPagesOf } from '@/content/registry';

/** What the note says of a text of a section shown on several pages; null for a page's own section. */
export function sharedNote(section: string, key: string): { pages: string; more: string } | null {
  const where = sharedPagesOf(section, key);
  if (!where) return null;
  const n = where.paths.length;
  const also = [where.notFound && 'the 404 page', where.published && 'every published page'].filter(Boolean);
  return {
    pages: `Appears on ${n} ${n === 1 ? 'page' : 'pages'}`,
    more: `${also.length > 0 ? `, and on ${also.join(' and ')}` : ''}. A change here shows on all of them.`,
  };
}

/**
 * Tells an editor, before they save, that the text they are changing is
 * shared: the header, the footer, the hero buttons, the closing call to
 * action and the company's facts show on many pages (content/registry.ts
 * says which).
 */
export function SharedNote({ id, section, contentKey }: { id: string; section: string; contentKey: string }) {
  const note = sharedNote(section, contentKey);
  if (!note) return null;
  return (
    <span
      id={id}
      className="mt-2 flex items-start gap-2 rounded-md bg-info-soft px-2.5 py-1.5 text-left text-xs leading-5 font-normal tracking-normal text-info normal-case ring-1 ring-info-line"
    >
      <Layers aria-hidden="true" className="mt-0.5 size-3.5 shrink-0 text-info" />
      <span>
        <strong className="font-semibold">{note.pages}</strong>
        <span className="text-info">{note.more}</span>
      </span>
    </span>
  );
}
