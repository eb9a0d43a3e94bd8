import { lazy, Suspense, useCallback, useSyncExternalStore } from 'react';
import { useContentText } from '@/lib/site-data-context';
import { canEditInPlace, subscribeAdminStorage } from './edit-mode';
import { getSavedText, subscribeSavedTexts } from './saved-texts';

export type EditableTag = 'h1' | 'h2' | 'h3' | 'p' | 'span' | 'div';

export type EditableTextProps = {
  section: string;
  contentKey: string;
  /** The built-in copy, shown when the database holds no value. */
  fallback: string;
  /** The element to render, e.g. 'h1', 'p', 'span'. */
  as?: EditableTag;
  multiline?: boolean;
  className?: string;
  id?: string;
};

// The editor is its own chunk: only an admin in edit mode downloads it.
const InlineEditor = lazy(() => import('./inline-editor').then((m) => ({ default: m.InlineEditor })));

const serverFalse = () => false;
const noSavedText = () => undefined;

/** Whether this browser edits in place. The server and hydration see false. */
function useCanEdit(): boolean {
  return useSyncExternalStore(subscribeAdminStorage, canEditInPlace, serverFalse);
}

/**
 * An editable text of the public site (SPEC section 3): the stored value or
 * the built-in copy. For a signed-in admin in edit mode it becomes editable in
 * place; visitors get the plain element and none of the editing code.
 */
export function EditableText({ section, contentKey, fallback, as: Tag = 'span', multiline = false, className, id }: EditableTextProps) {
  const stored = useContentText(section, contentKey, fallback);
  const getSaved = useCallback(() => getSavedText(section, contentKey), [section, contentKey]);
  const saved = useSyncExternalStore(subscribeSavedTexts, getSaved, noSavedText);
  const text = saved ?? stored;
  const canEdit = useCanEdit();
  const plain = (
    <Tag id={id} className={className} data-content-section={section} data-content-key={contentKey}>
      {text}
    </Tag>
  );
  if (!canEdit) return plain;
  return (
    <Suspense fallback={plain}>
      <InlineEditor section={section} contentKey={contentKey} as={Tag} multiline={multiline} className={className} id={id} text={text} />
    </Suspense>
  );
}
