import { useKept, type Kept } from '@/lib/kept-drafts';

// An open in-place edit, kept in the browser while its text differs from the
// page's: a moment after each change, and at once when the page is hidden,
// left or the editor goes away (a link followed in the app). Offered back
// when the text shows again in edit mode; forgotten once saved, cancelled or
// discarded.

function readTextDraft(kept: unknown): Kept<string> | null {
  const d = kept as Partial<Kept<string>> | null;
  return d && typeof d.value === 'string' && typeof d.savedAt === 'string' ? { value: d.value, savedAt: d.savedAt } : null;
}

/** Where the open edit of a text of the site (section, key) is kept. */
export const textDraftKey = (section: string, contentKey: string) => `text-draft.${section}/${contentKey}`;

/**
 * Keeps the open edit (draft, while editing) of what key names, and asks
 * before the page is left with it unsaved. Returns the edit kept from
 * before, when it differs from the text shown (to offer it back), and how
 * to forget it.
 */
export function useTextDraft(key: string, text: string, editing: boolean, draft: string) {
  const kept = useKept(key, draft, editing && draft !== text, readTextDraft, true);
  return { ...kept, found: kept.found && kept.found.value !== text ? kept.found : null };
}
