import { useEffect, useRef, useState } from 'react';
import type { FormValues } from './fields';

// What a record's form holds and has not saved, kept in the browser, so that
// a reload, a crashed tab or an ended session loses nothing: written a
// moment after each change and at once when the page is hidden, read when
// the same record's form opens again, removed once saved or discarded.

/** A kept draft: the values typed, when, and the version of the record they started from. */
export type FormDraft = { values: FormValues; savedAt: string; version?: number };

const prefix = 'meridian.form-draft.';

/** How long after the last change a draft is written. */
export const draftDelayMs = 1000;

/** The browser's localStorage, where drafts are kept; null where there is none or it is blocked. */
export function localStore(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The draft kept under key, or null (none, or unreadable). */
export function readFormDraft(key: string): FormDraft | null {
  try {
    const raw = localStore()?.getItem(prefix + key);
    if (!raw) return null;
    const d = JSON.parse(raw) as Partial<FormDraft>;
    if (!d || typeof d.values !== 'object' || d.values === null || typeof d.savedAt !== 'string') return null;
    return { values: d.values, savedAt: d.savedAt, version: typeof d.version === 'number' ? d.version : undefined };
  } catch {
    return null;
  }
}

/** Keeps a draft; a full or blocked storage is ignored (the form still holds the values). */
export function writeFormDraft(key: string, draft: FormDraft): void {
  try {
    localStore()?.setItem(prefix + key, JSON.stringify(draft));
  } catch {
    // The values stay in the form.
  }
}

export function clearFormDraft(key: string): void {
  try {
    localStore()?.removeItem(prefix + key);
  } catch {
    // As above.
  }
}

/**
 * Keeps the values of a form under key while dirty says they differ from
 * the record, and asks before the page is left with them. Returns the draft
 * found when the form opened (to offer it back), and how to forget it.
 */
export function useFormDraft(key: string | undefined, values: FormValues, dirty: boolean, version?: number) {
  const [found, setFound] = useState<FormDraft | null>(() => (key ? readFormDraft(key) : null));
  const latest = useRef({ values, dirty, version });
  latest.current = { values, dirty, version };

  // After a change, once typing pauses; an unchanged form keeps no draft of
  // its own, but leaves one found on opening until it is restored or discarded.
  useEffect(() => {
    if (!key || !dirty) return;
    const timer = setTimeout(() => writeFormDraft(key, { values, savedAt: new Date().toISOString(), version }), draftDelayMs);
    return () => clearTimeout(timer);
  }, [key, values, dirty, version]);

  // When the page is hidden or left: written at once, and leaving asks first.
  useEffect(() => {
    if (!key) return;
    const keep = () => {
      const { values, dirty, version } = latest.current;
      if (dirty) writeFormDraft(key, { values, savedAt: new Date().toISOString(), version });
    };
    const ask = (e: BeforeUnloadEvent) => {
      if (!latest.current.dirty) return;
      keep();
      e.preventDefault();
    };
    addEventListener('pagehide', keep);
    addEventListener('beforeunload', ask);
    return () => {
      removeEventListener('pagehide', keep);
      removeEventListener('beforeunload', ask);
    };
  }, [key]);

  return {
    /** The draft found when the form opened, until it is restored or discarded. */
    found,
    /** Forgets the offer (restored or declined); the draft stays kept while the form is dirty. */
    dismiss: () => setFound(null),
    /** Removes the kept draft: the values were saved, or thrown away. */
    forget: () => {
      setFound(null);
      if (key) clearFormDraft(key);
    },
  };
}
