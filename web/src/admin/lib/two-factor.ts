// Two-factor sign-in (TOTP): the own account's enrolment and status, the
// second step of the sign-in, an administrator's reset and the setting
// that requires it of all staff. The server checks every code.
import { useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { LoginStep, SecuritySettings, SignedIn, SignedInEnrolled, StaffUser, TwoFactorEnrolment, TwoFactorStatus } from '@/lib/api-types';
import { adminData, adminRequest, useLoaded, useSave, useWrite } from './admin-api';

const accountURL = '/api/admin/account/2fa';
const securityURL = '/api/admin/security-settings';
const usersURL = '/api/admin/users';

/** The longest code a field takes (a recovery code is 19 with its dashes). */
export const maxCode = 64;

/** The login's answer: signed in, or a second step to take with the challenge. */
export type LoginAnswer = SignedIn | LoginStep;

/** Sends the code (of the app, or a recovery code) of a sign-in's second step. */
export async function sendLoginCode(challenge: string, code: string): Promise<SignedIn> {
  const res = await apiRequest('POST', '/api/admin/login/2fa', { body: { challenge, code } });
  return (await res.json()) as SignedIn;
}

/** Starts the enrolment a sign-in requires, before any session. */
export async function startLoginEnrolment(challenge: string): Promise<TwoFactorEnrolment> {
  const res = await apiRequest('POST', '/api/admin/login/2fa/enrol', { body: { challenge } });
  return ((await res.json()) as { data: TwoFactorEnrolment }).data;
}

/** Confirms that enrolment: the session and the recovery codes. */
export async function confirmLoginEnrolment(challenge: string, code: string): Promise<SignedInEnrolled> {
  const res = await apiRequest('POST', '/api/admin/login/2fa/enrol/confirm', { body: { challenge, code } });
  return (await res.json()) as SignedInEnrolled;
}

export function useTwoFactorStatus() {
  return useLoaded<TwoFactorStatus>(accountURL, 'Failed to fetch your two-factor sign-in');
}

export function startEnrolment(): Promise<TwoFactorEnrolment> {
  return adminData<TwoFactorEnrolment>('POST', accountURL);
}

export async function confirmEnrolment(code: string): Promise<string[]> {
  return (await adminData<{ recoveryCodes: string[] }>('POST', `${accountURL}/confirm`, { body: { code } })).recoveryCodes;
}

/** Turns the own two-factor sign-in off, given the password or a code. */
export function useTurnOffTwoFactor() {
  return useWrite(accountURL, (body: { password: string } | { code: string }) => adminRequest('DELETE', accountURL, { body }));
}

/** Replaces the own recovery codes with ten new ones, given the password or a code. */
export function useRenewRecoveryCodes() {
  return useWrite(accountURL, async (body: { password: string } | { code: string }) =>
    (await adminData<{ recoveryCodes: string[] }>('POST', `${accountURL}/recovery-codes`, { body })).recoveryCodes,
  );
}

/** An administrator turns another user's two-factor sign-in off. */
export function useResetTwoFactor() {
  return useWrite(usersURL, (id: number) => adminData<StaffUser>('DELETE', `${usersURL}/${id}/2fa`));
}

export function useSecuritySettings() {
  return useLoaded<SecuritySettings>(securityURL, 'Failed to fetch the sign-in settings');
}

export function useUpdateSecuritySettings() {
  const client = useQueryClient();
  return useSave<SecuritySettings, SecuritySettings>(securityURL, { onSaved: () => void client.invalidateQueries({ queryKey: [accountURL] }) });
}

/** The secret in groups of four, easier to type by hand. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** The recovery codes as a text file. */
export function recoveryCodesText(codes: string[], account: string, site: string): string {
  return [
    `Recovery codes of ${account} for ${site}`,
    '',
    'Each code signs you in once, in place of the code of your authenticator app.',
    'Keep them somewhere safe, apart from your phone.',
    '',
    ...codes,
    '',
  ].join('\n');
}
