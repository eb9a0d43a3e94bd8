import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast-store';
import { mailForm } from './admin-contracts';
import type { MailSettings, MailTestResult, MailTLS } from '@/lib/api-types';
import { isApiError } from '@/lib/api-client';
import { adminData, useLoaded, useSave } from './admin-api';
import { failureText } from './leads';

// The mail server's side of the API: the settings (the environment's or the
// saved ones, never a password), their save and a test e-mail.

export const mailSettingsURL = '/api/admin/mail-settings';

/** The form's values, as typed. */
export type MailValues = {
  host: string;
  port: string;
  username: string;
  /** A new password; empty keeps the saved one. */
  password: string;
  /** Remove the saved password. */
  clearPassword: boolean;
  from: string;
  tls: MailTLS;
};

/** What PUT and the test's settings take: the settings, with a new password or none. */
export type MailSettingsBody = Pick<MailSettings, 'host' | 'port' | 'username' | 'from' | 'tls'> & { password: string; clearPassword: boolean };

/** The form's values of the settings as the server answered them. */
export function mailValues(s: MailSettings): MailValues {
  return { host: s.host, port: String(s.port), username: s.username, password: '', clearPassword: false, from: s.from, tls: s.tls };
}

const emailPattern = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>".]+$/;
const hostPattern = /^(\[?[0-9a-fA-F:.]+\]?|[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?(?:\.[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?)*)$/;

/** The body of the values, or the problems of each field, with the server's messages. */
export function checkMailSettings(v: MailValues): { ok: true; body: MailSettingsBody } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const host = v.host.trim();
  const username = v.username.trim();
  const from = v.from.trim();
  const portText = v.port.trim();
  const port = portText === '' ? mailForm.defaultPort : Number(portText);
  if (host.length > (mailForm.host.max ?? 0)) errors.host = mailForm.host.tooLong ?? '';
  else if (host && !hostPattern.test(host)) errors.host = mailForm.host.invalid ?? '';
  if (!/^\d+$/.test(portText || '0') || !Number.isInteger(port) || port < 1 || port > 65535) errors.port = mailForm.port.invalid ?? '';
  if (username.length > (mailForm.username.max ?? 0)) errors.username = mailForm.username.tooLong ?? '';
  if (v.password.length > (mailForm.password.max ?? 0)) errors.password = mailForm.password.tooLong ?? '';
  else if (v.password && !username) errors.password = mailForm.password.invalid ?? '';
  if (host && !from) errors.from = mailForm.from.required ?? '';
  else if (from && (from.length > (mailForm.from.max ?? 0) || !emailPattern.test(from))) errors.from = mailForm.from.invalid ?? '';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    body: { host, port, username, password: v.password, clearPassword: v.clearPassword && !v.password, from, tls: v.tls },
  };
}

/** Whether a failed save is the server's check of the mail server, which the administrator may override. */
export function isCheckFailure(err: unknown): boolean {
  return isApiError(err, 502) && Boolean(err.fieldErrors.server);
}

export function useMailSettings(enabled = true) {
  return useLoaded<MailSettings>(mailSettingsURL, 'Failed to fetch mail settings', enabled);
}

/**
 * Saves the mail server; with force, though its check fails. Rejects with the
 * server's error, so the form can show it or ask to save anyway.
 */
export function useSaveMailSettings() {
  const client = useQueryClient();
  return useSave<{ body: MailSettingsBody; force: boolean }, MailSettings>(mailSettingsURL, {
    body: ({ body, force }) => ({ ...body, force }),
    onSaved: () => {
      // The lead settings and the checklist say whether e-mail is set up.
      void client.invalidateQueries({ queryKey: ['/api/admin/lead-settings'] });
      void client.invalidateQueries({ queryKey: ['/api/admin/health'] });
      toast({ title: 'Success', description: 'Mail server settings saved' });
    },
    onError: (err) => {
      if (isCheckFailure(err) || (isApiError(err, 400) && err.hasFieldErrors)) return;
      toast({ title: 'Error', description: failureText(err, 'Failed to save the mail settings'), variant: 'destructive' });
    },
  });
}

/** Sends a test e-mail through the settings given (the form's), or the ones in effect. */
export function useSendTestMail() {
  return useMutation({
    mutationFn: ({ to, settings }: { to: string; settings?: MailSettingsBody }) =>
      adminData<MailTestResult>('POST', `${mailSettingsURL}/test`, { body: { to: to.trim(), settings } }),
  });
}
