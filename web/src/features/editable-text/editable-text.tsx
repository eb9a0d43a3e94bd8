import { lazy, Suspense } from 'react';
import { cx } from '@/lib/cx';
import { keepTogether } from '@/lib/keep-together';
import { shownText, useContentAddress, useStoredValue } from './content-scope';
import { useCanEdit } from './edit-mode';

export type EditableTag = 'h1' | 'h2' | 'h3' | 'h4' | 'p' | 'span' | 'div' | 'li' | 'dt' | 'dd' | 'strong' | 'time' | 'ul' | 'ol';

export type EditableTextProps = {
  /** The text's key: its path in the section's built-in copy (see content-scope.tsx). */
  contentKey: string;
  /** The section; by default the one of the nearest ContentSection, whose item prefix the key then takes. */
  section?: string;
  /** The built-in copy, shown when the database holds no value. */
  fallback: string;
  /** The element to render, e.g. 'h1', 'p', 'span'. */
  as?: EditableTag;
  /** Visitors get the text alone, without an element (a link's words); edit mode a span around it. */
  bare?: boolean;
  /** Edited in a textarea; its line breaks are shown. */
  multiline?: boolean;
  className?: string;
  id?: string;
};

// The editor is its own chunk: only an admin in edit mode downloads it.
const InlineEditor = lazy(() => import('./inline-editor').then((m) => ({ default: m.InlineEditor })));

/**
 * An editable text of the public site (SPEC section 3): the stored value or
 * the built-in copy. For a signed-in admin in edit mode it becomes editable in
 * place; visitors get the plain element, no markers and none of the editing
 * code.
 */
export function EditableText({ contentKey, section: explicit, fallback, as: Tag = 'span', bare = false, multiline = false, className, id }: EditableTextProps) {
  const scoped = useContentAddress(contentKey);
  const address = explicit !== undefined ? { section: explicit, key: contentKey } : scoped;
  const text = shownText(useStoredValue(address?.section ?? '', address?.key ?? ''), fallback);
  const canEdit = useCanEdit();
  const classes = cx(className, multiline && 'whitespace-pre-line');
  const plain = bare ? (
    <>{keepTogether(text)}</>
  ) : (
    <Tag id={id} className={classes || undefined}>
      {keepTogether(text)}
    </Tag>
  );
  if (!canEdit || !address) return plain;
  return (
    <Suspense fallback={plain}>
      <InlineEditor
        section={address.section}
        contentKey={address.key}
        as={Tag}
        multiline={multiline}
        className={classes}
        id={id}
        text={text}
        fallback={fallback}
      />
    </Suspense>
  );
}

type TitledTextProps = {
  /** The item's built-in copy. */
  item: { title: string; description: string };
  /** The title's heading level. */
  as?: 'h3' | 'h4';
  titleClass: string;
  textClass: string;
};

/** An item's title and its description, each edited in place (the item's keys title and description). */
export function TitledText({ item, as = 'h3', titleClass, textClass }: TitledTextProps) {
  return (
    <>
      <EditableText as={as} contentKey="title" fallback={item.title} className={titleClass} />
      <EditableText as="p" contentKey="description" fallback={item.description} multiline className={textClass} />
    </>
  );
}
