import { useState } from 'react';
import { toast } from '@/lib/toast-store';
import type { LeadErrors } from '@/features/leads/lead-fields';
import type { Choice } from '@/lib/api-types';
import type { LeadContext } from '@/features/leads/api/create-lead';

/** Why the last send failed, when it was not the values: shown beside the button. */
export type SendFailure = { message: string; retryable: boolean };

const fallbackError = 'Failed to submit form. Please try again.';

/** A lead the server took: the token that books its consultation ('' when none came). */
export type SentLead = { bookingToken: string };

/**
 * Submitting a lead form: checks the values in the browser, sends them, and
 * reports the outcome with the toasts of SPEC section 8. Resolves to the sent
 * lead when the server took it, else to null.
 */
export function useCreateLead(interests: Choice[]) {
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<LeadErrors>({});
  const [failure, setFailure] = useState<SendFailure | null>(null);

  async function submit(values: Record<string, string>, context: LeadContext): Promise<SentLead | null> {
    setPending(true);
    setFailure(null);
    try {
      const { checkConsent, checkLead, createLead } = await import('@/features/leads/api/create-lead');
      const checked = checkLead(values, interests);
      const invalid = { ...(checked.ok ? {} : checked.errors), ...checkConsent(context.consentText) };
      if (!checked.ok || invalid.consent) {
        setErrors(invalid);
        return null;
      }
      setErrors({});
      const sent = await createLead(checked.lead, context);
      if (sent.ok) {
        toast({ title: 'Success!', description: sent.message });
        return { bookingToken: sent.bookingToken };
      }
      setErrors(sent.errors);
      if (Object.keys(sent.errors).length === 0) setFailure({ message: sent.message, retryable: sent.retryable });
      toast({ title: 'Error', description: sent.message, variant: 'destructive' });
      return null;
    } catch {
      // The checking code could not load: the connection is gone.
      setFailure({ message: fallbackError, retryable: true });
      toast({ title: 'Error', description: fallbackError, variant: 'destructive' });
      return null;
    } finally {
      setPending(false);
    }
  }

  return { submit, pending, errors, failure };
}
