import { useState, type ReactNode } from 'react';
import { apiRequest, isApiError, unreachableMessage } from '@/lib/api-client';
import { useShownAt } from '@/lib/form-timing';
import { useHydrated } from '@/lib/hydrated';

// A simpler test of an address than the server's, as the lead form's: it only spares a round trip.
const looksLikeEmail = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const invalidEmail = 'Enter a valid email address';

type Outcome = { ok: boolean; message: string };

/**
 * Signs an address up for the newsletter (POST /api/newsletter) with the lead
 * form's defences: the honeypot and the time from the form being shown. The
 * server answers every valid address alike, so the message says nothing of
 * whether it was known.
 */
async function subscribe(email: string, website: string, fillMs: number): Promise<Outcome> {
  try {
    const res = await apiRequest('POST', '/api/newsletter', { body: { email, page: window.location.pathname, website, fillMs } });
    const body = (await res.json().catch(() => ({}))) as { message?: unknown };
    return { ok: true, message: typeof body.message === 'string' ? body.message : 'Check your inbox to confirm your subscription.' };
  } catch (err) {
    if (!isApiError(err) || err.status === 0) return { ok: false, message: unreachableMessage };
    if (err.status >= 500) return { ok: false, message: 'Not sent: please try again in a moment.' };
    return { ok: false, message: err.fieldErrors.email ?? err.message };
  }
}

type NewsletterFormProps = {
  /** Starts the ids of the form's fields, unique on the page. */
  idPrefix: string;
  label: ReactNode;
  placeholder: string;
  button: ReactNode;
};

/**
 * The newsletter's sign-up: an address and a button, in the dark boxes of
 * /blog and of the footer. The button waits for React, as the form sends
 * with JavaScript; the outcome is read out where the button is.
 */
export function NewsletterForm({ idPrefix, label, placeholder, button }: NewsletterFormProps) {
  const hydrated = useHydrated();
  const shownAt = useShownAt();
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const emailId = `${idPrefix}-email`;
  const errorId = `${idPrefix}-error`;

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const email = String(data.get('email') ?? '').trim();
    if (!looksLikeEmail.test(email)) {
      setOutcome({ ok: false, message: invalidEmail });
      return;
    }
    setPending(true);
    const sent = await subscribe(email, String(data.get('website') ?? ''), Math.max(0, Date.now() - shownAt.current));
    setPending(false);
    setOutcome(sent);
    if (sent.ok) form.reset();
  }

  const failed = outcome !== null && !outcome.ok;
  return (
    <form noValidate onSubmit={onSubmit} className="relative">
      {/* A trap for scripts that fill every field; people never see it. */}
      <div aria-hidden="true" className="absolute -left-[10000px] size-px overflow-hidden">
        <label htmlFor={`${idPrefix}-website`}>Leave this field empty</label>
        <input id={`${idPrefix}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <label htmlFor={emailId} className="mt-4 block text-sm font-medium">
        {label}
      </label>
      <input
        id={emailId}
        name="email"
        type="email"
        autoComplete="email"
        maxLength={254}
        placeholder={placeholder}
        aria-invalid={failed}
        aria-describedby={failed ? errorId : undefined}
        className="mt-2 block w-full rounded-lg border-0 bg-white px-3.5 py-2.5 text-ink placeholder:text-slate-500"
      />
      <button
        type="submit"
        disabled={!hydrated || pending}
        className="mt-3 w-full rounded-lg bg-brand px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-strong disabled:opacity-70"
      >
        {button}
      </button>
      <p role="status" className="mt-3 text-sm text-slate-200 empty:hidden">
        {outcome?.ok ? outcome.message : ''}
      </p>
      {failed && (
        <p id={errorId} role="alert" className="mt-3 text-sm font-medium text-red-200">
          {outcome.message}
        </p>
      )}
    </form>
  );
}
