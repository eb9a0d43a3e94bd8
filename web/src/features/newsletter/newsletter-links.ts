// The pages of the newsletter's links post the link's token: the link itself
// (opened by any mail scanner) changes nothing.
import { apiData, isApiError, unreachableMessage } from '@/lib/api-client';
import type { Subscription } from '@/lib/api-types';

export type LinkAction = 'confirm' | 'unsubscribe';

export type LinkOutcome = { ok: true; subscription: Subscription } | { ok: false; message: string };

/** The token of the link the page was opened with, '' when it has none; read in the browser only. */
export function linkToken(): string {
  return new URLSearchParams(window.location.search).get('token') ?? '';
}

/** Confirms or ends the subscription of the token; the server's message when it cannot. */
export async function postLink(action: LinkAction, token: string): Promise<LinkOutcome> {
  try {
    return { ok: true, subscription: await apiData<Subscription>('POST', `/api/newsletter/${action}`, { body: { token } }) };
  } catch (err) {
    if (!isApiError(err) || err.status === 0) return { ok: false, message: unreachableMessage };
    if (err.status >= 500) return { ok: false, message: 'Something went wrong on our side: please try again in a moment.' };
    return { ok: false, message: err.message };
  }
}
