import { useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import type { ContentItem, Revision } from '@/lib/api-types';
import { adminData, adminRequest, loadOr } from './admin-api';

/** The admin collections of SPEC section 7; the leads have their own module (leads.ts). */
export type ResourceName = 'content' | RecordResource;

/** The resources with versions and revisions (docs/API.md, "Resources"). */
export type RecordResource = 'menu-items' | 'images' | 'testimonials' | 'footer-links' | 'pages' | 'media' | 'redirects' | 'positions' | 'case-studies';

/** Every record of a resource carries its id and version. */
export type VersionedRecord = { id: number; version: number };

export function resourceURL(name: ResourceName | 'site-settings'): string {
  return `/api/admin/${name}`;
}

/** Loads a collection; a failure carries the tab's own message (SPEC section 8). */
export function useAdminList<T>(name: ResourceName, loadError: string) {
  return useQuery({
    queryKey: [resourceURL(name)],
    queryFn: async (): Promise<T[]> => (await loadOr<{ data?: T[] }>(resourceURL(name), loadError)).data ?? [],
  });
}

/**
 * Every saved text of the site: the list of the Content and Facts tabs and
 * of the Publish panel's checks, so that a save in one shows in all. It
 * loads again when the admin comes back to this browser tab (after editing
 * on the site).
 */
export function useSavedTexts() {
  const url = resourceURL('content');
  return useQuery({
    queryKey: [url],
    queryFn: async (): Promise<ContentItem[]> => (await loadOr<{ data?: ContentItem[] }>(url, 'Failed to fetch website content')).data ?? [],
    refetchOnWindowFocus: 'always',
  });
}

/**
 * Creates a record. With publish 'draft', in a mode that keeps drafts, the
 * record is stored hidden from visitors and shown by its draft's publish:
 * drafted says so, and the answer is the record as it will be published.
 */
export async function createRecord<T>(name: RecordResource, fields: object, publish?: 'draft'): Promise<{ record: T; drafted: boolean }> {
  const res = await adminRequest('POST', resourceURL(name), { body: fields, publish });
  const body = (await res.json()) as { data: T };
  return { record: body.data, drafted: res.headers.get('X-Publish') === 'draft' };
}

/** Replaces the record's fields; with a version, only when the record is still at it. */
export function updateRecord<T>(name: RecordResource, id: number, fields: object, version?: number, publish?: 'draft'): Promise<T> {
  return adminData<T>('PUT', `${resourceURL(name)}/${id}`, { body: version === undefined ? fields : { ...fields, version }, publish });
}

/**
 * Deletes the record; with a version, only when the record is still at it.
 * With publish 'draft', in a mode that keeps drafts, the delete waits as
 * the record's draft for the Publish panel: it resolves to true then.
 */
export async function deleteRecord(name: RecordResource, id: number, version?: number, publish?: 'draft'): Promise<boolean> {
  const res = await adminRequest('DELETE', `${resourceURL(name)}/${id}`, { ifMatch: version, publish });
  return res.headers.get('X-Publish') === 'draft';
}

/** An action of one record, such as a page's publish. */
export function recordAction<T>(name: RecordResource, id: number, action: string, version?: number): Promise<T> {
  return adminData<T>('POST', `${resourceURL(name)}/${id}/${action}`, { ifMatch: version });
}

/** Brings a record back to one of its revisions (re-creating it when deleted); with a version, only from it. */
export function restoreRevision<T>(name: RecordResource | 'site-settings', id: number, revisionId: number, version?: number): Promise<T> {
  return adminData<T>('POST', `${resourceURL(name)}/${id}/revisions/${revisionId}/restore`, { ifMatch: version });
}

/** The delete revisions of the records of a resource that are gone, newest first. */
export function deletedURL(name: RecordResource): string {
  return `${resourceURL(name)}/deleted`;
}

export function revisionsURL(name: RecordResource | 'site-settings', id: number): string {
  return `${resourceURL(name)}/${id}/revisions`;
}

/** The revisions of one record, newest first. */
export function listRevisions(name: RecordResource | 'site-settings', id: number): Promise<Revision[]> {
  return adminData<Revision[]>('GET', revisionsURL(name, id));
}

/**
 * The conflict of a write to a record that is gone (the server answers 404):
 * a 409 with no current record, naming who deleted it when its history says.
 */
export async function goneConflict(name: RecordResource, id: number, noun: string): Promise<ApiError> {
  const latest = await listRevisions(name, id).then(
    (list) => list[0],
    () => undefined,
  );
  const deleted = latest?.action === 'delete' ? latest : undefined;
  return new ApiError({
    status: 409,
    message: `${noun} deleted by ${deleted?.username || 'someone else'} after you opened it.`,
    conflict: { current: null, changedBy: deleted?.username ?? '', changedAt: deleted?.createdAt ?? '' },
  });
}
