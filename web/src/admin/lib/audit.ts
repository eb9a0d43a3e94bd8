// The audit log (administrators only): its pages, its filter and its CSV
// download. The server records every entry; the admin only reads them.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditAction, AuditEntry, Paged } from '@/lib/api-types';
import { adminRequest, loadOr } from './admin-api';
import { saveFile } from './download';
import { csvFilename } from './leads';

const logURL = '/api/admin/audit-log';

/** The labels of the actions: every action the server records has one. */
export const auditActionLabels: Record<AuditAction, string> = {
  'sign-in': 'Signed in',
  'sign-in-failed': 'Sign-in failed',
  'sign-out': 'Signed out',
  'reauth-failed': 'Password or code refused',
  'recovery-code-used': 'Recovery code used',
  'two-factor-start': 'Two-factor set-up started',
  'two-factor-enable': 'Two-factor turned on',
  'two-factor-disable': 'Two-factor turned off',
  'two-factor-reset': 'Two-factor reset',
  'password-change': 'Own password changed',
  'email-change': 'Own e-mail address changed',
  'password-reset': 'Password reset',
  'sessions-end': 'Sessions ended',
  'user-create': 'User created',
  'user-update': 'Role or status changed',
  'user-disable': 'User disabled',
  'security-settings': 'Sign-in settings changed',
  create: 'Created',
  update: 'Changed',
  delete: 'Deleted',
  publish: 'Published',
  restore: 'Restored',
  'lead-settings': 'Lead settings changed',
  'mail-settings': 'Mail server changed',
  'mail-test': 'Test e-mail sent',
  'lead-list': 'Leads listed',
  'lead-view': 'Lead opened',
  'lead-update': 'Lead changed',
  'lead-resend': 'Lead notification resent',
  'lead-export': 'Leads exported',
  'lead-activity-add': 'Lead activity added',
  'lead-activity-edit': 'Lead activity edited',
  'lead-activity-delete': 'Lead activity deleted',
  'privacy-search': 'Privacy search',
  'privacy-export': 'Personal data exported',
  'privacy-erase': 'Personal data erased',
  'recovery-codes-renew': 'Recovery codes renewed',
  'invitation-send': 'Invitation sent',
  'invitation-renew': 'Invitation link renewed',
  'invitation-withdraw': 'Invitation withdrawn',
  'invitation-accept': 'Invitation accepted',
  'preview-link-create': 'Preview link made',
  'preview-link-revoke': 'Preview link revoked',
  'not-found-clear': 'Not-found entry cleared',
  'availability-change': 'Booking settings changed',
  'calendar-feed-create': 'Calendar feed address made',
  'calendar-feed-revoke': 'Calendar feed turned off',
  'page-checks-change': 'Page checks changed',
  'publishing-settings': 'Publishing mode changed',
  'drafts-publish': 'Drafts published',
  'drafts-schedule': 'Drafts scheduled',
  'drafts-review': 'Review asked for',
  'drafts-send-back': 'Drafts sent back',
  'draft-comment': 'Draft commented on',
  'draft-comment-resolve': 'Draft comment resolved',
  'drafts-discard': 'Drafts discarded',
  'newsletter-settings': 'Newsletter webhook changed',
  'subscriber-list': 'Subscribers listed',
  'subscriber-export': 'Subscribers exported',
  'backup-create': 'Backup made',
  'backup-download': 'Backup downloaded',
  'backup-delete': 'Backup deleted',
  'backup-settings': 'Backup schedule changed',
  'application-update': 'Application moved on',
  'application-activity-add': 'Application note added',
  'application-activity-edit': 'Application note edited',
  'careers-settings': 'Application retention changed',
};

export function auditActionLabel(action: string): string {
  return auditActionLabels[action as AuditAction] ?? action;
}

/** What the log is asked for: empty values are left out. */
export type AuditFilter = { user: string; action: string; from: string; to: string };

export const AUDIT_PAGE_SIZE = 50;

/** The query string of a filter (and, for the list, its page). */
export function auditQuery(filter: AuditFilter, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...filter, ...extra })) {
    if (v.trim() !== '') q.set(k, v.trim());
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

export function useAuditPage(filter: AuditFilter, page: number) {
  const url = logURL + auditQuery(filter, { page: String(page), pageSize: String(AUDIT_PAGE_SIZE) });
  return useQuery({
    queryKey: [url],
    queryFn: () => loadOr<Paged<AuditEntry>>(url, 'Failed to fetch the audit log'),
    placeholderData: keepPreviousData,
    // The log grows while it is read: opening the tab shows the latest.
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

/** Downloads every entry of the filter as CSV (the token in a header, never a URL). */
export async function downloadAuditCSV(filter: AuditFilter): Promise<string> {
  const res = await adminRequest('GET', logURL + auditQuery(filter, { format: 'csv' }));
  const name = csvFilename(res.headers.get('Content-Disposition'), new Date()).replace(/^leads-/, 'audit-log-');
  saveFile(await res.blob(), name);
  return name;
}
