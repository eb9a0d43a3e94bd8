// The signed-in user's role, the staff accounts (Users tab) and the own
// account (password, sessions). The server enforces every rule; the admin
// only hides what the role may not use.
import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { readAdminToken, readAdminUser, writeAdminSession } from '@/features/editable-text/edit-mode';
import { rolePermissions } from './admin-contracts';
import type { AccountSession, Me, Permission, Role, StaffUser, UserStatus } from '@/lib/api-types';
import { adminData, adminRequest, useLoaded, useWrite } from './admin-api';

const meURL = '/api/admin/me';
const usersURL = '/api/admin/users';
const sessionsURL = '/api/admin/account/sessions';

/** Whether the role holds the permission, by the server's matrix. */
export function roleMay(role: Role | undefined, p: Permission): boolean {
  return role !== undefined && rolePermissions[role]?.includes(p) === true;
}

export const roleLabels: Record<Role, string> = { admin: 'Administrator', editor: 'Editor', sales: 'Sales', recruiter: 'Recruiter' };
export const roleHints: Record<Role, string> = {
  admin: 'Everything, users included.',
  editor: 'Content, pages, media, menu, footer, testimonials, site settings and in-place editing.',
  sales: 'The lead inbox: its notes, statuses and export.',
  recruiter: 'The careers: the open positions and the applications to them.',
};

/**
 * The signed-in user as the server knows them now. The stored user's
 * isAdmin (which the public site reads for in-place editing) follows it.
 */
export function useMe() {
  const me = useQuery({
    queryKey: [meURL],
    queryFn: () => adminData<Me>('GET', meURL),
    staleTime: 60_000,
  });
  const data = me.data;
  useEffect(() => {
    if (!data) return;
    const stored = readAdminUser();
    const token = readAdminToken();
    if (token && stored && (stored.isAdmin !== data.isAdmin || stored.username !== data.username)) {
      writeAdminSession(token, { id: data.id, username: data.username, isAdmin: data.isAdmin });
    }
  }, [data]);
  return me;
}

/** Sets the signed-in user's e-mail address; a new one waits for the link mailed to it. "" removes it. */
export function useSetAccountEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => adminData<Me>('PUT', '/api/admin/account/email', { body: { email } }),
    onSuccess: (saved) => client.setQueryData([meURL], saved),
  });
}

/** Whether the signed-in user's role holds p (false until the role is known). */
export function useMay(p: Permission): boolean {
  return roleMay(useMe().data?.role, p);
}

export function useUsers() {
  return useLoaded<StaffUser[]>(usersURL, 'Failed to fetch users');
}

export type NewUser = { username: string; password: string; role: Role };

export function useCreateUser() {
  return useWrite(usersURL, (user: NewUser) => adminData<StaffUser>('POST', usersURL, { body: user }));
}

export function useUpdateUser() {
  return useWrite(
    usersURL,
    ({ id, ...change }: { id: number; role: Role; status: UserStatus; takesLeads?: boolean; leadInterests?: string[]; publisher?: boolean }) =>
      adminData<StaffUser>('PUT', `${usersURL}/${id}`, { body: change }),
  );
}

export function useResetPassword() {
  return useMutation({
    mutationFn: ({ id, password }: { id: number; password: string }) => adminRequest('POST', `${usersURL}/${id}/reset-password`, { body: { password } }),
  });
}

export function useAccountSessions() {
  return useLoaded<AccountSession[]>(sessionsURL, 'Failed to fetch your sessions');
}

/** Ends one of the own sessions, or (without an id) every one but this. */
export function useEndSessions() {
  return useWrite(sessionsURL, (id?: number) => adminRequest('DELETE', id === undefined ? sessionsURL : `${sessionsURL}/${id}`));
}

export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) => adminRequest('PUT', '/api/admin/account/password', { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: [sessionsURL] }),
  });
}

/** Password lengths, as the server checks them. */
export const minPassword = 8;
export const maxPassword = 256;
export const maxUsername = 64;

/** The message of a new password that breaks the rules, or ''. */
export function passwordProblem(pw: string): string {
  const n = [...pw].length;
  if (n < minPassword) return `Password must be at least ${minPassword} characters.`;
  if (n > maxPassword) return `Password must be at most ${maxPassword} characters.`;
  return '';
}

/** The message of a username that breaks the rules, or ''. */
export function usernameProblem(name: string): string {
  const n = name.trim();
  if (!n) return 'Username is required.';
  if ([...n].length > maxUsername) return `Username must be at most ${maxUsername} characters.`;
  if (!/^[A-Za-z0-9._@-]+$/.test(n)) return 'Username may hold only letters, digits and . _ - @ (no spaces).';
  return '';
}
