import { useContentText } from '@/app/site-data-context';

type EditableTextProps = {
  section: string;
  contentKey: string;
  /** The built-in copy, shown when the database holds no value. */
  fallback: string;
  /** The element to render, e.g. 'h1', 'p', 'span'. */
  as?: 'h1' | 'h2' | 'h3' | 'p' | 'span' | 'div';
  multiline?: boolean;
  className?: string;
  id?: string;
};

/**
 * An editable text of the public site (SPEC section 3): the stored value or
 * the built-in copy. For a signed-in admin in edit mode it becomes editable in
 * place; visitors get the plain element and none of the editing code.
 */
export function EditableText({ section, contentKey, fallback, as: Tag = 'span', className, id }: EditableTextProps) {
  const text = useContentText(section, contentKey, fallback);
  return (
    <Tag id={id} className={className} data-content-section={section} data-content-key={contentKey}>
      {text}
    </Tag>
  );
}
