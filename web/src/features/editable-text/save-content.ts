// The saved texts as the in-place editor knows them: each one's id and
// version, loaded once per visit, so that a save says which version it
// started from (or that it started from the built-in copy) and the server
// can refuse to overwrite a text someone else changed since.
import { apiData, apiRequest, isApiError } from '@/lib/api-client';
import type { ContentItem } from '@/lib/api-types';
import { readAdminToken } from './edit-mode';
import { setSavedText } from './saved-texts';

let known: Promise<Map<string, ContentItem>> | null = null;

const id = (section: string, key: string) => `${section}\u0000${key}`;

function savedTexts(): Promise<Map<string, ContentItem>> {
  known ??= apiData<ContentItem[]>('GET', '/api/admin/content', { token: readAdminToken() }).then(
    (list) => new Map(list.map((it) => [id(it.section, it.key), it])),
    (err: unknown) => {
      known = null;
      throw err;
    },
  );
  return known;
}

/** The saved text at (section, key), or undefined when the built-in copy shows. */
export async function findSavedText(section: string, key: string): Promise<ContentItem | undefined> {
  return (await savedTexts()).get(id(section, key));
}

/**
 * Saves one editable text (POST /api/admin/content upserts by section and
 * key) from the version this visit knows, or from the built-in copy; with
 * `over`, from that text instead (the editor chose to overwrite another's).
 * Rejects with an ApiError, a 409 carrying the other's text.
 */
export async function saveContent(section: string, key: string, value: string, over?: ContentItem | null): Promise<ContentItem> {
  const texts = await savedTexts();
  const base = over === undefined ? texts.get(id(section, key)) : (over ?? undefined);
  const saved = await apiData<ContentItem>('POST', '/api/admin/content', {
    body: { section, key, value },
    token: readAdminToken(),
    ifMatch: base?.version,
    ifNoneMatch: !base,
  });
  texts.set(id(section, key), saved);
  setSavedText(section, key, saved.value);
  return saved;
}

/** Resets a text to its built-in copy (deletes the saved one); nothing to do when none is saved. */
export async function resetContent(section: string, key: string): Promise<void> {
  const texts = await savedTexts();
  const cur = texts.get(id(section, key));
  if (cur) {
    await apiRequest('DELETE', `/api/admin/content/${cur.id}`, { token: readAdminToken(), ifMatch: cur.version });
    texts.delete(id(section, key));
  }
  setSavedText(section, key, '');
}

/** Takes the other editor's text as this visit's: it shows, and the next save starts from it. */
export function acceptContent(section: string, key: string, theirs: ContentItem | null): void {
  void savedTexts().then((texts) => {
    if (theirs) texts.set(id(section, key), theirs);
    else texts.delete(id(section, key));
  });
  setSavedText(section, key, theirs?.value ?? '');
}

/**
 * Brings a text back to an earlier value: that value saved again, or, when
 * it was the built-in copy (undefined), the saved one reset.
 */
export async function restoreContent(section: string, key: string, previous: string | undefined): Promise<void> {
  if (previous === undefined) await resetContent(section, key);
  else await saveContent(section, key, previous);
}

/** What a failed save tells the editor: the server's reason for a 4xx, else the general failure. */
export function failureMessage(err: unknown): string {
  return isApiError(err) && err.status >= 400 && err.status < 500 ? err.message : 'Failed to update content';
}
