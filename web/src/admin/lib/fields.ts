import { formatDate, toLocalInput } from '@/lib/dates';

// The fields of a record's form, and what a form holds: pure helpers shared
// by the record dialog, the conflict dialog and the history.

import { docText, type RichDoc } from '@/lib/rich-text';
import type { Choice } from '@/lib/api-types';

export type FieldSpec = {
  name: string;
  label: string;
  /**
   * `image`: an image of the media library, `media:{id}`; `datetime`: a
   * time, edited in the reader's time zone; `richtext`: a document (a
   * page's body), held as its JSON text.
   */
  kind: 'text' | 'url' | 'textarea' | 'number' | 'switch' | 'select' | 'image' | 'datetime' | 'richtext';
  required?: boolean;
  options?: Choice[];
  placeholder?: string;
  hint?: string;
  /** A `url` field that offers the site's pages to choose from. */
  pages?: boolean;
  /** Spans both columns on wide dialogs. */
  wide?: boolean;
  /** The value of a new record, and of a record's empty field. */
  initial?: string | boolean;
  /** Whether the form shows the field, given its values (a page's article fields); always when absent. */
  shows?: (values: FormValues) => boolean;
};

/** What a form holds while editing: text for inputs, booleans for switches. */
export type FormValues = Record<string, string | boolean>;

/**
 * The form values of a record, or of a new one: numbers as text, an empty
 * text as the field's initial value.
 */
export function initialValues(fields: FieldSpec[], record?: object): FormValues {
  const source = (record ?? {}) as Record<string, unknown>;
  const out: FormValues = {};
  for (const f of fields) {
    const v = source[f.name];
    if (f.kind === 'switch') {
      out[f.name] = typeof v === 'boolean' ? v : f.initial === true;
    } else if (f.kind === 'datetime') {
      out[f.name] = typeof v === 'string' ? toLocalInput(v) : '';
    } else if (f.kind === 'richtext') {
      out[f.name] = v && typeof v === 'object' ? JSON.stringify(v) : '';
    } else if (typeof v === 'number') {
      out[f.name] = String(v);
    } else if (Array.isArray(v) && v.length > 0) {
      // A list of words (an article's tags) is edited as one line.
      out[f.name] = v.join(', ');
    } else if (typeof v === 'string' && v !== '') {
      out[f.name] = v;
    } else {
      out[f.name] = typeof f.initial === 'string' ? f.initial : '';
    }
  }
  return out;
}
/** A form value as a person reads it: a select's label, Yes or No, or "(empty)". */
export function displayValue(field: FieldSpec, value: string | boolean | undefined): string {
  if (field.kind === 'switch') return value === true ? 'Yes' : 'No';
  const text = String(value ?? '');
  if (field.kind === 'datetime' && text !== '') return formatDate(text);
  if (field.kind === 'richtext') return richTextDisplay(text);
  if (field.kind === 'select') return field.options?.find((o) => o.value === text)?.label ?? text;
  const image = field.kind === 'image' ? /^media:([0-9]+)$/.exec(text) : null;
  if (image) return `Image ${image[1]} of the media library`;
  return text === '' ? '(empty)' : text;
}

/** A document's text as a person reads it, its blocks on lines of their own. */
function richTextDisplay(json: string): string {
  let doc: RichDoc;
  try {
    doc = JSON.parse(json) as RichDoc;
  } catch {
    return json === '' ? '(empty)' : json;
  }
  const text = docText(doc).trim();
  return text === '' ? '(empty)' : text;
}

/** Whether two form values say the same; text compared as the server keeps it (trimmed). */
export function sameValue(a: string | boolean | undefined, b: string | boolean | undefined): boolean {
  if (typeof a === 'boolean' || typeof b === 'boolean') return a === b;
  return String(a ?? '').trim() === String(b ?? '').trim();
}

/** The names of the fields whose values differ between two forms. */
export function changedFields(fields: FieldSpec[], a: FormValues, b: FormValues): string[] {
  return fields.filter((f) => !sameValue(a[f.name], b[f.name])).map((f) => f.name);
}

/** The values of a form as text, one "Label: value" line per field, to copy. */
export function valuesAsText(fields: FieldSpec[], values: FormValues): string {
  return fields.map((f) => `${f.label}: ${displayValue(f, values[f.name])}`).join('\n');
}
