import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast-store';
import { failureMessage as failure } from '@/features/editable-text/save-content';
import { InPlaceField, type Clash } from '@/features/editable-text/in-place-field';
import type { RecordFieldKind, RecordRef, RecordTextProps, RecordValue } from '@/features/editable-text/record-text';
import { RecordHistory } from './record-history';
import {
  acceptRecord,
  recordNouns,
  recordSavedDescription,
  requiredFields,
  saveRecordField,
  useShownRecord,
  undoRecordSave,
  type LoadedRecord,
  type RecordSave,
} from './save-record';

/** What a person calls a field of a record, where it is not its name. */
const fieldNames: Partial<Record<RecordRef['resource'], Record<string, string>>> = {
  pages: { publishedAt: 'date', body: 'text' },
  testimonials: { content: 'quote', title: 'role and company' },
  'menu-items': { title: 'label' },
  'footer-links': { title: 'label' },
};

export const fieldName = (resource: RecordRef['resource'], field: string) => fieldNames[resource]?.[field] ?? field;

/** The day of a time, as a date field holds it (YYYY-MM-DD, in UTC as the site shows dates). */
export const dayOf = (time: string) => {
  const d = new Date(time);
  return Number.isNaN(d.getTime()) ? '' : d.toISOString().slice(0, 10);
};

/** The field's value as its field edits it. */
export function toText(kind: RecordFieldKind, value: RecordValue): string {
  if (typeof value !== 'string') return value.join(', ');
  return kind === 'date' ? dayOf(value) : value;
}

/** The value a field's text stands for: tags split at commas; a day at the time of day the record had. */
export function fromText(kind: RecordFieldKind, text: string, was: RecordValue): RecordValue {
  if (kind === 'tags') {
    return text
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
  }
  if (kind === 'date') {
    const at = new Date(typeof was === 'string' ? was : '');
    const [y, m, d] = text.split('-').map(Number);
    const out = Number.isNaN(at.getTime()) ? new Date(Date.UTC(y, m - 1, d, 9)) : at;
    out.setUTCFullYear(y, m - 1, d);
    return out.toISOString();
  }
  return text;
}

/** The look of a hint under a field, on a ground of its own whatever the page's. */
const hint = 'mt-2 block rounded-md bg-info-soft px-2.5 py-1.5 text-left text-xs leading-5 font-normal tracking-normal text-info normal-case ring-1 ring-info-line';

const today = () => new Date().toISOString().slice(0, 10);

/** What a value is refused for before it is sent: an empty required field, a day that is no day or is still to come. */
function refusal(resource: RecordRef['resource'], field: string, kind: RecordFieldKind, text: string) {
  const noun = recordNouns[resource].one.toLowerCase();
  if (text.trim() === '' && requiredFields[resource].includes(field)) {
    return { title: 'Text cannot be empty', description: `Type a text: the ${fieldName(resource, field)} of a ${noun} cannot be empty.` };
  }
  if (kind === 'date' && !/^\d{4}-\d\d-\d\d$/.test(text)) return { title: 'Choose a date', description: `Choose the day the ${noun} was published.` };
  if (kind === 'date' && text > today()) {
    return { title: 'Choose a day up to today', description: `A later day would take the ${noun} off the site until then.` };
  }
  return null;
}

/**
 * The field of a record that a page's element shows, edited in place in
 * edit mode (record-text.tsx): the same field, keys, clash and kept edit as
 * a text of the site (in-place-field.tsx), saved with the resource's PUT
 * from the version loaded (save-record.ts), with Undo in the toast and the
 * record's history beside the field. In a mode that keeps drafts, the
 * record's pending draft shows in place of it and a save goes to it.
 */
export function RecordField({ record, field, kind = 'text', value, show, as, className, editClassName, id, attrs }: RecordTextProps & { record: RecordRef }) {
  const saved = useShownRecord(record);
  const current = (saved?.[field] as RecordValue | undefined) ?? value;
  const text = toText(kind, current);
  const noun = recordNouns[record.resource].one;
  const name = fieldName(record.resource, field);

  async function undo(done: RecordSave) {
    try {
      await undoRecordSave(record, done);
      toast({ title: 'Change undone', description: `The ${noun.toLowerCase()} is back as it was.` });
    } catch (err) {
      toast({ title: 'Undo Failed', description: failure(err), variant: 'destructive' });
    }
  }

  async function save(t: string, over?: LoadedRecord | null) {
    const done = await saveRecordField(record, field, fromText(kind, t, current), current, over);
    toast({
      title: 'Content Updated',
      description: recordSavedDescription(done),
      action: { label: 'Undo', altText: `Undo the change of this ${noun.toLowerCase()} from its history`, onSelect: () => void undo(done) },
    });
  }

  const theirText = (clash: Clash<LoadedRecord>) => (clash.theirs ? toText(kind, (clash.theirs[field] as RecordValue | undefined) ?? '') : '');

  return (
    <InPlaceField<LoadedRecord>
      as={as ?? 'span'}
      // A text alone (a link's words) is a box of its own in edit mode, outlined as one even over two
      // lines; its field takes the width there is.
      className={cn(className, !as && 'inline-block', editClassName)}
      editingClassName={as ? undefined : 'block'}
      id={id}
      attrs={{ ...attrs, ...(kind === 'date' ? { dateTime: String(current) } : {}), 'data-record': record.resource, 'data-record-field': field }}
      label={`Edit ${noun.toLowerCase()} ${name}`}
      multiline={kind === 'multiline'}
      input={kind === 'date' ? 'date' : 'text'}
      max={kind === 'date' ? today() : undefined}
      text={text}
      show={(t) => (show ? show(fromText(kind, t, current)) : t)}
      keptKey={`record-draft.${record.resource}/${JSON.stringify(record.match)}/${field}`}
      check={(t) => refusal(record.resource, field, kind, t)}
      save={save}
      keepTheirs={(theirs) => theirs && acceptRecord(record, theirs)}
      mayOverwrite={(clash) => clash.theirs !== null}
      note={kind === 'tags' ? (noteId) => <span id={noteId} className={hint}>Separate the tags with commas.</span> : undefined}
      clashMessage={(clash) =>
        clash.theirs ? (
          <>
            {clash.by} changed this {noun.toLowerCase()} after you opened the page. Theirs: “{theirText(clash)}”
          </>
        ) : (
          <>
            {clash.by} deleted this {noun.toLowerCase()} after you opened the page.
          </>
        )
      }
      history={(slot) => (
        <RecordHistory
          record={record}
          field={field}
          name={name}
          show={(v) => toText(kind, v)}
          {...slot}
          undo={(done) => void undo(done)}
        />
      )}
    />
  );
}
