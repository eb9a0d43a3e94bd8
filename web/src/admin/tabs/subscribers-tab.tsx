import { useState } from 'react';
import { Save } from 'lucide-react';
import { isApiError } from '@/lib/api-client';
import type { NewsletterSettings, Subscriber, SubscriberStatus } from '@/lib/api-types';
import { formatDate } from '@/lib/dates';
import {
  downloadSubscribersCSV,
  subscriberStatusLabels,
  useNewsletterSettings,
  useSaveNewsletterSettings,
  useSubscriberPage,
  type SubscriberFilter,
} from '../lib/subscribers';
import { useDebounced } from '../lib/use-debounced';
import { useMay } from '../lib/users';
import { BusyButton, ExportButton, ListState, PagedList, TabCard } from '../tab-parts';
import { Badge } from '@/components/ui/badge';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { usePage } from '../lib/paging';

const ALL = 'all';
const statusOptions = [{ value: ALL, label: 'All statuses' }, ...Object.entries(subscriberStatusLabels).map(([value, label]) => ({ value, label }))];

const statusVariant: Record<SubscriberStatus, 'success' | 'warning' | 'muted'> = { pending: 'warning', confirmed: 'success', unsubscribed: 'muted' };

/** Where the confirmation e-mail of a pending sign-up stands: sent, or why not yet. */
function confirmationState(s: Subscriber): string {
  const mails = s.deliveries.filter((d) => d.kind === 'confirm');
  const last = mails[mails.length - 1];
  if (!last) return '';
  if (last.status === 'sent') return 'Confirmation e-mail sent';
  if (last.status === 'failed') return `Confirmation e-mail failed: ${last.lastError}`;
  return last.lastError ? `Confirmation e-mail not sent yet: ${last.lastError}` : 'Confirmation e-mail queued';
}

function SubscriberRow({ s }: { s: Subscriber }) {
  const dates = [
    `Signed up ${formatDate(s.createdAt)}`,
    s.confirmedAt && `confirmed ${formatDate(s.confirmedAt)}`,
    s.unsubscribedAt && `unsubscribed ${formatDate(s.unsubscribedAt)}`,
    s.status === 'pending' && s.expiresAt && `deleted unconfirmed ${formatDate(s.expiresAt)}`,
  ].filter(Boolean);
  const mail = s.status === 'pending' ? confirmationState(s) : '';
  return (
    <li aria-label={s.email} className="grid gap-x-4 gap-y-1 px-3 py-3 sm:px-4 lg:grid-cols-[minmax(0,1.4fr)_12rem_minmax(0,1fr)] lg:items-center">
      <p className="min-w-0">
        <span className="block truncate text-sm font-medium text-default">{s.email}</span>
        <span className="block text-xs text-muted">{dates.join(', ')}</span>
      </p>
      <p>
        <Badge variant={statusVariant[s.status]}>{subscriberStatusLabels[s.status]}</Badge>
      </p>
      <p className="min-w-0 text-sm break-words text-body">
        <span className="font-mono text-xs">{s.source || 'No page recorded'}</span>
        {mail && <span className="block text-xs text-muted">{mail}</span>}
      </p>
    </li>
  );
}

function NewsletterSettingsForm({ initial }: { initial: NewsletterSettings }) {
  const [values, setValues] = useState({ webhookUrl: initial.webhookUrl, webhookSecret: initial.webhookSecret });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveNewsletterSettings();
  const aria = (name: string) => ({ 'aria-invalid': errors[name] ? true : undefined, 'aria-describedby': errors[name] ? `newsletter-${name}-error` : undefined });

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const url = values.webhookUrl.trim();
    if (url && (!/^https?:\/\/[^\s/]+/i.test(url) || url.length > 2000)) {
      setErrors({ webhookUrl: 'Use an http:// or https:// address' });
      return;
    }
    setErrors({});
    try {
      // The form starts again from what was saved, showing a secret the server made.
      await save.mutateAsync({ webhookUrl: url, webhookSecret: values.webhookSecret.trim() });
    } catch (err) {
      setErrors(isApiError(err) ? { ...err.fieldErrors } : {});
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField
          id="newsletter-webhookUrl"
          label="Webhook URL"
          error={errors.webhookUrl}
          hint="Each subscriber who confirms (subscriber.confirmed) or unsubscribes (subscriber.unsubscribed) is POSTed here as JSON. Leave empty for none."
        >
          <Input
            id="newsletter-webhookUrl"
            inputMode="url"
            placeholder="https://mail.example.com/hooks/subscribers"
            value={values.webhookUrl}
            onChange={(e) => setValues((v) => ({ ...v, webhookUrl: e.target.value }))}
            {...aria('webhookUrl')}
          />
        </FormField>
        <FormField id="newsletter-webhookSecret" label="Webhook secret" error={errors.webhookSecret} hint="Signs each request (X-Meridian-Signature), as the lead webhook's. Clear it and save to have a new one made.">
          <Input
            id="newsletter-webhookSecret"
            value={values.webhookSecret}
            onChange={(e) => setValues((v) => ({ ...v, webhookSecret: e.target.value }))}
            className="font-mono"
            spellCheck={false}
            autoComplete="off"
            {...aria('webhookSecret')}
          />
        </FormField>
      </div>
      <div className="flex justify-end">
        <BusyButton type="submit" variant="primary" disabled={save.isPending} icon={Save} busy={save.isPending} label="Save Webhook" busyLabel="Saving..." />
      </div>
    </form>
  );
}

/** The webhook that tells the firm's mailing service of the subscribers (administrators). */
function NewsletterSettingsCard() {
  const settings = useNewsletterSettings();
  return (
    <TabCard title="Mailing service" description="Where the site tells the service that sends the newsletter of each subscriber who confirms or leaves.">
      <ListState query={settings} loadingText="Loading the newsletter settings...">
        {settings.data && <NewsletterSettingsForm key={settings.dataUpdatedAt} initial={settings.data} />}
      </ListState>
    </TabCard>
  );
}

/**
 * The newsletter's subscribers (editors and administrators): who signed up
 * from which page, whether they confirmed or left, and when; filtered by
 * status and address, paged, and downloaded as CSV. Every page and every
 * download is in the audit log.
 */
export function SubscribersTab() {
  const [status, setStatus] = useState(ALL);
  const [q, setQ] = useState('');
  const { page, setPage, refine } = usePage();
  const filter: SubscriberFilter = { status: status === ALL ? '' : (status as SubscriberStatus), q: useDebounced(q, 300) };
  const list = useSubscriberPage(filter, page);
  const rows = list.data?.data ?? [];
  const filtered = filter.status !== '' || filter.q.trim() !== '';
  const mayChangeWebhook = useMay('leadSettings');


  return (
    <div className="grid gap-6">
      <TabCard
        title="Newsletter subscribers"
        description="Sign-ups of the newsletter box on /blog and in the footer. A sign-up is confirmed from its e-mail; one not confirmed within 7 days is deleted."
        actions={<ExportButton label="Download CSV" download={() => downloadSubscribersCSV(filter)} failure="Failed to export the subscribers" />}
      >
        <div className="grid gap-4">
          <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_16rem]">
            <FormField id="subscribers-q" label="Search">
              <Input id="subscribers-q" type="search" placeholder="Part of an e-mail address" value={q} onChange={(e) => refine(setQ)(e.target.value)} />
            </FormField>
            <FormField id="subscribers-status" label="Status">
              <Select id="subscribers-status" value={status} onValueChange={refine(setStatus)} options={statusOptions} />
            </FormField>
          </div>
          <PagedList
            query={list}
            label="Subscribers"
            loadingText="Loading the subscribers..."
            emptyText={filtered ? 'No subscribers match these filters.' : 'No one has signed up yet.'}
            columns="grid-cols-[minmax(0,1.4fr)_12rem_minmax(0,1fr)] lg:grid"
            headings={
              <>
                <span>Address and dates</span>
                <span>Status</span>
                <span>Signed up on</span>
              </>
            }
            pagerLabel="Pages of the subscribers"
            page={page}
            onPage={setPage}
          >
            {rows.map((s) => (
              <SubscriberRow key={s.id} s={s} />
            ))}
          </PagedList>
        </div>
      </TabCard>
      {mayChangeWebhook && <NewsletterSettingsCard />}
    </div>
  );
}
