// The records edited in place (record-text.tsx): each resource's list loaded
// once per visit with its versions, the record a page's element shows found
// in it, and a field's save through the resource's own PUT from the version
// loaded, so that the server refuses to overwrite a change made since. Undo
// and the history go through the resource's revisions. In a publishing mode
// that keeps drafts, the record's pending draft shows in place of it and a
// save asks for the draft (X-Publish: draft): visitors see the record as
// published until the Publish panel publishes it.
import { useEffect, useSyncExternalStore } from 'react';
import { adminData } from '@/admin/lib/admin-api';
import { goneConflict, listRevisions, resourceURL, restoreRevision, updateRecord } from '@/admin/lib/resources';
import { revisionBefore } from '@/admin/lib/undo';
import { ApiError, isApiError } from '@/lib/api-client';
import type { Revision } from '@/lib/api-types';
import { withSession } from '@/lib/session';
import type { RecordRef, RecordResource } from '@/features/editable-text/record-text';
import { draftsModeOn, findRecordDraft, savedDescription } from '@/features/editable-text/save-content';

/** A record of a resource as the admin's API gives it. */
export type LoadedRecord = { id: number; version: number } & Record<string, unknown>;

/** What a person calls one record of each resource, and several. */
export const recordNouns: Record<RecordResource, { one: string; many: string }> = {
  pages: { one: 'Article', many: 'articles' },
  testimonials: { one: 'Testimonial', many: 'testimonials' },
  'menu-items': { one: 'Menu item', many: 'menu items' },
  'footer-links': { one: 'Footer link', many: 'footer links' },
  'case-studies': { one: 'Case study', many: 'case studies' },
};

/** The fields of each resource that may not be empty. */
export const requiredFields: Record<RecordResource, readonly string[]> = {
  pages: ['title', 'body'],
  testimonials: ['name', 'title', 'content'],
  'menu-items': ['title'],
  'footer-links': ['title'],
  'case-studies': ['title', 'client', 'industry', 'summary', 'challenge', 'approach', 'results'],
};

const lists = new Map<RecordResource, Promise<LoadedRecord[]>>();

/** The records of a resource with their versions, loaded once per visit (again after a failure). */
export function loadRecords(resource: RecordResource): Promise<LoadedRecord[]> {
  let list = lists.get(resource);
  if (!list) {
    list = withSession(() => adminData<LoadedRecord[]>('GET', resourceURL(resource)));
    lists.set(resource, list);
    list.catch(() => lists.delete(resource));
  }
  return list;
}

/** Whether two values of a field are the same: texts, lists of texts, documents, times. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'string' && typeof b === 'string') {
    // Times written differently (an offset, fractions of a second) may be the same instant.
    const [x, y] = [Date.parse(a), Date.parse(b)];
    return /^\d{4}-\d\d-\d\dT/.test(a) && /^\d{4}-\d\d-\d\dT/.test(b) && !Number.isNaN(x) && x === y;
  }
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * The record of list that a page's element shows: every field of match
 * agrees, or all but one when match has several (someone changed that one
 * since the page was rendered). Of several, the one that agrees most, and
 * an active one before an inactive one.
 */
export function findRecord<T extends Record<string, unknown>>(list: readonly T[], match: Readonly<Record<string, unknown>>): T | undefined {
  const keys = Object.keys(match);
  const need = keys.length > 1 ? keys.length - 1 : keys.length;
  let best: { rec: T; score: number } | undefined;
  for (const rec of list) {
    const agree = keys.filter((k) => sameValue(rec[k], match[k])).length;
    if (agree < need) continue;
    const score = agree * 2 + (rec.isActive === false ? 0 : 1);
    if (!best || score > best.score) best = { rec, score };
  }
  return best?.rec;
}

/** The key of a record as a page shows it: its resource and what finds it. */
export function refKey({ resource, match }: RecordRef): string {
  const sorted = Object.keys(match)
    .sort()
    .map((k) => [k, match[k]]);
  return `${resource}\u0000${JSON.stringify(sorted)}`;
}

// The records saved (or taken from another editor) in this visit, by the
// key of the elements that show them: what those elements show now.
const known = new Map<string, LoadedRecord>();
const listeners = new Set<() => void>();
// The fields saved in this visit, which the edit bar counts with the texts.
const changed = new Set<string>();

/** How many fields of records were saved in this visit. */
export function savedFieldCount(): number {
  return changed.size;
}

function remember(ref: RecordRef, rec: LoadedRecord): void {
  known.set(refKey(ref), rec);
  for (const l of listeners) l();
}

export function subscribeRecords(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The record as saved in this visit; undefined when the page's own data still tells it. */
export function savedRecord(ref: RecordRef): LoadedRecord | undefined {
  return known.get(refKey(ref));
}

/**
 * The record as this visit knows it: saved in this visit, else as loaded,
 * with its pending draft in drafts mode; undefined when none is found.
 */
export async function currentRecord(ref: RecordRef): Promise<LoadedRecord | undefined> {
  const saved = savedRecord(ref);
  if (saved) return saved;
  const published = findRecord(await loadRecords(ref.resource), ref.match);
  if (!published) return undefined;
  const draft = await findRecordDraft<LoadedRecord>(ref.resource, published.id).catch(() => undefined);
  return draft ?? published;
}

/**
 * In drafts mode, shows the pending draft of the record ref finds in place
 * of the page's published values (staff see the working draft of the site);
 * nothing to do when it has none.
 */
export async function showRecordDraft(ref: RecordRef): Promise<void> {
  // As the page loads: an ended session is no reason to ask for a sign-in.
  if (savedRecord(ref) || !(await draftsModeOn(false).catch(() => false))) return;
  const published = findRecord(await loadRecords(ref.resource), ref.match);
  const draft = published && (await findRecordDraft<LoadedRecord>(ref.resource, published.id, false));
  if (draft && !savedRecord(ref)) remember(ref, draft);
}

/** The answer when the record a page shows cannot be found: changed out of recognition, or deleted, since. */
function notFound(resource: RecordResource): ApiError {
  return new ApiError({
    status: 404,
    message: `This ${recordNouns[resource].one.toLowerCase()} was changed or deleted after the page loaded: reload the page to edit it.`,
  });
}

/** A conflict with the record as it is now, naming who last changed it when its history says. */
async function changedSince(resource: RecordResource, rec: LoadedRecord): Promise<ApiError> {
  const latest = await listRevisions(resource, rec.id).then(
    (list) => list[0],
    () => undefined,
  );
  const by = latest?.username || 'someone else';
  return new ApiError({
    status: 409,
    message: `${recordNouns[resource].one} changed by ${by} after you opened it.`,
    conflict: { current: rec, changedBy: latest?.username ?? '', changedAt: latest?.createdAt ?? '' },
  });
}

/** What a save did: the record as saved (or drafted) and as it was before, and whether it went to the record's pending draft. */
export type RecordSave = { record: LoadedRecord; before: LoadedRecord; drafted: boolean };

/**
 * Writes fields over the record id from version: in drafts mode as its
 * pending draft, which leaves the version as it was (a page not published
 * is written live all the same, moving it on).
 */
async function putRecord(resource: RecordResource, id: number, fields: object, version: number): Promise<{ record: LoadedRecord; drafted: boolean }> {
  const drafts = await draftsModeOn().catch(() => false);
  const record = await updateRecord<LoadedRecord>(resource, id, fields, version, drafts ? 'draft' : undefined);
  return { record, drafted: drafts && record.version === version };
}

/**
 * Saves one field of the record ref finds: the record as this visit loaded
 * it with the field's new value, from its version (PUT of the resource).
 * shown is the value the page shows, from which the edit started: a record
 * whose field holds another (changed since the page was rendered) is a
 * conflict, as is a 409 of the server over the same field; one that met a
 * change of other fields only goes again from the newer version, which
 * keeps those. over is the other's version the editor chose to save over.
 * Rejects with an ApiError.
 */
export async function saveRecordField(ref: RecordRef, field: string, value: unknown, shown: unknown, over?: LoadedRecord | null): Promise<RecordSave> {
  const { resource } = ref;
  const noun = recordNouns[resource].one;
  let base: LoadedRecord | undefined = over ?? undefined;
  if (over === undefined) {
    base = await currentRecord(ref);
    if (!base) throw notFound(resource);
    if (!sameValue(base[field], shown)) throw await changedSince(resource, base);
  }
  if (!base) throw notFound(resource);
  const put = (from: LoadedRecord) => putRecord(resource, from.id, { ...from, [field]: value }, from.version);
  let saved: { record: LoadedRecord; drafted: boolean };
  let before = base;
  try {
    saved = await put(base);
  } catch (err) {
    if (isApiError(err, 404)) throw await goneConflict(resource, base.id, noun);
    // A refused value: the reason given for this field, else for the record.
    if (isApiError(err) && err.hasFieldErrors) {
      throw new ApiError({ status: err.status, message: err.fieldErrors[field] ?? Object.values(err.fieldErrors)[0], fieldErrors: err.fieldErrors });
    }
    const theirs = isApiError(err, 409) ? (err.conflict?.current as LoadedRecord | null | undefined) : undefined;
    // Their change left this field as it was: this one goes on top of it.
    if (!theirs || !sameValue(theirs[field], base[field])) throw err;
    before = theirs;
    saved = await put(theirs);
  }
  changed.add(`${refKey(ref)}\u0000${field}`);
  remember(ref, saved.record);
  return { record: saved.record, before, drafted: saved.drafted };
}

/** Takes the other editor's version as this visit's: it shows, and the next save starts from it. */
export function acceptRecord(ref: RecordRef, theirs: LoadedRecord): void {
  remember(ref, theirs);
}

/**
 * Undoes a write that left the record as saved: the revision before it is
 * restored, from the version the write left (the resource's restore), so a
 * change made since is never undone; a record older than its history, with
 * no revision before, gets back what it was (before) from that version
 * too. Rejects when the record has moved on.
 */
export async function undoRecordSave(ref: RecordRef, { record: saved, before, drafted }: RecordSave): Promise<void> {
  if (drafted) {
    // The draft gets back what it was (the published record: no draft).
    remember(ref, (await putRecord(ref.resource, saved.id, before, saved.version)).record);
    return;
  }
  const revisions = await listRevisions(ref.resource, saved.id);
  const earlier = revisionBefore(revisions, saved.version);
  const back = earlier
    ? await restoreRevision<LoadedRecord>(ref.resource, saved.id, earlier.id, saved.version)
    : await updateRecord<LoadedRecord>(ref.resource, saved.id, before, saved.version);
  remember(ref, back);
}

/** The history of the record ref finds, newest first; empty when it cannot be found. */
export async function loadRecordHistory(ref: RecordRef): Promise<Revision[]> {
  const rec = await currentRecord(ref);
  return rec ? listRevisions(ref.resource, rec.id) : [];
}

/**
 * Brings the record back to one of its revisions (the resource's restore),
 * from the version of the newest revision shown: a record changed since is
 * a 409 carrying it. Resolves to the record now.
 */
export async function restoreRecordRevision(ref: RecordRef, revision: Revision, newest: Revision): Promise<RecordSave> {
  if (await draftsModeOn().catch(() => false)) {
    // Drafts mode: the revision becomes the record's pending draft, from
    // the version the newest revision shown has.
    const before = (await currentRecord(ref)) ?? (newest.data as LoadedRecord);
    const { version: _, ...fields } = revision.data as LoadedRecord;
    const saved = await putRecord(ref.resource, revision.recordId, fields, newest.version);
    remember(ref, saved.record);
    return { record: saved.record, before, drafted: saved.drafted };
  }
  const before = newest.data as LoadedRecord;
  const restored = await restoreRevision<LoadedRecord>(ref.resource, revision.recordId, revision.id, newest.version);
  remember(ref, restored);
  return { record: restored, before, drafted: false };
}

/** The toast's description of a record's save: a drafted one says where it is published from. */
export function recordSavedDescription(save: RecordSave): string {
  return savedDescription({ drafted: save.drafted }, 'Changes saved successfully');
}

/**
 * The record ref finds as saved in this visit, or its pending draft in
 * drafts mode once loaded; undefined while the page's own data tells it.
 */
export function useShownRecord(ref: RecordRef): LoadedRecord | undefined {
  const key = refKey(ref);
  useEffect(() => {
    void showRecordDraft(ref).catch(() => undefined);
    // The record is the same while its key is.
  }, [key]);
  return useSyncExternalStore(subscribeRecords, () => savedRecord(ref), () => undefined);
}
