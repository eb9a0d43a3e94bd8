import { useEffect, useRef, useState } from 'react';
import { clearKept, readKept, writeKept, type Kept } from '@/lib/kept-drafts';

// An open in-place edit, kept in the browser while its text differs from the
// page's: a moment after each change, and at once when the page is hidden,
// left or the editor goes away (a link followed in the app). Offered back
// when the text shows again in edit mode; forgotten once saved, cancelled or
// discarded.

/** How long after the last change an open edit is kept. */
export const textDraftDelayMs = 1000;

const keyOf = (section: string, contentKey: string) => `text-draft.${section}/${contentKey}`;

function readTextDraft(key: string): Kept<string> | null {
  const d = readKept(key) as Partial<Kept<string>> | null;
  return d && typeof d.value === 'string' && typeof d.savedAt === 'string' ? { value: d.value, savedAt: d.savedAt } : null;
}

/**
 * Keeps the open edit of a text (draft, while editing) under its section and
 * key, and asks before the page is left with it unsaved. Returns the edit
 * kept from before, when it differs from the text shown (to offer it back),
 * and how to forget it.
 */
export function useTextDraft(section: string, contentKey: string, text: string, editing: boolean, draft: string) {
  const key = keyOf(section, contentKey);
  const [found, setFound] = useState<Kept<string> | null>(() => readTextDraft(key));
  const unsaved = editing && draft !== text;
  const latest = useRef({ unsaved, draft });
  latest.current = { unsaved, draft };

  useEffect(() => {
    if (!unsaved) return;
    const timer = setTimeout(() => writeKept(key, { value: draft, savedAt: new Date().toISOString() }), textDraftDelayMs);
    return () => clearTimeout(timer);
  }, [key, unsaved, draft]);

  useEffect(() => {
    const keep = () => {
      if (latest.current.unsaved) writeKept(key, { value: latest.current.draft, savedAt: new Date().toISOString() });
    };
    const ask = (e: BeforeUnloadEvent) => {
      if (!latest.current.unsaved) return;
      keep();
      e.preventDefault();
    };
    addEventListener('pagehide', keep);
    addEventListener('beforeunload', ask);
    return () => {
      removeEventListener('pagehide', keep);
      removeEventListener('beforeunload', ask);
      // The editor goes away with the page it was on: what it held is kept.
      keep();
    };
  }, [key]);

  return {
    /** The edit kept from before, while it differs from the text shown. */
    found: found && found.value !== text ? found : null,
    /** Removes the kept edit: it was saved, cancelled or thrown away. */
    forget: () => {
      setFound(null);
      clearKept(key);
    },
    /** Stops offering the kept edit (it is open again); it stays kept until saved or cancelled. */
    dismiss: () => setFound(null),
  };
}
