import type { RecordEditorProps } from '@/features/editable-text/record-text';
import { RecordBody } from './record-body';
import { RecordField } from './record-field';

/** The editor of a record in place (record-text.tsx): a body with the rich-text editor, any other field in its own field. */
export function RecordEditor(props: RecordEditorProps) {
  return 'kind' in props && props.kind === 'body' ? <RecordBody {...props} /> : <RecordField {...(props as Exclude<RecordEditorProps, { kind: 'body' }>)} />;
}
