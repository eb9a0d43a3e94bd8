import { useState } from 'react';
import { Download, Search, Trash2 } from 'lucide-react';
import { toast } from '@/lib/toast-store';
import type { PersonalData } from '@/lib/api-types';
import { isApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/dates';
import { erasePersonalData, exportPersonalData, findPersonalData } from '../lib/privacy';
import { subscriberStatusLabels } from '../lib/subscribers';
import { TabCard } from '../tab-parts';
import { AdminButton } from '@/components/ui/admin-button';
import { Badge } from '@/components/ui/badge';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

function plural(n: number, one: string, many: string) {
  return `${n} ${n === 1 ? one : many}`;
}

/** What is held, in a line: "2 leads, 1 newsletter subscription, 1 application, 3 audit entries and 1 failed sign-in" (the subscription and applications only when there are some). */
function heldText(d: PersonalData) {
  const newsletter = d.subscribers.length > 0 ? `${plural(d.subscribers.length, 'newsletter subscription', 'newsletter subscriptions')}, ` : '';
  const applications = d.applications.length > 0 ? `${plural(d.applications.length, 'application', 'applications')} (with the CV), ` : '';
  return `${plural(d.leads.length, 'lead', 'leads')}, ${newsletter}${applications}${plural(d.auditEntries.length, 'audit entry', 'audit entries')} and ${plural(d.loginAttempts, 'failed sign-in', 'failed sign-ins')}`;
}

/**
 * The privacy requests of a person (administrators only): find everything
 * held about an e-mail address, hand it over as JSON, or erase it. Every
 * search, export and erasure is in the audit log.
 */
export function PrivacyTab() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [found, setFound] = useState<PersonalData | null>(null);
  const [confirming, setConfirming] = useState(false);

  async function run<T>(work: () => Promise<T>, failure: string): Promise<T | undefined> {
    setBusy(true);
    setError('');
    try {
      return await work();
    } catch (err) {
      const why = isApiError(err) ? (err.fieldErrors.email ?? err.message) : '';
      setError(why || failure);
      if (!isApiError(err) || !err.fieldErrors.email) toast({ title: 'Error', description: why || failure, variant: 'destructive' });
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  async function search(e: React.FormEvent) {
    e.preventDefault();
    const data = await run(() => findPersonalData(email), 'Failed to search');
    if (data) setFound(data);
  }

  async function exportJSON() {
    if (!found) return;
    const name = await run(() => exportPersonalData(found.email), 'Failed to export');
    if (name) toast({ title: 'Success', description: `Exported ${name}` });
  }

  async function erase() {
    if (!found) return;
    const done = await run(() => erasePersonalData(found.email), 'Failed to erase');
    if (!done) return;
    const newsletter = done.subscribers > 0 ? `, ${plural(done.subscribers, 'newsletter subscription', 'newsletter subscriptions')}` : '';
    const applications = done.applications > 0 ? `, ${plural(done.applications, 'application', 'applications')}` : '';
    toast({ title: 'Erased', description: `${plural(done.leads, 'lead', 'leads')}${newsletter}${applications} and ${plural(done.auditEntries, 'audit entry', 'audit entries')} of ${found.email}` });
    // Not searched again: a search is an entry about the address, which
    // would put it back in the database.
    setFound({ email: found.email, leads: [], subscribers: [], applications: [], auditEntries: [], loginAttempts: 0 });
  }

  const nothing =
    found && found.leads.length === 0 && found.subscribers.length === 0 && found.applications.length === 0 && found.auditEntries.length === 0 && found.loginAttempts === 0;
  return (
    <TabCard title="Privacy requests" description="Find everything the site holds about a person by their e-mail address, hand it to them as JSON, or erase it.">
      <div className="grid gap-6">
        <form onSubmit={(e) => void search(e)} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="min-w-0 flex-1">
            <FormField id="privacy-email" label="E-mail address" error={error}>
              <Input
                id="privacy-email"
                type="email"
                placeholder="name@company.com"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'privacy-email-error' : undefined}
              />
            </FormField>
          </div>
          <AdminButton type="submit" variant="primary" disabled={busy}>
            <Search aria-hidden="true" />
            Search
          </AdminButton>
        </form>

        {found && (
          <section aria-label={`Held about ${found.email}`} className="grid gap-4 rounded-lg border border-default p-4">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <h3 className="font-semibold break-words text-default">{found.email}</h3>
                <p role="status" className="text-sm text-body">
                  {nothing ? 'Nothing is held about this address (any more).' : `Held: ${heldText(found)}.`}
                </p>
              </div>
              {!nothing && (
                <div className="flex flex-wrap gap-2">
                  <AdminButton variant="outline" onClick={() => void exportJSON()} disabled={busy}>
                    <Download aria-hidden="true" />
                    Export JSON
                  </AdminButton>
                  <AdminButton variant="destructive" onClick={() => setConfirming(true)} disabled={busy}>
                    <Trash2 aria-hidden="true" />
                    Erase
                  </AdminButton>
                </div>
              )}
            </div>
            {found.leads.length > 0 && (
              <ul aria-label="Leads" className="divide-y divide-subtle rounded-lg border border-subtle">
                {found.leads.map((l) => (
                  <li key={l.id} className="grid gap-1 px-3 py-2.5 text-sm sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center sm:gap-4">
                    <span className="min-w-0">
                      <span className="font-medium text-default">
                        {l.firstName} {l.lastName}
                      </span>
                      <span className="text-muted"> · {l.company}</span>
                      <span className="block text-xs text-muted">Received {formatDate(l.createdAt)}</span>
                    </span>
                    <span className="justify-self-start">
                      {l.consentText ? <Badge variant="success">Consent {l.consentVersion}</Badge> : <Badge variant="muted">No consent wording recorded</Badge>}
                    </span>
                  </li>
                ))}
              </ul>
            )}
            {found.subscribers.length > 0 && (
              <ul aria-label="Newsletter" className="divide-y divide-subtle rounded-lg border border-subtle">
                {found.subscribers.map((s) => (
                  <li key={s.id} className="grid gap-1 px-3 py-2.5 text-sm sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center sm:gap-4">
                    <span className="min-w-0">
                      <span className="font-medium text-default">Newsletter subscription</span>
                      <span className="text-muted"> · from {s.source || 'an unknown page'}</span>
                      <span className="block text-xs text-muted">Signed up {formatDate(s.createdAt)}</span>
                    </span>
                    <span className="justify-self-start">
                      <Badge variant={s.status === 'confirmed' ? 'success' : 'muted'}>{subscriberStatusLabels[s.status]}</Badge>
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title={found ? `Erase everything held about ${found.email}?` : ''}
        description="Its leads, their notes, activity and notifications, its newsletter subscription and its failed sign-ins are deleted; the audit log keeps its entries without the address. The database is then compacted so no copy is left. This cannot be undone: export first if they asked for their data."
        cancelLabel="Keep it"
        confirmLabel="Erase"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void erase();
        }}
      />
    </TabCard>
  );
}
