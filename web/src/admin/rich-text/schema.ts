import { Mark, mergeAttributes, Node, type Extensions, type JSONContent } from '@tiptap/core';
import Blockquote from '@tiptap/extension-blockquote';
import Bold from '@tiptap/extension-bold';
import Document from '@tiptap/extension-document';
import HardBreak from '@tiptap/extension-hard-break';
import Heading from '@tiptap/extension-heading';
import Italic from '@tiptap/extension-italic';
import { BulletList, ListItem, OrderedList } from '@tiptap/extension-list';
import Paragraph from '@tiptap/extension-paragraph';
import Text from '@tiptap/extension-text';
import { Placeholder, UndoRedo } from '@tiptap/extensions';
import type { NodeViewRenderer } from '@tiptap/core';
import { allowedHref, MARKS, NODES, type DocMark, type DocNode, type RichDoc } from '@/lib/rich-text';
import { cleanPastedHTML } from './paste';

/**
 * An image of the media library in a body: its item's id and the alt text
 * the page shows. Pasted images (no data-media-id) are not read as one.
 */
export const MediaImage = Node.create({
  name: NODES.image,
  group: 'block',
  atom: true,
  draggable: true,
  selectable: true,
  addAttributes() {
    return {
      mediaId: { default: null, parseHTML: (el) => Number(el.getAttribute('data-media-id')) || null, renderHTML: (a) => ({ 'data-media-id': a.mediaId }) },
      alt: { default: '', parseHTML: (el) => el.getAttribute('alt') ?? '', renderHTML: (a) => ({ alt: a.alt }) },
    };
  },
  parseHTML() {
    return [{ tag: 'img[data-media-id]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['img', mergeAttributes(HTMLAttributes)];
  },
});

/**
 * A link: its address only, and only one the site allows (pasted links to
 * anything else keep their words, unlinked). Made here rather than taken
 * from Tiptap's link extension, whose autolinking the body does not want.
 */
export const BodyLink = Mark.create({
  name: MARKS.link,
  inclusive: false,
  addAttributes() {
    return { href: { default: null } };
  },
  parseHTML() {
    return [{ tag: 'a[href]', getAttrs: (el) => (allowedHref(el.getAttribute('href') ?? '') ? { href: el.getAttribute('href') } : false) }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['a', mergeAttributes(HTMLAttributes), 0];
  },
});

/** The extensions of the body's editor: exactly the nodes and marks the server allows. */
export function bodyExtensions(options: { placeholder?: string; imageView?: NodeViewRenderer } = {}): Extensions {
  return [
    Document,
    Paragraph,
    Text,
    Heading.configure({ levels: [2, 3] }),
    Bold,
    Italic,
    BodyLink,
    BulletList,
    OrderedList,
    ListItem,
    Blockquote,
    HardBreak,
    options.imageView ? MediaImage.extend({ addNodeView: () => options.imageView! }) : MediaImage,
    UndoRedo,
    Placeholder.configure({ placeholder: options.placeholder ?? '' }),
  ];
}

/** The editor's options that clean a paste. */
export const pasteOptions = { transformPastedHTML: cleanPastedHTML };

/**
 * The editor's JSON as the server keeps it: only the attributes the site
 * uses (a heading's level, a list's start, an image's media and alt text, a
 * link's address), no marks on line breaks, no empty text, and an empty
 * paragraph at least.
 */
export function toStoredDoc(json: JSONContent): RichDoc {
  const content = (json.content ?? []).map(storedNode).filter((n): n is DocNode => n !== null);
  return { type: NODES.doc, content: content.length > 0 ? content : [{ type: NODES.paragraph }] };
}

function storedNode(n: JSONContent): DocNode | null {
  const type = n.type ?? '';
  if (type === NODES.text) {
    if (!n.text) return null;
    const marks = (n.marks ?? []).map(storedMark).filter((m): m is DocMark => m !== null);
    return marks.length > 0 ? { type, marks, text: n.text } : { type, text: n.text };
  }
  if (type === NODES.hardBreak) return { type };
  const out: DocNode = { type };
  const a = n.attrs ?? {};
  if (type === NODES.heading) out.attrs = { level: a.level === 3 ? 3 : 2 };
  if (type === NODES.orderedList && typeof a.start === 'number' && a.start > 1) out.attrs = { start: a.start };
  if (type === NODES.image) {
    if (!a.mediaId) return null;
    out.attrs = a.alt ? { mediaId: Number(a.mediaId), alt: String(a.alt) } : { mediaId: Number(a.mediaId) };
    return out;
  }
  const children = (n.content ?? []).map(storedNode).filter((c): c is DocNode => c !== null);
  if (children.length > 0) out.content = children;
  return out;
}

function storedMark(m: { type: string; attrs?: Record<string, unknown> }): DocMark | null {
  if (m.type === MARKS.bold || m.type === MARKS.italic) return { type: m.type };
  if (m.type === MARKS.link && typeof m.attrs?.href === 'string' && allowedHref(m.attrs.href)) return { type: m.type, attrs: { href: m.attrs.href } };
  return null;
}
