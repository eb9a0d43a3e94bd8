import { useState } from 'react';
import { toast } from '@/features/toast/toast-store';
import type { Choice, LeadErrors } from '@/features/leads/lead-choices';

/**
 * Submitting a lead form: checks the values in the browser, sends them, and
 * reports the outcome with the toasts of SPEC section 8. Resolves to true when
 * the server took the lead.
 */
export function useCreateLead(interests: Choice[]) {
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<LeadErrors>({});

  async function submit(values: Record<string, string>): Promise<boolean> {
    setPending(true);
    try {
      const { checkLead, createLead } = await import('@/features/leads/api/create-lead');
      const checked = checkLead(values, interests);
      if (!checked.ok) {
        setErrors(checked.errors);
        return false;
      }
      setErrors({});
      const sent = await createLead(checked.lead);
      if (sent.ok) {
        toast({ title: 'Success!', description: sent.message });
        return true;
      }
      setErrors(sent.errors);
      toast({ title: 'Error', description: sent.message, variant: 'destructive' });
      return false;
    } catch {
      toast({ title: 'Error', description: 'Failed to submit form. Please try again.', variant: 'destructive' });
      return false;
    } finally {
      setPending(false);
    }
  }

  return { submit, pending, errors, clearErrors: () => setErrors({}) };
}
