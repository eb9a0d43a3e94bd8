import { Suspense, useContext } from 'react';
import { RichText } from '@/components/marketing/rich-text';
import { useCanEdit } from './edit-mode';
import { RecordEditorContext, type RecordBodyProps } from './record-text';

/**
 * A record's body on a public page (an article's text). For a signed-in
 * admin in edit mode a click opens the rich-text editor where the text
 * stands, saved to the record as its other fields are (record-text.tsx);
 * visitors get the text as ever.
 */
export function RecordBodyText(props: RecordBodyProps) {
  const { doc, images, attrs } = props;
  const canEdit = useCanEdit();
  const RecordEditor = useContext(RecordEditorContext);
  const plain = <RichText doc={doc} images={images} {...attrs} />;
  if (!canEdit || !RecordEditor) return plain;
  return (
    <Suspense fallback={plain}>
      <RecordEditor {...props} kind="body" />
    </Suspense>
  );
}
