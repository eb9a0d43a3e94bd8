// Checking and sending a lead. Loaded only when a visitor submits a form, so
// the schema library costs page visitors nothing.
import * as z from 'zod/mini';
import { leadFields, type Lead, type LeadErrors, type LeadField } from '@/features/leads/lead-fields';
import { readVisit } from '@/features/leads/api/lead-context';
import { apiRequest, isApiError } from '@/lib/api-client';
import { jobTitles, leadForm } from '@/lib/api-contracts';
import type { Choice, FieldRule } from '@/lib/api-types';

const values = (choices: Choice[]) => ['', ...choices.map((c) => c.value)] as [string, ...string[]];

/** A text field checked by its rule, with the server's messages. */
function text(rule: FieldRule) {
  const checks = [];
  if (rule.required) checks.push(z.minLength(1, rule.required));
  if (rule.max) checks.push(z.maxLength(rule.max, rule.tooLong));
  return z.string().check(...checks);
}

/** The rules of POST /api/contact, checked in the browser before sending. */
export function leadSchema(interests: Choice[]) {
  const f = leadForm;
  return z.object({
    firstName: text(f.firstName),
    lastName: text(f.lastName),
    // A simpler test of an address than the server's: it only spares a round trip.
    email: text(f.email).check(z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, f.email.invalid)),
    company: text(f.company),
    jobTitle: z.enum(values(jobTitles), f.jobTitle.invalid),
    aiSolutionInterest: z.enum(values(interests), f.aiSolutionInterest.invalid),
    projectDetails: text(f.projectDetails),
  });
}

export type CheckResult = { ok: true; lead: Lead } | { ok: false; errors: LeadErrors };

/** Trims the values and checks them, giving the first problem of each field. */
export function checkLead(input: Record<string, string>, interests: Choice[]): CheckResult {
  const trimmed = Object.fromEntries(leadFields.map((f) => [f, (input[f] ?? '').trim()]));
  const res = leadSchema(interests).safeParse(trimmed);
  if (res.success) return { ok: true, lead: res.data as Lead };
  const errors: LeadErrors = {};
  for (const issue of res.error.issues) {
    const field = issue.path[0] as LeadField;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** What the form adds to a lead without the visitor typing it; the visit's referrer and UTM come too. */
export type LeadContext = {
  /** Path of the page the form was sent from. */
  page: string;
  /** The honeypot field; people leave it empty. */
  website: string;
  /** Milliseconds from the form being shown to the submit. */
  fillMs: number;
  /** The consent checkbox's wording as shown, once ticked; '' while it is not. */
  consentText: string;
};

/** The consent checkbox must be ticked: its wording goes with the lead. */
export function checkConsent(wording: string): LeadErrors {
  return wording ? {} : { consent: 'Tick the box to agree to the privacy policy.' };
}

/**
 * The version of a consent wording, as the server makes it: the first 16 hex
 * digits of its SHA-256. Undefined where the browser has no Web Crypto (a
 * page not served over HTTPS); the server then makes it.
 */
export async function consentVersion(wording: string): Promise<string | undefined> {
  if (!wording || !globalThis.crypto?.subtle) return undefined;
  const sum = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(wording)));
  return Array.from(sum.slice(0, 8), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The outcome of sending. A failed send is retryable when the request never
 * got an answer or the server failed (5xx): the same lead may go again.
 */
export type SendResult =
  | { ok: true; message: string; bookingToken: string }
  | { ok: false; message: string; errors: LeadErrors; retryable: boolean };

const fallbackError = 'Failed to submit form. Please try again.';

/** Sends the lead; the server's message and field errors come back as data. */
export async function createLead(lead: Lead, context: LeadContext): Promise<SendResult> {
  try {
    const sent = { ...lead, ...readVisit(), ...context, consentVersion: await consentVersion(context.consentText) };
    const res = await apiRequest('POST', '/api/contact', { body: sent });
    const body = (await res.json().catch(() => ({}))) as { message?: unknown; bookingToken?: unknown };
    const message = typeof body.message === 'string' ? body.message : '';
    // The token books the free consultation with the lead's owner (features/booking).
    const bookingToken = typeof body.bookingToken === 'string' ? body.bookingToken : '';
    return { ok: true, message: message || 'Thank you. We will be in touch within 24 hours.', bookingToken };
  } catch (err) {
    // No answer, or "Internal error.", tells a visitor nothing; the wording of SPEC section 8 does.
    if (!isApiError(err) || err.status === 0 || err.status >= 500) return { ok: false, message: fallbackError, errors: {}, retryable: true };
    const errors: LeadErrors = {};
    for (const [k, v] of Object.entries(err.fieldErrors)) {
      if ((leadFields as readonly string[]).includes(k)) errors[k as LeadField] = v;
    }
    return { ok: false, message: err.message || fallbackError, errors, retryable: false };
  }
}
