import { createContext, Suspense, useContext } from 'react';
import type { RichDoc } from '@/lib/rich-text';
import type { SiteMedia } from '@/lib/site-data';
import type { EditableTag } from './editable-text';
import { useCanEdit } from './edit-mode';

/** The resources whose records the public pages show and edit mode edits in place. */
export type RecordResource = 'pages' | 'testimonials' | 'menu-items' | 'footer-links' | 'case-studies';

/**
 * A record as a public page shows it. Visitors' pages carry no record ids
 * (two sites of the same content serve the same pages), so the editor finds
 * the record among the admin's by what the page shows of it: match holds
 * those fields, all of which must agree but one (the one someone may have
 * changed since the page was rendered). An article is found by its slug.
 */
export type RecordRef = { resource: RecordResource; match: Readonly<Record<string, string | number>> };

/** A field's value as the record holds it: a text, or a list of texts (an article's tags). */
export type RecordValue = string | readonly string[];

/**
 * How the field is edited: one line, several lines, a list of tags as one
 * line separated by commas, or a date (a time of the record, whose day is
 * chosen).
 */
export type RecordFieldKind = 'text' | 'multiline' | 'tags' | 'date';

export type RecordTextProps = {
  /** The record; null for a text that is no record's yet (a built-in sample), which is not edited in place. */
  record: RecordRef | null;
  /** The field's name in the API (title, excerpt). */
  field: string;
  kind?: RecordFieldKind;
  /** The field's value on the page. */
  value: RecordValue;
  /** How the value shows; the text itself by default. */
  show?: (value: RecordValue) => React.ReactNode;
  /** The element; without one visitors get the text alone, and edit mode a span around it. */
  as?: EditableTag;
  className?: string;
  /** Classes added in edit mode only, such as room between stacked texts for their outlines. */
  editClassName?: string;
  id?: string;
  /** Other attributes of the element (a time's dateTime). */
  attrs?: Record<string, string>;
};

/** A record's body (an article's text) as a page shows it, editable in place with the rich-text editor. */
export type RecordBodyProps = {
  record: RecordRef;
  doc: RichDoc;
  /** The images of the media library the body names, by id. */
  images: Record<string, SiteMedia>;
  /** Attributes of the body's element. */
  attrs?: Record<string, string>;
};

/** What the editor of a record in place gets: a field of a record, or (kind body) a body. */
export type RecordEditorProps = (RecordTextProps & { record: RecordRef }) | (RecordBodyProps & { kind: 'body' });

/**
 * The editor of records' fields in place. It saves through the admin's
 * resources and edits a body with the admin's rich-text editor, which
 * features may not import: the app provides it (a chunk loaded only in
 * edit mode), and null elsewhere.
 */
export const RecordEditorContext = createContext<React.ComponentType<RecordEditorProps> | null>(null);

const plainText = (value: RecordValue) => (typeof value === 'string' ? value : value.join(', '));

/**
 * A text of a public page that is a field of a record (an article's title,
 * a testimonial's quote, a menu item's label). For a signed-in admin in edit
 * mode it is editable in place, saved to the record with the version the
 * editor loaded; visitors get the element as it ever was, none of the
 * editing code and nothing more in the HTML.
 */
export function RecordText(props: RecordTextProps) {
  const { value, show = plainText, as: Tag, className, id, attrs } = props;
  const canEdit = useCanEdit();
  const RecordEditor = useContext(RecordEditorContext);
  const plain = Tag ? (
    <Tag id={id} className={className} {...attrs}>
      {show(value)}
    </Tag>
  ) : (
    <>{show(value)}</>
  );
  if (!canEdit || !RecordEditor || !props.record) return plain;
  return (
    <Suspense fallback={plain}>
      <RecordEditor {...props} record={props.record} />
    </Suspense>
  );
}
