// The newsletter's side of the admin: the subscribers (editors and
// administrators), their CSV export and the webhook that tells the firm's
// mailing service of them (administrators). The server records each page
// and each export in the audit log.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { toast } from '@/lib/toast-store';
import type { NewsletterSettings, Paged, Subscriber, SubscriberStatus } from '@/lib/api-types';
import { adminRequest, loadOr, useLoaded, useSave } from './admin-api';
import { saveFile } from './download';
import { csvFilename, failureText } from './leads';

const listURL = '/api/admin/subscribers';
const settingsURL = '/api/admin/newsletter-settings';

export const SUBSCRIBER_PAGE_SIZE = 25;

/** The labels of the statuses: every status the server keeps has one. */
export const subscriberStatusLabels: Record<SubscriberStatus, string> = {
  pending: 'Waiting for confirmation',
  confirmed: 'Confirmed',
  unsubscribed: 'Unsubscribed',
};

/** What the list, and the export, ask for: '' for any status, no search. */
export type SubscriberFilter = { status: SubscriberStatus | ''; q: string };

/** The query string of a filter (and, for the list, its page). */
export function subscriberQuery(filter: SubscriberFilter, page?: number): string {
  const q = new URLSearchParams();
  if (filter.status) q.set('status', filter.status);
  if (filter.q.trim()) q.set('q', filter.q.trim());
  if (page !== undefined) {
    q.set('page', String(page));
    q.set('pageSize', String(SUBSCRIBER_PAGE_SIZE));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

export function useSubscriberPage(filter: SubscriberFilter, page: number) {
  const url = listURL + subscriberQuery(filter, page);
  return useQuery({
    queryKey: [url],
    queryFn: () => loadOr<Paged<Subscriber>>(url, 'Failed to fetch the subscribers'),
    placeholderData: keepPreviousData,
    // Sign-ups arrive and change while the tab is away: opening it shows them now.
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

/** Downloads the subscribers of a filter as CSV (the token in a header, never a URL). */
export async function downloadSubscribersCSV(filter: SubscriberFilter): Promise<string> {
  const res = await adminRequest('GET', `${listURL}/export.csv${subscriberQuery(filter)}`);
  const name = csvFilename(res.headers.get('Content-Disposition'), new Date()).replace(/^leads-/, 'subscribers-');
  saveFile(await res.blob(), name);
  return name;
}

/** The newsletter settings an administrator writes. */
export type NewsletterSettingsFields = Omit<NewsletterSettings, 'webhookSecretSet'>;

export function useNewsletterSettings() {
  return useLoaded<NewsletterSettings>(settingsURL, 'Failed to fetch the newsletter settings');
}

/** Saves the webhook. Rejects with the server's error, so the form can show it. */
export function useSaveNewsletterSettings() {
  return useSave<NewsletterSettingsFields, NewsletterSettings>(settingsURL, {
    onSaved: () => toast({ title: 'Success', description: 'Newsletter webhook saved' }),
    onError: (err) => toast({ title: 'Error', description: failureText(err, 'Failed to save the newsletter webhook'), variant: 'destructive' }),
  });
}
