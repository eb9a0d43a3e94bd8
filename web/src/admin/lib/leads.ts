import { useSyncExternalStore } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import { readAdminUser, subscribeAdminStorage } from '@/features/editable-text/edit-mode';
import { toast } from '@/lib/toast-store';
import { interestChoices } from '@/lib/api-contracts';
import type { Lead, LeadSettings, LeadStats, LeadStatus, Paged, StaffUser } from '@/lib/api-types';
import { isApiError } from '@/lib/api-client';
import { adminData, adminRequest, loadOr, useLoaded, useSave } from './admin-api';
import { saveFile } from './download';

// The lead inbox's side of the API (the leads contract): the paged list, one
// lead's changes, the export, the dashboard's figures and the notification
// settings.

export const leadStatuses: { value: LeadStatus; label: string }[] = [
  { value: 'new', label: 'New' },
  { value: 'contacted', label: 'Contacted' },
  { value: 'qualified', label: 'Qualified' },
  { value: 'won', label: 'Won' },
  { value: 'lost', label: 'Lost' },
];

export type LeadView = 'inbox' | 'spam';

/** Whose leads the inbox lists: anyone's, the signed-in user's, or those of no owner. */
export type LeadOwnerFilter = '' | 'me' | 'none';

/**
 * The inbox's filter: what the list, and the export, ask the server for.
 * Oldest lists the leads waiting for a first response first, oldest first.
 */
export type LeadFilter = {
  view: LeadView;
  q: string;
  status: string;
  interest: string;
  owner?: LeadOwnerFilter;
  overdue?: boolean;
  oldest?: boolean;
};

export const PAGE_SIZE = 25;

export function interestLabel(value: string): string {
  if (!value) return 'Not given';
  return interestChoices.find((c) => c.value === value)?.label ?? value;
}

export function statusLabel(value: string): string {
  return leadStatuses.find((s) => s.value === value)?.label ?? value;
}

/** Of two copies of a lead, the one saved last; the listed one when they are as new. */
export function newerLead(listed: Lead | undefined, changed: Lead | undefined): Lead | undefined {
  if (!listed || !changed) return listed ?? changed;
  return Date.parse(changed.updatedAt) > Date.parse(listed.updatedAt) ? changed : listed;
}

const listURL = '/api/admin/contact-submissions';

/** What to tell the user of a failed write: the server's reason when it gave one, else the fallback. */
export function failureText(err: unknown, fallback: string): string {
  return isApiError(err) && err.status > 0 && err.message ? err.message : fallback;
}

/** The query string of a filter: empty values left out, the inbox view implied. */
export function filterQuery(filter: LeadFilter, page?: number): string {
  const q = new URLSearchParams();
  if (filter.view !== 'inbox') q.set('view', filter.view);
  if (filter.q.trim()) q.set('q', filter.q.trim());
  if (filter.status) q.set('status', filter.status);
  if (filter.interest) q.set('interest', filter.interest);
  if (filter.owner) q.set('owner', filter.owner);
  if (filter.overdue) q.set('overdue', 'true');
  if (filter.oldest) q.set('sort', 'oldest');
  if (page !== undefined) {
    q.set('page', String(page));
    q.set('pageSize', String(PAGE_SIZE));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** One page of leads; the page on screen stays while the next one loads. */
/**
 * One lead, as its details open: the server records each opening in the
 * audit log, so it is loaded afresh every time (never kept).
 */
export function useLead(id: number | null) {
  return useQuery({
    // Not under the list's key: a change to a lead does not load it again.
    queryKey: ['lead-view', id],
    queryFn: () => adminData<Lead>('GET', `${listURL}/${id}`),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

export function useLeadPage(filter: LeadFilter, page: number) {
  const url = listURL + filterQuery(filter, page);
  return useQuery({
    queryKey: [url],
    queryFn: () => loadOr<Paged<Lead>>(url, 'Failed to fetch contact submissions'),
    placeholderData: keepPreviousData,
  });
}

/** Whether a query holds lead data that a change to a lead makes stale. */
function holdsLeads(q: Query): boolean {
  const key = String(q.queryKey[0]);
  return key.startsWith(listURL) || key === statsURL;
}

const readIsAdmin = () => readAdminUser()?.isAdmin === true;
const never = () => false;

/** Whether the signed-in user may change leads and their settings; the server checks again. */
export function useIsAdmin(): boolean {
  return useSyncExternalStore(subscribeAdminStorage, readIsAdmin, never);
}

/** A change of a lead; ownerId 0 leaves it without an owner. */
export type LeadChange = Partial<Pick<Lead, 'status' | 'notes' | 'spam'>> & { ownerId?: number };

/** Changes a lead; the lists and figures load afresh. Rejects with the server's error. */
export function useUpdateLead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: LeadChange }) => adminData<Lead>('PATCH', `${listURL}/${id}`, { body: change }),
    onSuccess: () => client.invalidateQueries({ predicate: holdsLeads }),
  });
}

/** Queues a lead's notifications again. */
export function useResendLead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => adminData<Lead>('POST', `${listURL}/${id}/resend`),
    onSuccess: () => {
      toast({ title: 'Success', description: 'Notifications queued again' });
      return client.invalidateQueries({ predicate: holdsLeads });
    },
    onError: (err) => {
      toast({ title: 'Error', description: failureText(err, 'Failed to resend notifications'), variant: 'destructive' });
    },
  });
}

/** The file name of a download: the server's, else leads-YYYY-MM-DD.csv for the given day. */
export function csvFilename(contentDisposition: string | null, now: Date): string {
  const m = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(contentDisposition ?? '');
  const name = m?.[1] ? decodeURIComponent(m[1]).replace(/[/\\]/g, '_').trim() : '';
  return name || `leads-${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * Downloads the leads of a filter as CSV. The token goes in the Authorization
 * header of a fetch, never in a URL, and the answer is saved from a blob.
 */
export async function downloadLeadsCSV(filter: LeadFilter): Promise<string> {
  const res = await adminRequest('GET', `${listURL}/export.csv${filterQuery(filter)}`);
  const name = csvFilename(res.headers.get('Content-Disposition'), new Date());
  saveFile(await res.blob(), name);
  return name;
}

const statsURL = '/api/admin/lead-stats';

/** Who a lead may be given to: the active users who may work on leads. */
export type LeadOwner = Pick<StaffUser, 'id' | 'username' | 'takesLeads'>;

export function useLeadOwners(enabled = true) {
  return useLoaded<LeadOwner[]>('/api/admin/lead-owners', 'Failed to fetch the users who may own leads', enabled);
}

/**
 * Where a lead stands against its response clock at now: answered (and how
 * fast), overdue (and by how long), due (and in how long), or not timed.
 */
export function leadClock(lead: Lead, now: number): { state: 'answered' | 'overdue' | 'due' | 'none'; ms: number } {
  if (lead.spam || !lead.dueAt) return { state: 'none', ms: 0 };
  if (lead.firstResponseAt) return { state: 'answered', ms: Date.parse(lead.firstResponseAt) - Date.parse(lead.createdAt) };
  const left = Date.parse(lead.dueAt) - now;
  return left < 0 ? { state: 'overdue', ms: -left } : { state: 'due', ms: left };
}

export function useLeadStats(enabled = true) {
  return useLoaded<LeadStats>(statsURL, 'Failed to fetch lead figures', enabled);
}

/** The lead settings an administrator writes; the rest the server reports. */
export type LeadSettingsFields = Omit<LeadSettings, 'smtpConfigured' | 'webhookSecretSet'>;

const settingsURL = '/api/admin/lead-settings';

export function useLeadSettings() {
  return useLoaded<LeadSettings>(settingsURL, 'Failed to fetch lead settings');
}

/** Saves the notification settings. Rejects with the server's error, so the form can show it. */
export function useSaveLeadSettings() {
  return useSave<LeadSettingsFields, LeadSettings>(settingsURL, {
    onSaved: () => toast({ title: 'Success', description: 'Lead notification settings saved' }),
    onError: (err) => toast({ title: 'Error', description: failureText(err, 'Failed to save lead settings'), variant: 'destructive' }),
  });
}

/** Splits addresses typed one per line or comma-separated; blanks and repeats dropped. */
export function parseEmailList(text: string): { emails: string[]; invalid: string[] } {
  const emails: string[] = [];
  const invalid: string[] = [];
  for (const part of text.split(/[\n,;]+/)) {
    const e = part.trim();
    if (!e || emails.includes(e)) continue;
    if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e)) emails.push(e);
    else invalid.push(e);
  }
  return { emails, invalid };
}
