import { useMemo } from 'react';
import type { FormValues } from './fields';
import { useKept, type Kept } from '@/lib/kept-drafts';

// What a record's form holds and has not saved, kept in the browser, so that
// a reload, a crashed tab or an ended session loses nothing: written a
// moment after each change and at once when the page is hidden, read when
// the same record's form opens again, removed once saved or discarded.

/** What a form keeps: the values typed, and the version of the record they started from. */
export type FormDraft = { values: FormValues; version?: number };

function readFormDraft(kept: unknown): Kept<FormDraft> | null {
  const d = kept as Partial<Kept<Partial<FormDraft>>> | null;
  const v = d?.value;
  if (!v || typeof v.values !== 'object' || v.values === null || typeof d.savedAt !== 'string') return null;
  return { value: { values: v.values, version: typeof v.version === 'number' ? v.version : undefined }, savedAt: d.savedAt };
}

/**
 * Keeps the values of a form under key while dirty says they differ from
 * the record, and asks before the page is left with them. Returns the draft
 * found when the form opened (to offer it back), and how to forget it.
 */
export function useFormDraft(key: string | undefined, values: FormValues, dirty: boolean, version?: number) {
  const value = useMemo(() => ({ values, version }), [values, version]);
  return useKept<FormDraft>(key && `form-draft.${key}`, value, dirty, readFormDraft);
}
