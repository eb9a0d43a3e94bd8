import { useCallback, useId, useState } from 'react';
import { Mail, RefreshCw, ShieldAlert, ShieldCheck, Webhook } from 'lucide-react';
import { toast } from '@/lib/toast-store';
import { jobTitles } from '@/lib/api-contracts';
import {
  failureText,
  interestLabel,
  leadClock,
  leadStatuses,
  newerLead,
  statusLabel,
  useLead,
  useLeadOwners,
  useResendLead,
  useUpdateLead,
  type LeadChange,
} from '../lib/leads';
import { leadTimeline } from '../lib/lead-activity';
import { clearDraft, timelineTextId } from '../lib/timeline';
import { useMay, useMe } from '../lib/users';
import { Timeline } from './timeline';
import { BusyButton } from '../tab-parts';
import type { Delivery, Lead, LeadActivity, LeadStatus } from '@/lib/api-types';
import { cn } from '@/lib/cn';
import { formatDate, formatSpan } from '@/lib/dates';
import { AdminButton } from '@/components/ui/admin-button';
import { Badge } from '@/components/ui/badge';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Select } from '@/components/ui/select';
import { FormField } from '@/components/ui/form-field';

const statusVariant: Record<LeadStatus, 'info' | 'warning' | 'accent' | 'success' | 'muted'> = {
  new: 'info',
  contacted: 'warning',
  qualified: 'accent',
  won: 'success',
  lost: 'muted',
};

export function StatusBadge({ status }: { status: LeadStatus }) {
  return <Badge variant={statusVariant[status] ?? 'muted'}>{statusLabel(status)}</Badge>;
}

/** A term and its value; an empty value reads as a dash, for sighted and screen reader users alike. */
function Item({ term, children, wide }: { term: string; children: React.ReactNode; wide?: boolean }) {
  const empty = children === '' || children === null || children === undefined;
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-xs font-medium tracking-wide text-muted uppercase">{term}</dt>
      <dd className="mt-0.5 text-sm break-words text-default">{empty ? <span className="text-muted">None</span> : children}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid min-w-0 gap-3 border-t border-subtle pt-4 [&>*]:min-w-0">
      <h3 id={id} className="text-sm font-semibold text-default">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** What a staff e-mail of a lead tells, by its kind. */
const deliveryKinds: Record<Delivery['kind'], string> = {
  lead: 'Notification',
  owner: 'New lead, to staff',
  reminder: 'Reminder at half the response time',
  overdue: 'Alert once overdue',
  meeting: 'Consultation invitation',
  confirm: 'Newsletter confirmation',
  subscribed: 'Subscriber confirmed, to the mailing service',
  unsubscribed: 'Subscriber left, to the mailing service',
  application: 'Application, to a recruiter',
  'application-ack': 'Application received, to the applicant',
};

function DeliveryRow({ d }: { d: Delivery }) {
  const Icon = d.channel === 'email' ? Mail : Webhook;
  let state: React.ReactNode;
  if (d.status === 'sent') {
    state = (
      <>
        <Badge variant="success">Sent</Badge>
        {d.sentAt && <span className="text-xs text-muted">{formatDate(d.sentAt)}</span>}
      </>
    );
  } else if (d.status === 'retrying') {
    state = (
      <>
        <Badge variant="warning">Retrying</Badge>
        <span className="text-xs text-muted">
          {d.nextAttemptAt ? `Next attempt ${formatDate(d.nextAttemptAt)}` : 'Next attempt soon'} · {d.attempts} {d.attempts === 1 ? 'attempt' : 'attempts'}
        </span>
      </>
    );
  } else if (d.status === 'failed') {
    state = (
      <>
        <Badge variant="danger">Failed</Badge>
        <span className="text-xs text-muted">
          after {d.attempts} {d.attempts === 1 ? 'attempt' : 'attempts'}
        </span>
      </>
    );
  } else if (d.nextAttemptAt && Date.parse(d.nextAttemptAt) > Date.now()) {
    state = (
      <>
        <Badge variant="muted">Scheduled</Badge>
        <span className="text-xs text-muted">{formatDate(d.nextAttemptAt)}</span>
      </>
    );
  } else {
    state = <Badge variant="muted">Pending</Badge>;
  }
  return (
    <li className="grid min-w-0 gap-1.5 rounded-lg border border-default px-3 py-2.5">
      <div className="flex min-w-0 flex-wrap items-center justify-between gap-2">
        <p className="flex min-w-0 items-center gap-2 text-sm text-default">
          <Icon className="size-4 shrink-0 text-muted" aria-hidden="true" />
          <span className="sr-only">{d.channel === 'email' ? 'Email to' : 'Webhook to'}</span>
          <span className="min-w-0">
            {d.kind !== 'lead' && <span className="block text-xs font-medium text-muted">{deliveryKinds[d.kind]}</span>}
            <span className="block truncate" title={d.target}>
              {d.target}
            </span>
          </span>
        </p>
        <p className="flex flex-wrap items-center gap-2">{state}</p>
      </div>
      {d.lastError && d.status !== 'sent' && (
        <p className="rounded-md bg-danger-soft px-2 py-1 font-mono text-xs wrap-anywhere text-danger">Last error: {d.lastError}</p>
      )}
    </li>
  );
}

/** A stored code beside the label the visitor saw for it; the code alone when it is none of the form's choices. */
function Labelled({ label, code }: { label: string; code: string }) {
  if (!code) return null;
  if (!label || label === code) return <span className="font-mono text-[13px]">{code}</span>;
  return (
    <>
      {label} <span className="font-mono text-xs text-muted">({code})</span>
    </>
  );
}

/** Who answers the lead; changing it gives the lead to another user who may work on leads. */
function OwnerField({ lead, disabled, onChange }: { lead: Lead; disabled: boolean; onChange: (ownerId: number, label: string) => void }) {
  const owners = useLeadOwners(!disabled);
  const options = [
    { value: '0', label: 'No owner' },
    ...(owners.data ?? []).map((o) => ({ value: String(o.id), label: o.username })),
  ];
  // The current owner is an option even before the list loads, or once they can own leads no more.
  if (lead.ownerId && !options.some((o) => o.value === String(lead.ownerId))) options.push({ value: String(lead.ownerId), label: lead.ownerName });
  return (
    <FormField id="lead-owner" label="Owner">
      {disabled ? (
        <p id="lead-owner" className="text-sm text-default">
          {lead.ownerName || 'No owner'}
        </p>
      ) : (
        <Select
          id="lead-owner"
          value={String(lead.ownerId ?? 0)}
          options={options}
          onValueChange={(v) => {
            const id = Number(v);
            onChange(id, id === 0 ? 'The lead has no owner now' : `Lead given to ${options.find((o) => o.value === v)?.label ?? 'them'}`);
          }}
        />
      )}
    </FormField>
  );
}

/** When the first reply is due, and whether it was given in time. */
function ResponseClock({ lead }: { lead: Lead }) {
  const [now] = useState(() => Date.now());
  const clock = leadClock(lead, now);
  if (clock.state === 'none') return null;
  const text =
    clock.state === 'answered'
      ? `First reply ${formatDate(lead.firstResponseAt)}, ${formatSpan(clock.ms)} after it arrived${lead.dueAt && lead.firstResponseAt && Date.parse(lead.firstResponseAt) > Date.parse(lead.dueAt) ? ' (late)' : ''}.`
      : clock.state === 'overdue'
        ? `First reply overdue by ${formatSpan(clock.ms)}: it was due ${formatDate(lead.dueAt)}.`
        : `First reply due ${formatDate(lead.dueAt)}, in ${formatSpan(clock.ms)}.`;
  return (
    <p className={cn('rounded-lg px-3 py-2 text-sm', clock.state === 'overdue' ? 'bg-danger-soft text-danger' : 'bg-surface-muted text-body')}>
      {text}
    </p>
  );
}

type LeadBodyProps = {
  lead: Lead;
  onChanged: (lead: Lead) => void;
  activity: LeadActivity[] | undefined;
  onActivity: (next: LeadActivity[]) => void;
  onDirtyChange: (dirty: boolean) => void;
};

function LeadBody({ lead, onChanged, activity, onActivity, onDirtyChange }: LeadBodyProps) {
  const isAdmin = useMay('leads');
  const mayDelete = useMay('leadActivityDelete');
  const me = useMe().data;
  const update = useUpdateLead();
  const resend = useResendLead();
  const name = `${lead.firstName} ${lead.lastName}`;
  const jobLabel = lead.jobTitleLabel || jobTitles.find((j) => j.value === lead.jobTitle)?.label || '';
  const interest = lead.aiSolutionInterestLabel || (lead.aiSolutionInterest ? interestLabel(lead.aiSolutionInterest) : '');
  const job = jobLabel || lead.jobTitle;

  async function change(c: LeadChange) {
    const saved = await update.mutateAsync({ id: lead.id, change: c });
    onChanged(saved);
    return saved;
  }

  async function quick(c: LeadChange, success: string, failure: string) {
    try {
      await change(c);
      toast({ title: 'Success', description: success });
    } catch (err) {
      toast({ title: 'Error', description: failureText(err, failure), variant: 'destructive' });
    }
  }

  return (
    <>
      <div className="grid gap-1 pr-8">
        <div className="flex flex-wrap items-center gap-2">
          <DialogTitle>{name}</DialogTitle>
          <StatusBadge status={lead.status} />
          {lead.spam && <Badge variant="danger">Spam</Badge>}
        </div>
        <DialogDescription>
          {[job, lead.company].filter(Boolean).join(' at ')} · received {formatDate(lead.createdAt)}
        </DialogDescription>
      </div>

      {lead.spam && (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-warning-line bg-warning-soft px-3 py-2.5 text-sm text-warning">
          <p className="flex items-start gap-2">
            <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              <strong className="font-semibold">Held as spam.</strong> {lead.spamReason || 'It looked automated.'} No one was notified.
            </span>
          </p>
          <AdminButton
            variant="outline"
            size="sm"
            disabled={!isAdmin || update.isPending}
            onClick={() => void quick({ spam: false }, 'Moved to the inbox; notifications are on their way', 'Failed to update lead')}
          >
            <ShieldCheck aria-hidden="true" />
            Not spam
          </AdminButton>
        </div>
      )}

      <div className="grid gap-5 md:grid-cols-[minmax(0,1fr)_minmax(0,19rem)] md:gap-8">
      <div className="grid min-w-0 content-start gap-4">
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        <Item term="Email" wide>
          <a href={`mailto:${lead.email}`} className="text-primary-strong hover:underline">
            {lead.email}
          </a>
        </Item>
        <Item term="Company">{lead.company}</Item>
        <Item term="Job title">{lead.jobTitle && <Labelled label={jobLabel} code={lead.jobTitle} />}</Item>
        <Item term="Interest">{lead.aiSolutionInterest && <Labelled label={interest} code={lead.aiSolutionInterest} />}</Item>
        <Item term="Project details" wide>
          {lead.projectDetails && <span className="whitespace-pre-line">{lead.projectDetails}</span>}
        </Item>
      </dl>

      <Section title="Activity">
        <Timeline
          spec={leadTimeline(lead.id)}
          activity={activity}
          onActivity={onActivity}
          mayWrite={isAdmin}
          mayDelete={mayDelete}
          userId={me?.id}
          onDirtyChange={onDirtyChange}
        />
      </Section>

      <Section title="Source">
        <dl className="grid grid-cols-1 gap-x-6 gap-y-3 min-[400px]:grid-cols-2">
          <Item term="Sent from">{lead.page && <span className="font-mono text-[13px] break-all">{lead.page}</span>}</Item>
          <Item term="Landing page">{lead.landingPage && <span className="font-mono text-[13px] break-all">{lead.landingPage}</span>}</Item>
          <Item term="Referrer" wide>
            {lead.referrer && <span className="break-all">{lead.referrer}</span>}
          </Item>
          <Item term="UTM source">{lead.utmSource}</Item>
          <Item term="UTM medium">{lead.utmMedium}</Item>
          <Item term="UTM campaign">{lead.utmCampaign}</Item>
          <Item term="UTM term">{lead.utmTerm}</Item>
          <Item term="UTM content">{lead.utmContent}</Item>
          <Item term={`Pages read (${lead.pagesRead?.length ?? 0})`} wide>
            {lead.pagesRead && lead.pagesRead.length > 0 && (
              <ol className="grid list-decimal gap-0.5 pl-5 font-mono text-[13px]" aria-label="Pages read, first read first">
                {lead.pagesRead.map((p, i) => (
                  <li key={`${i}-${p}`} className="break-all">
                    {p}
                  </li>
                ))}
              </ol>
            )}
          </Item>
        </dl>
      </Section>

      <Section title="Consent">
        {lead.consentText ? (
          <div className="grid gap-1 text-sm">
            <p className="break-words text-default">“{lead.consentText}”</p>
            <p className="text-xs text-muted">
              Version <span className="font-mono">{lead.consentVersion}</span>, ticked when the lead was sent
            </p>
          </div>
        ) : (
          <p className="text-sm text-muted">No consent wording recorded</p>
        )}
      </Section>
      </div>
      <div className="grid min-w-0 content-start gap-4 md:border-l md:border-subtle md:pl-8 [&>section:first-child]:border-t-0 [&>section:first-child]:pt-0">

      <Section title="Follow-up">
        {!isAdmin && <p className="text-sm text-muted">Only the sales and administrator roles can change leads.</p>}
        <OwnerField lead={lead} disabled={!isAdmin} onChange={(ownerId, label) => void quick({ ownerId }, label, 'Failed to change the owner')} />
        <ResponseClock lead={lead} />
        <FormField id="lead-status" label="Status">
          {isAdmin ? (
            <Select
              id="lead-status"
              value={lead.status}
              options={leadStatuses}
              onValueChange={(v) => void quick({ status: v as LeadStatus }, `Status set to ${statusLabel(v)}`, 'Failed to update lead')}
            />
          ) : (
            <p id="lead-status" className="text-sm text-default">
              {statusLabel(lead.status)}
            </p>
          )}
        </FormField>
        {lead.notes && (
          <div className="grid gap-1">
            <h4 className="text-xs font-medium tracking-wide text-muted uppercase">Notes (older)</h4>
            <p className="rounded-lg bg-surface-sunken px-3 py-2 text-sm break-words whitespace-pre-line text-default">{lead.notes}</p>
            <p className="text-xs text-muted">Kept from the notes box; new notes go to the activity.</p>
          </div>
        )}
      </Section>

      <Section title="Notifications">
        {lead.deliveries.length === 0 ? (
          <p className="text-sm text-muted">{lead.spam ? 'None: spam notifies no one.' : 'None yet. Set addresses or a webhook in Settings.'}</p>
        ) : (
          <ul className="grid gap-2" aria-label="Deliveries">
            {lead.deliveries.map((d) => (
              <DeliveryRow key={d.id} d={d} />
            ))}
          </ul>
        )}
        <div className="flex flex-wrap justify-between gap-2">
          {!lead.spam ? (
            <AdminButton
              variant="outline"
              size="sm"
              className="text-danger hover:bg-danger-soft"
              disabled={!isAdmin || update.isPending}
              onClick={() => void quick({ spam: true }, 'Moved to Spam', 'Failed to update lead')}
            >
              <ShieldAlert aria-hidden="true" />
              Mark as spam
            </AdminButton>
          ) : (
            <span />
          )}
          {!lead.spam && (
            <BusyButton
              variant="outline"
              size="sm"
              disabled={!isAdmin || resend.isPending}
              onClick={() => resend.mutate(lead.id, { onSuccess: onChanged })}
              icon={RefreshCw}
              busy={resend.isPending}
              label="Resend"
              busyLabel="Resending..."
            />
          )}
        </div>
      </Section>
      </div>
      </div>
    </>
  );
}

type LeadDetailProps = {
  leadId: number | null;
  /** The leads on screen; the open one is read from here, so it follows every reload. */
  leads: Lead[];
  onClose: () => void;
  /** Where the focus goes when the dialog closes (it has no trigger of its own). */
  onCloseAutoFocus: (e: Event) => void;
};

/**
 * One lead in a dialog: everything it holds, where it came from, its
 * activity and its follow-up. Closing it with something typed and not
 * saved asks first.
 */
export function LeadDetail({ leadId, leads, onClose, onCloseAutoFocus }: LeadDetailProps) {
  // What the last change answered: newer than the list until the list loads
  // again, and all there is once a lead leaves the list (to or from Spam).
  const [changed, setChanged] = useState<Lead | null>(null);
  // The timeline as the last write of an entry left it, until a change of the lead answers it anew.
  const [written, setWritten] = useState<{ leadId: number; list: LeadActivity[] } | null>(null);
  const [dirty, setDirty] = useState<{ leadId: number | null; dirty: boolean }>({ leadId: null, dirty: false });
  const [asking, setAsking] = useState(false);
  const opened = useLead(leadId);
  const lead = newerLead(
    newerLead(
      leads.find((l) => l.id === leadId),
      opened.data?.id === leadId ? opened.data : undefined,
    ),
    changed?.id === leadId ? changed : undefined,
  );
  const activity =
    (written?.leadId === leadId ? written.list : undefined) ??
    (changed?.id === leadId ? changed.activity : undefined) ??
    (opened.data?.id === leadId ? opened.data.activity : undefined);
  const onDirtyChange = useCallback((d: boolean) => setDirty({ leadId, dirty: d }), [leadId]);
  const unsaved = dirty.leadId === leadId && dirty.dirty;

  function onChanged(saved: Lead) {
    setChanged(saved);
    setWritten(null);
  }

  function close() {
    setAsking(false);
    setWritten(null);
    setDirty({ leadId: null, dirty: false });
    onClose();
  }

  return (
    <Dialog open={leadId !== null} onOpenChange={(open) => !open && (unsaved ? setAsking(true) : close())}>
      <DialogContent className="gap-5 sm:max-w-4xl" onCloseAutoFocus={onCloseAutoFocus}>
        {lead ? (
          <LeadBody
            key={lead.id}
            lead={lead}
            onChanged={onChanged}
            activity={activity}
            onActivity={(list) => setWritten({ leadId: lead.id, list })}
            onDirtyChange={onDirtyChange}
          />
        ) : (
          <>
            <DialogTitle>Lead</DialogTitle>
            <DialogDescription>This lead is no longer in the list.</DialogDescription>
          </>
        )}
      </DialogContent>
      <ConfirmDialog
        open={asking}
        title="Discard this note?"
        description="What you typed for this lead is not saved. Discard it and close, or keep editing."
        cancelLabel="Keep editing"
        confirmLabel="Discard"
        onCancel={() => {
          setAsking(false);
          if (leadId !== null) window.setTimeout(() => document.getElementById(timelineTextId(leadTimeline(leadId)))?.focus());
        }}
        onConfirm={() => {
          if (leadId !== null) clearDraft(leadTimeline(leadId));
          close();
        }}
      />
    </Dialog>
  );
}
