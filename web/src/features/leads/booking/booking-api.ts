// The public booking routes (docs/LEADS.md, "Booking a consultation"): the
// open slots of a lead's owner, the booking by the lead's token, and the look
// up, move and cancel of a meeting by its own token. Tokens travel in the
// body or as the lead's parameter, never in a page's address.
import { apiData, unreachableMessage } from '@/lib/api-client';
import type { BookedMeeting, ManagedMeeting, Slot } from '@/lib/api-types';

/** The open slots of the owner of the lead of token, on the next days. */
export function loadSlots(token: string, timeZone: string, days = 14): Promise<Slot[]> {
  const q = new URLSearchParams({ days: String(days), tz: timeZone, lead: token });
  return apiData<Slot[]>('GET', `/api/public/slots?${q}`);
}

/** Books the slot that starts at start; the visitor's time zone dates their e-mail. */
export function bookSlot(token: string, start: string, timeZone: string): Promise<BookedMeeting> {
  return apiData<BookedMeeting>('POST', '/api/public/bookings', { body: { bookingToken: token, start, timeZone } });
}

/** The meeting of a manage link's token, with the times it may move to. */
export function lookupMeeting(token: string): Promise<ManagedMeeting> {
  return apiData<ManagedMeeting>('POST', '/api/public/meetings/lookup', { body: { token } });
}

/** Moves the meeting of token to start. */
export function moveMeeting(token: string, start: string): Promise<BookedMeeting> {
  return apiData<BookedMeeting>('POST', '/api/public/meetings/reschedule', { body: { token, start } });
}

/** Cancels the meeting of token. */
export function cancelMeeting(token: string): Promise<BookedMeeting> {
  return apiData<BookedMeeting>('POST', '/api/public/meetings/cancel', { body: { token } });
}

/** What a failed booking request says to the visitor: the server's message, else that it could not be reached. */
export function failureMessage(err: unknown): string {
  return err instanceof Error && err.message ? err.message : unreachableMessage;
}
