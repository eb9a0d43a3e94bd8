// Invitations: an administrator offers an account by a single-use link; the
// person who opens it sets their password, which creates the account. The
// link's token travels in the address's fragment, never to a server log.
import { apiData } from '@/lib/api-client';
import type { Invitation, InvitationCheck, InvitationLink, Role, StaffUser } from '@/lib/api-types';
import { adminData, adminRequest, useLoaded, useWrite } from './admin-api';

const invitationsURL = '/api/admin/invitations';

/** The invitations not used yet, expired ones included. */
export function useInvitations() {
  return useLoaded<Invitation[]>(invitationsURL, 'Failed to fetch invitations');
}

export function useCreateInvitation() {
  return useWrite(invitationsURL, (body: { username: string; role: Role; email?: string }) => adminData<InvitationLink>('POST', invitationsURL, { body }));
}

/** A new link for an invitation; the old one stops working. */
export function useRenewInvitation() {
  return useWrite(invitationsURL, (id: number) => adminData<InvitationLink>('POST', `${invitationsURL}/${id}/renew`));
}

export function useWithdrawInvitation() {
  return useWrite(invitationsURL, (id: number) => adminRequest('DELETE', `${invitationsURL}/${id}`));
}

/** Whether an invitation's link no longer works at now. */
export function invitationExpired(inv: Pick<Invitation, 'expiresAt'>, now = Date.now()): boolean {
  return Date.parse(inv.expiresAt) <= now;
}

/** The token of the invitation link this page was opened with, or ''. */
export function invitationToken(hash: string): string {
  return decodeURIComponent(hash.replace(/^#/, '')).trim();
}

// The token goes in the body of these requests, never in their address,
// which server and proxy logs keep.

/** Whose account the link offers; throws the reason it cannot be used. */
export function checkInvitation(token: string): Promise<InvitationCheck> {
  return apiData<InvitationCheck>('POST', `${invitationsURL}/check`, { body: { token } });
}

/** Sets the invited account's password, which creates it. */
export function acceptInvitation(token: string, password: string): Promise<StaffUser> {
  return apiData<StaffUser>('POST', `${invitationsURL}/accept`, { body: { token, password } });
}

