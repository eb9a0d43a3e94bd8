// The saved texts as the in-place editor knows them: each one's id and
// version, loaded once per visit, so that a save says which version it
// started from (or that it started from the built-in copy) and the server
// can refuse to overwrite a text someone else changed since.
import { ApiError, apiData, apiRequest, isApiError } from '@/lib/api-client';
import type { ContentDraft, ContentItem, PublishingSettings, Revision } from '@/lib/api-types';
import { withSession } from '@/lib/session';
import { readAdminToken } from './edit-mode';
import { setDraftTexts, setSavedText } from './saved-texts';

// A write of the editor with the stored token. When the session has ended,
// it waits for the sign-in in place (the edit toolbar's dialog) and goes
// again with the new token, so what was typed is saved, not lost.
const asAdmin = <T>(run: (token: string | null) => Promise<T>): Promise<T> => withSession(() => run(readAdminToken()));

let known: Promise<Map<string, ContentItem>> | null = null;

const id = (section: string, key: string) => `${section}\u0000${key}`;

/** The saved texts; a load for a write waits for a sign-in when the session has ended. */
function savedTexts(forWrite = true): Promise<Map<string, ContentItem>> {
  const load = (token: string | null) => apiData<ContentItem[]>('GET', '/api/admin/content', { token });
  known ??= (forWrite ? asAdmin(load) : load(readAdminToken())).then(
    (list) => new Map(list.map((it) => [id(it.section, it.key), it])),
    (err: unknown) => {
      known = null;
      throw err;
    },
  );
  return known;
}

/** The pending drafts when the publishing mode keeps drafts (drafts, approval); null in live mode. */
type DraftState = Map<string, ContentDraft> | null;

let pending: Promise<DraftState> | null = null;

const keepsDrafts = (mode: string | undefined) => mode === 'drafts' || mode === 'approval';

/**
 * The publishing mode and, when it keeps drafts, the pending drafts, which
 * then show in place of the published texts (the editor sees the working
 * draft of the site; visitors the published one).
 */
function draftState(forWrite = true): Promise<DraftState> {
  const load = async (token: string | null): Promise<DraftState> => {
    const settings = await apiData<PublishingSettings>('GET', '/api/admin/publishing-settings', { token });
    if (!keepsDrafts(settings?.mode)) return null;
    const list = await apiData<ContentDraft[]>('GET', '/api/admin/drafts', { token });
    setDraftTexts(list);
    return new Map(list.map((d) => [id(d.section, d.key), d]));
  };
  pending ??= (forWrite ? asAdmin(load) : load(readAdminToken())).catch((err: unknown) => {
    pending = null;
    throw err;
  });
  return pending;
}

/**
 * Whether the publishing mode keeps drafts (drafts, approval): the in-place
 * saves wait to be published. forWrite false: a load as the page shows,
 * which rejects rather than waits for a sign-in when the session has ended.
 */
export async function draftsModeOn(forWrite = true): Promise<boolean> {
  return (await draftState(forWrite)) !== null;
}

/**
 * The pending draft of the record id of resource (drafts mode), as the
 * record it would publish; undefined when it has none, or the mode keeps
 * no drafts.
 */
export async function findRecordDraft<T>(resource: string, recordId: number, forWrite = true): Promise<T | undefined> {
  const d = (await draftState(forWrite))?.get(id('', `${resource}/${recordId}`));
  return d ? (JSON.parse(d.value) as T) : undefined;
}

/**
 * Loads the saved texts and their versions now, as the page loads, so that
 * a save over a text someone changed later is caught; rejects when the
 * session has ended.
 */
export async function loadSavedTexts(): Promise<void> {
  await Promise.all([savedTexts(false), draftState(false)]);
}

/**
 * The saved text at (section, key) as this editor sees it: its pending
 * draft in drafts mode, else the published one; undefined when the
 * built-in copy shows.
 */
export async function findSavedText(section: string, key: string): Promise<SavedText | undefined> {
  const [texts, drafts] = await Promise.all([savedTexts(), draftState()]);
  return drafts?.get(id(section, key)) ?? texts.get(id(section, key));
}

/** A text as the editor saves it: published, or its pending draft in drafts mode. */
export type SavedText = ContentItem | ContentDraft;

/** What a save did: drafted is true when it went to the text's pending draft (drafts mode). */
export type SaveResult = { drafted: boolean };

/**
 * Saves one editable text (POST /api/admin/content upserts by section and
 * key) from the version this visit knows, or from the built-in copy; with
 * `over`, from that text instead (the editor chose to overwrite another's).
 * Rejects with an ApiError, a 409 carrying the other's text.
 */
export async function saveContent(section: string, key: string, value: string, over?: SavedText | null): Promise<SaveResult> {
  const [texts, drafts] = await Promise.all([savedTexts(), draftState()]);
  if (drafts) {
    // The draft's own version guards it, as a published text's does.
    const base = over === undefined ? drafts.get(id(section, key)) : (over ?? undefined);
    const saved = await asAdmin((token) =>
      apiData<ContentDraft>('POST', '/api/admin/content', {
        body: { section, key, value },
        token,
        ifMatch: base?.version,
        ifNoneMatch: !base,
        publish: 'draft',
      }),
    );
    // Id 0: back at the published value, nothing is pending.
    if (saved.id === 0) drafts.delete(id(section, key));
    else drafts.set(id(section, key), saved);
    setSavedText(section, key, saved.value);
    return { drafted: true };
  }
  const base = over === undefined ? texts.get(id(section, key)) : (over ?? undefined);
  const saved = await asAdmin((token) =>
    apiData<ContentItem>('POST', '/api/admin/content', { body: { section, key, value }, token, ifMatch: base?.version, ifNoneMatch: !base }),
  );
  texts.set(id(section, key), saved);
  setSavedText(section, key, saved.value);
  return { drafted: false };
}

/**
 * Resets a text to its built-in copy (deletes the saved one); nothing to do
 * when none is saved. In drafts mode the reset is drafted too: the text's
 * pending draft is dropped and, when a published text would still show, the
 * built-in copy (builtIn) becomes its draft; visitors see it once published.
 */
export async function resetContent(section: string, key: string, builtIn?: string): Promise<SaveResult> {
  const [texts, drafts] = await Promise.all([savedTexts(), draftState()]);
  if (drafts) {
    const published = texts.get(id(section, key));
    if (published && builtIn !== undefined) return saveContent(section, key, builtIn);
    const draft = drafts.get(id(section, key));
    if (draft) {
      await asAdmin((token) => apiRequest('POST', '/api/admin/drafts/discard', { token, body: { ids: [draft.id] } }));
      drafts.delete(id(section, key));
    }
    setSavedText(section, key, published?.value ?? '');
    return { drafted: true };
  }
  const cur = texts.get(id(section, key));
  if (cur) {
    await asAdmin((token) => apiRequest('DELETE', `/api/admin/content/${cur.id}`, { token, ifMatch: cur.version }));
    texts.delete(id(section, key));
  }
  setSavedText(section, key, '');
  return { drafted: false };
}

/** Takes the other editor's text as this visit's: it shows, and the next save starts from it. */
export function acceptContent(section: string, key: string, theirs: SavedText | null): void {
  void Promise.all([savedTexts(), draftState()]).then(([texts, drafts]) => {
    if (drafts) {
      // Their draft, or none left (published or discarded): the published text.
      if (theirs) drafts.set(id(section, key), theirs as ContentDraft);
      else drafts.delete(id(section, key));
      setSavedText(section, key, theirs?.value ?? texts.get(id(section, key))?.value ?? '');
      return;
    }
    if (theirs) texts.set(id(section, key), theirs as ContentItem);
    else texts.delete(id(section, key));
  });
  setSavedText(section, key, theirs?.value ?? '');
}

/** The section and key a revision of a text is about. */
function addressOf(rev: Revision): string | null {
  const data = rev.data as Partial<ContentItem> | null;
  return data && typeof data.section === 'string' && typeof data.key === 'string' ? id(data.section, data.key) : null;
}

/**
 * The history of the text at (section, key), newest first: that of its saved
 * text, or of the one a reset deleted; empty when it was never saved. A text
 * keeps one id across resets, so one history tells all of it.
 */
export async function loadTextHistory(section: string, key: string): Promise<Revision[]> {
  const load = <T>(url: string) => asAdmin((token) => apiData<T>('GET', url, { token }));
  const want = id(section, key);
  let recordId = (await savedTexts()).get(want)?.id;
  if (recordId === undefined) {
    const deleted = await load<Revision[]>('/api/admin/content/deleted');
    recordId = deleted.find((r) => addressOf(r) === want)?.recordId;
  }
  if (recordId === undefined) {
    // Saved by someone else since this page loaded.
    const saved = await load<ContentItem[]>('/api/admin/content');
    recordId = saved.find((it) => id(it.section, it.key) === want)?.id;
  }
  if (recordId === undefined) return [];
  return load<Revision[]>(`/api/admin/content/${recordId}/revisions`);
}

/** The text as a revision left it: null after a reset (the built-in copy shows). */
function textOf(rev: Revision): ContentItem | null {
  return rev.action === 'delete' ? null : (rev.data as ContentItem);
}

/**
 * Brings the text at (section, key) back to one of its revisions: a reset
 * one to the built-in copy, any other to its value, as a new version. It
 * starts from the version this visit knows, which must be the newest of the
 * history shown: a text changed by someone else since is a 409 carrying
 * theirs, as for a save. Resolves to the text now (null: the built-in copy).
 */
export async function restoreTextRevision(section: string, key: string, revision: Revision, newest: Revision): Promise<SavedText | null> {
  const [texts, drafts] = await Promise.all([savedTexts(), draftState()]);
  if (drafts) {
    // Drafts mode: the revision's value becomes the text's pending draft
    // (a reset one drops the draft); visitors see it once it is published.
    const was = textOf(revision);
    if (!was) {
      await resetContent(section, key);
      return null;
    }
    await saveContent(section, key, was.value);
    return drafts.get(id(section, key)) ?? texts.get(id(section, key)) ?? null;
  }
  const cur = texts.get(id(section, key));
  const now = textOf(newest);
  if (cur ? now?.version !== cur.version : now !== null) {
    const by = newest.username || 'someone else';
    throw new ApiError({
      status: 409,
      message: `Text changed by ${by} after you opened it.`,
      conflict: { current: now, changedBy: by, changedAt: newest.createdAt },
    });
  }
  if (revision.action === 'delete') {
    await resetContent(section, key);
    return null;
  }
  // The newest revision's version: the text's own, or, when it is reset,
  // that of its reset, which a text brought back since never has.
  const restored = await asAdmin((token) =>
    apiData<ContentItem>('POST', `/api/admin/content/${revision.recordId}/revisions/${revision.id}/restore`, { token, ifMatch: newest.version }),
  );
  texts.set(id(section, key), restored);
  setSavedText(section, key, restored.value);
  return restored;
}

/**
 * Brings a text back to an earlier value: that value saved again, or, when
 * it was the built-in copy (undefined), the saved one reset.
 */
export async function restoreContent(section: string, key: string, previous: string | undefined): Promise<void> {
  if (previous === undefined) await resetContent(section, key);
  else await saveContent(section, key, previous);
}

/** The toast's description of a save: a drafted one says where it is published from. */
export function savedDescription(result: SaveResult, live: string): string {
  return result.drafted ? 'Saved as draft — publish it from the Publish panel' : live;
}

/** What a failed save tells the editor: the server's reason for a 4xx, else the general failure. */
export function failureMessage(err: unknown): string {
  return isApiError(err) && err.status >= 400 && err.status < 500 ? err.message : 'Failed to update content';
}
