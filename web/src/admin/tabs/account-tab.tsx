import { useState } from 'react';
import { useHeld } from '../lib/held';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, LogOut, Mail, Monitor, Save, ShieldCheck, ShieldOff } from 'lucide-react';
import { toast } from '@/lib/toast-store';
import { isApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/dates';
import { maxPassword, passwordProblem, roleLabels, useAccountSessions, useChangePassword, useEndSessions, useMay, useMe, useSetAccountEmail } from '../lib/users';
import { AvailabilityCard } from './availability-card';
import { CalendarFeedCard } from './calendar-feed-card';
import type { Me } from '@/lib/api-types';
import { confirmEnrolment, maxCode, startEnrolment, useRenewRecoveryCodes, useTurnOffTwoFactor, useTwoFactorStatus } from '../lib/two-factor';
import { BusyButton, ListState, RecordList, RecordRow, TabCard } from '../tab-parts';
import { PasswordField } from '../password-field';
import { RecoveryCodes, TwoFactorSetup } from '../two-factor-setup';
import { AdminButton } from '@/components/ui/admin-button';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogHeader } from '@/components/ui/dialog';
import { FormDialog } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

type PasswordFields = { currentPassword: string; newPassword: string; confirm: string };
const empty: PasswordFields = { currentPassword: '', newPassword: '', confirm: '' };

function PasswordCard() {
  const change = useChangePassword();
  const [values, setValues, release] = useHeld('account.password', empty);
  const [errors, setErrors] = useState<Partial<PasswordFields>>({});

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const local: Partial<PasswordFields> = {};
    if (!values.currentPassword) local.currentPassword = 'Enter your current password.';
    const p = passwordProblem(values.newPassword);
    if (p) local.newPassword = p;
    else if (values.confirm !== values.newPassword) local.confirm = 'The two new passwords differ.';
    setErrors(local);
    const first = (['currentPassword', 'newPassword', 'confirm'] as const).find((k) => local[k]);
    if (first) {
      document.getElementById(`account-${first}`)?.focus();
      return;
    }
    try {
      await change.mutateAsync({ currentPassword: values.currentPassword, newPassword: values.newPassword });
      release();
      toast({ title: 'Password changed', description: 'Your other sessions have ended; this one stays signed in.' });
    } catch (err) {
      const fields = isApiError(err) ? (err.fieldErrors as Partial<PasswordFields>) : {};
      setErrors(Object.keys(fields).length ? fields : { currentPassword: isApiError(err) ? err.message : 'Something went wrong. Try again.' });
    }
  }

  const field = (key: keyof PasswordFields, label: string, autoComplete: 'new-password' | 'current-password', hint?: string) => (
    <PasswordField
      id={`account-${key}`}
      label={label}
      autoComplete={autoComplete}
      value={values[key]}
      onChange={(v) => setValues({ ...values, [key]: v })}
      error={errors[key]}
      hint={hint}
    />
  );

  return (
    <TabCard title="Change password" description="Your other sessions end; this one stays signed in.">
      <form onSubmit={(e) => void submit(e)} noValidate className="grid max-w-md gap-4">
        {field('currentPassword', 'Current password', 'current-password')}
        {field('newPassword', 'New password', 'new-password', '8 to 256 characters.')}
        {field('confirm', 'New password again', 'new-password')}
        <div>
          <BusyButton type="submit" variant="primary" aria-disabled={change.isPending || undefined} icon={Save} busy={change.isPending} label="Change password" busyLabel="Changing..." />
        </div>
      </form>
    </TabCard>
  );
}

/** The address lead e-mails of staff go to: a new one is used once its emailed link is opened. */
function EmailCard({ me }: { me: Me }) {
  const save = useSetAccountEmail();
  const [email, setEmail, release] = useHeld('account.email', me.email);
  const [error, setError] = useState('');
  const changed = email.trim() !== me.email;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const value = email.trim();
    if (value && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) {
      setError('Enter an e-mail address, such as name@example.com.');
      document.getElementById('account-email')?.focus();
      return;
    }
    setError('');
    try {
      await save.mutateAsync(value);
      release();
      toast(value ? { title: 'Check your inbox', description: `A link to verify ${value} is on its way.` } : { title: 'E-mail address removed', description: 'No lead e-mails reach you now.' });
    } catch (err) {
      setError(isApiError(err) ? (err.fieldErrors.email ?? err.message) : 'Something went wrong. Try again.');
    }
  }

  const state = !me.email ? (
    <Badge variant="muted">None</Badge>
  ) : me.emailVerified ? (
    <Badge variant="success">Verified</Badge>
  ) : (
    <Badge variant="warning">Waiting for its link</Badge>
  );
  return (
    <TabCard title="E-mail address" titleId="account-email-title" description="Where the site writes to you: new leads you own, reminders and alerts." actions={state}>
      <form onSubmit={(e) => void submit(e)} noValidate className="grid max-w-md gap-4">
        <FormField
          id="account-email"
          label="Your e-mail address"
          error={error}
          hint={me.email && !me.emailVerified ? `Open the link sent to ${me.email} to start receiving e-mail there; save again to send a new one.` : 'A link is sent to a new address; it is used once you open it.'}
        >
          <Input id="account-email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} maxLength={254} aria-invalid={error ? true : undefined} aria-describedby={error ? 'account-email-error' : 'account-email-hint'} />
        </FormField>
        <div>
          <BusyButton
            type="submit"
            variant="primary"
            aria-disabled={save.isPending || undefined}
            disabled={!changed && me.emailVerified}
            icon={Mail}
            busy={save.isPending}
            label={email.trim() === '' && me.email ? 'Remove address' : changed || !me.email ? 'Save and send link' : 'Send the link again'}
            busyLabel="Sending link..."
          />
        </div>
      </form>
    </TabCard>
  );
}

function SessionsCard() {
  const sessions = useAccountSessions();
  const end = useEndSessions();
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;

  async function endSessions(id?: number) {
    try {
      await end.mutateAsync(id);
      toast({ title: id === undefined ? 'Signed out everywhere else' : 'Session signed out' });
    } catch (err) {
      toast({ title: 'Not signed out', description: isApiError(err) ? err.message : 'Something went wrong. Try again.', variant: 'destructive' });
    }
  }

  return (
    <TabCard
      title="Your sessions"
      description="Where you are signed in, the last used first."
      actions={
        others > 0 && (
          <AdminButton variant="outline" disabled={end.isPending} onClick={() => void endSessions()}>
            <LogOut aria-hidden="true" />
            Sign out all others
          </AdminButton>
        )
      }
    >
      <ListState query={sessions} isEmpty={sessions.data?.length === 0} loadingText="Loading sessions..." emptyText="No sessions.">
        <RecordList>
          {sessions.data?.map((s) => (
            <RecordRow
              key={s.id}
              label={s.device}
              aside={
                s.current ? (
                  <Badge variant="success">This session</Badge>
                ) : (
                  <AdminButton variant="outline" size="sm" disabled={end.isPending} onClick={() => void endSessions(s.id)} aria-label={`Sign out ${s.device}, last used ${formatDate(s.lastSeenAt)}`}>
                    <LogOut aria-hidden="true" />
                    Sign out
                  </AdminButton>
                )
              }
            >
              <p className="flex items-center gap-2 font-medium text-default">
                <Monitor className="size-4 shrink-0 text-muted" aria-hidden="true" />
                {s.device}
              </p>
              <p className="text-sm text-muted">
                Last used {formatDate(s.lastSeenAt)} · signed in {formatDate(s.createdAt)}
              </p>
            </RecordRow>
          ))}
        </RecordList>
      </ListState>
    </TabCard>
  );
}

function TwoFactorCard({ username }: { username: string }) {
  const status = useTwoFactorStatus();
  const client = useQueryClient();
  const [setup, setSetup] = useState(false);
  const [turningOff, setTurningOff] = useState(false);
  const [renewing, setRenewing] = useState(false);
  const [newCodes, setNewCodes] = useState<string[] | null>(null);
  const turnOff = useTurnOffTwoFactor();
  const renew = useRenewRecoveryCodes();
  const s = status.data;
  const refresh = () => client.invalidateQueries({ queryKey: ['/api/admin/account/2fa'] });

  return (
    <TabCard
      title="Two-factor sign-in"
      description="A code from an authenticator app on your phone, asked after your password."
      className="lg:col-span-2"
      actions={s && !setup && <Badge variant={s.enabled ? 'success' : 'muted'}>{s.enabled ? 'On' : 'Off'}</Badge>}
    >
      <ListState query={status} loadingText="Loading two-factor sign-in...">
        {setup ? (
          <div className="max-w-2xl">
            <TwoFactorSetup
              idPrefix="account-2fa"
              account={username}
              start={startEnrolment}
              confirm={async (code) => {
                const codes = await confirmEnrolment(code);
                void refresh();
                return codes;
              }}
              doneLabel="Done"
              onDone={() => {
                setSetup(false);
                toast({ title: 'Two-factor sign-in is on', description: 'Your next sign-in asks for a code from your app.' });
              }}
              onCancel={() => setSetup(false)}
            />
          </div>
        ) : s?.enabled ? (
          <div className="grid gap-3">
            <p className="text-sm text-body">
              On since {s.since ? formatDate(s.since) : 'enrolment'}. {s.recoveryCodesLeft === 1 ? '1 recovery code' : `${s.recoveryCodesLeft} recovery codes`} left.
              {s.recoveryCodesLeft <= 3 && ' Make new ones before they run out.'}
            </p>
            {s.required && (
              <p className="text-sm text-muted">Your administrators require two-factor sign-in, so it cannot be turned off here. An administrator can reset it if you lose your phone.</p>
            )}
            <div className="flex flex-wrap gap-2">
              <AdminButton variant="outline" onClick={() => setRenewing(true)}>
                <KeyRound aria-hidden="true" />
                New recovery codes
              </AdminButton>
              {!s.required && (
                <AdminButton variant="outline" className="text-danger hover:bg-danger-soft hover:text-danger" onClick={() => setTurningOff(true)}>
                  <ShieldOff aria-hidden="true" />
                  Turn off
                </AdminButton>
              )}
            </div>
          </div>
        ) : (
          <div className="grid gap-3">
            <p className="text-sm text-body">
              Off: your password alone signs you in. With two-factor sign-in, someone who learns your password still cannot sign in without your phone.
            </p>
            <div>
              <AdminButton variant="primary" onClick={() => setSetup(true)}>
                <ShieldCheck aria-hidden="true" />
                Set up two-factor sign-in
              </AdminButton>
            </div>
          </div>
        )}
      </ListState>
    {turningOff && (
      <OwnerProofDialog
        title="Turn off two-factor sign-in?"
        description="Your password alone will sign you in, and your recovery codes stop working. Confirm it is you."
        cancelLabel="Keep it on"
        confirmLabel="Turn off"
        pendingLabel="Turning off..."
        destructive
        pending={turnOff.isPending}
        onProof={async (proof) => {
          await turnOff.mutateAsync(proof);
          toast({ title: 'Two-factor sign-in is off', description: 'Your password alone signs you in now.' });
        }}
        onClose={() => setTurningOff(false)}
      />
    )}
    {renewing && (
      <OwnerProofDialog
        title="Make new recovery codes?"
        description="Ten new codes replace the ones you have: the old ones stop working at once. Confirm it is you."
        cancelLabel="Cancel"
        confirmLabel="Make new codes"
        pendingLabel="Making codes..."
        pending={renew.isPending}
        onProof={async (proof) => setNewCodes(await renew.mutateAsync(proof))}
        onClose={() => setRenewing(false)}
      />
    )}
    {newCodes && (
      <Dialog open onOpenChange={(o) => !o && setNewCodes(null)}>
        <DialogContent>
          <div className="grid gap-4">
            <DialogHeader title="Your new recovery codes" description="Each signs you in once when your phone is not at hand." />
            <RecoveryCodes
              codes={newCodes}
              account={username}
              doneLabel="Done"
              onDone={() => setNewCodes(null)}
              news="New recovery codes are made: the old ones no longer work."
            />
          </div>
        </DialogContent>
      </Dialog>
    )}
    </TabCard>
  );
}

type OwnerProof = { password: string } | { code: string };

type OwnerProofDialogProps = {
  title: string;
  description: string;
  cancelLabel: string;
  confirmLabel: string;
  pendingLabel: string;
  destructive?: boolean;
  pending: boolean;
  /** Sends the change with the proof; throws the server's refusal. */
  onProof: (proof: OwnerProof) => Promise<void>;
  onClose: () => void;
};

/**
 * A change to the own second factor, confirmed by the password or by a
 * code (of the app, or a recovery code).
 */
function OwnerProofDialog({ title, description, cancelLabel, confirmLabel, pendingLabel, destructive, pending, onProof, onClose }: OwnerProofDialogProps) {
  const [withCode, setWithCode] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const fieldId = 'account-2fa-proof';

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (pending) return;
    if (!value.trim()) {
      setError(withCode ? 'Enter the code your app shows, or a recovery code.' : 'Enter your password.');
      document.getElementById(fieldId)?.focus();
      return;
    }
    try {
      await onProof(withCode ? { code: value.trim() } : { password: value });
      onClose();
    } catch (err) {
      setError(isApiError(err) ? (err.fieldErrors.code ?? err.fieldErrors.password ?? err.message) : 'Something went wrong. Try again.');
      document.getElementById(fieldId)?.focus();
    }
  }

  return (
    <FormDialog
      title={title}
      description={description}
      onSubmit={submit}
      onClose={onClose}
      cancelLabel={cancelLabel}
      destructive={destructive}
      pending={pending}
      submitLabel={pending ? pendingLabel : confirmLabel}
    >
      <FormField id={fieldId} label={withCode ? 'Code from your app, or a recovery code' : 'Password'} required error={error}>
        {withCode ? (
          <Input
            key="code"
            id={fieldId}
            autoComplete="one-time-code"
            maxLength={maxCode}
            className="font-mono"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            aria-invalid={!!error || undefined}
            aria-describedby={error ? `${fieldId}-error` : undefined}
          />
        ) : (
          <Input
            key="password"
            id={fieldId}
            type="password"
            autoComplete="current-password"
            maxLength={maxPassword}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            aria-invalid={!!error || undefined}
            aria-describedby={error ? `${fieldId}-error` : undefined}
          />
        )}
      </FormField>
      <button
        type="button"
        className="justify-self-start text-sm font-medium text-primary-strong underline-offset-2 hover:underline focus-visible:underline"
        onClick={() => {
          setWithCode(!withCode);
          setValue('');
          setError('');
        }}
      >
        {withCode ? 'Use your password instead' : 'Use a code instead'}
      </button>
    </FormDialog>
  );
}

/** The signed-in user's own account: e-mail, password, sessions, two-factor sign-in and, for those who work on leads, booking hours and the calendar feed. */
export function AccountTab() {
  const me = useMe().data;
  const mayTakeLeads = useMay('leads');
  return (
    <div className="grid gap-6">
      {me && (
        <p className="text-sm text-body">
          Signed in as <strong className="font-semibold text-default">{me.username}</strong>, {roleLabels[me.role].toLowerCase()}.
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        {me && <EmailCard key={me.email} me={me} />}
        <PasswordCard />
        <SessionsCard />
        {me && <TwoFactorCard username={me.username} />}
      </div>
      {mayTakeLeads && <AvailabilityCard />}
      {mayTakeLeads && <CalendarFeedCard />}
    </div>
  );
}
