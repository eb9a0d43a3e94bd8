import type { DocMark, DocNode, RichDoc } from '@/lib/api-types';

/**
 * A page's body: a document in ProseMirror's JSON shape, checked by the
 * server (internal/site/richtext.go, whose node and mark names these are)
 * and rendered node by node, never as HTML.
 */
export type { DocMark, DocNode, RichDoc };

/** The nodes a body may hold. */
export const NODES = {
  doc: 'doc',
  paragraph: 'paragraph',
  heading: 'heading',
  text: 'text',
  hardBreak: 'hardBreak',
  bulletList: 'bulletList',
  orderedList: 'orderedList',
  listItem: 'listItem',
  blockquote: 'blockquote',
  image: 'image',
} as const;

/** The marks a body's text may carry. */
export const MARKS = { bold: 'bold', italic: 'italic', link: 'link' } as const;

/** A path of this site: one slash, not two, and no backslash after it. */
const sitePath = /^\/(?:[^/\\]|$)/;

/**
 * Whether a link may go to href, as the server checks it: http, https and
 * mailto addresses, and paths of this site (/blog). Spaces, backslashes and
 * control characters are refused.
 */
export function allowedHref(href: string): boolean {
  if (href === '' || href.length > 2000 || /[\s\\\u0000-\u001f\u007f]/.test(href)) return false;
  if (sitePath.test(href)) return true;
  if (/^https?:\/\/[^/]/i.test(href)) return true;
  return /^mailto:./i.test(href);
}

/** Whether href leaves the site (its links get rel="noopener"). */
export function isExternal(href: string): boolean {
  return /^https?:/i.test(href);
}

/** The text of a document, its blocks parted by blank lines (for checks and the admin's history). */
export function docText(doc: RichDoc | DocNode): string {
  if (doc.type === NODES.text) return doc.text ?? '';
  if (doc.type === NODES.hardBreak) return '\n';
  const inner = (doc.content ?? []).map(docText);
  return doc.type === NODES.paragraph || doc.type === NODES.heading ? inner.join('') : inner.filter((t) => t.trim() !== '').join('\n\n');
}
