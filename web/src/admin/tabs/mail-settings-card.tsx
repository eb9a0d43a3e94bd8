import { useState } from 'react';
import { CircleCheck, Info, KeyRound, MailCheck, Save, TriangleAlert, Undo2 } from 'lucide-react';
import { isApiError } from '@/lib/api-client';
import { mailForm } from '../lib/admin-contracts';
import type { MailSettings, MailTLS } from '@/lib/api-types';
import { checkMailSettings, isCheckFailure, mailValues, useMailSettings, useSaveMailSettings, useSendTestMail, type MailSettingsBody, type MailValues } from '../lib/mail';
import { failureText } from '../lib/leads';
import { BusyButton, ListState, TabCard } from '../tab-parts';
import { AdminButton } from '@/components/ui/admin-button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/cn';

const tlsLabel = (tls: MailTLS) => mailForm.tlsModes.find((m) => m.value === tls)?.label ?? tls;

/** The port to go with a new encryption: the usual one of it when the port was the usual one of another. */
export function usualPort(port: string, tls: MailTLS): string {
  const usual = ['587', '465', '25', ''];
  if (!usual.includes(port.trim())) return port;
  return tls === 'tls' ? '465' : port.trim() === '465' ? String(mailForm.defaultPort) : port;
}

/** What the test of the mail server answered: the server's words, or what went wrong. */
type TestResult = { ok: boolean; message: string };

function TestResultLine({ result }: { result: TestResult | null }) {
  return (
    <p role="status" aria-live="polite" className={result ? 'flex items-start gap-2 text-sm wrap-anywhere' : 'sr-only'} id="mail-test-result">
      {result &&
        (result.ok ? (
          <CircleCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
        ) : (
          <TriangleAlert className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden="true" />
        ))}
      {result && <span className={result.ok ? 'text-body' : 'text-danger'}>{result.message}</span>}
    </p>
  );
}

/** The address a test goes to, and its button; the result below. */
function TestMail({ placeholder, onSend, pending, result }: { placeholder: string; onSend: (to: string) => void; pending: boolean; result: TestResult | null }) {
  const [to, setTo] = useState('');
  return (
    <div className="grid gap-3 rounded-lg border border-default bg-surface-muted p-3 sm:p-4">
      <div className="grid items-end gap-3 sm:grid-cols-[1fr_auto]">
        <FormField id="mail-test-to" label="Send the test to" hint="Leave empty to send it to the sender address.">
          <Input id="mail-test-to" type="email" inputMode="email" autoComplete="email" placeholder={placeholder || 'you@example.com'} value={to} onChange={(e) => setTo(e.target.value)} />
        </FormField>
        <AdminButton type="button" variant="outline" onClick={() => onSend(to)} disabled={pending} className="sm:mb-[1.375rem]">
          <MailCheck aria-hidden="true" />
          {pending ? 'Sending...' : 'Send a test e-mail'}
        </AdminButton>
      </div>
      <TestResultLine result={result} />
    </div>
  );
}

/** The server of the SMTP_* variables, which the form cannot change. */
function EnvironmentSettings({ initial }: { initial: MailSettings }) {
  const test = useSendTestMail();
  const [result, setResult] = useState<TestResult | null>(null);
  const rows: [string, string][] = [
    ['Host', initial.host],
    ['Port', String(initial.port)],
    ['Encryption', tlsLabel(initial.tls)],
    ['Username', initial.username || 'None (no sign-in)'],
    ['Password', initial.passwordSet ? 'Set' : 'None'],
    ['Sender address', initial.from],
  ];
  async function send(to: string) {
    setResult(null);
    try {
      const r = await test.mutateAsync({ to });
      setResult(r);
    } catch (err) {
      setResult({ ok: false, message: failureText(err, 'The test e-mail could not be sent.') });
    }
  }
  return (
    <div className="grid gap-5">
      <p className="flex items-start gap-2 rounded-lg border border-default bg-surface-muted px-3 py-2.5 text-sm text-body">
        <Info className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden="true" />
        <span>
          These settings come from the server&apos;s environment (<code className="font-mono text-xs">SMTP_HOST</code> and the other{' '}
          <code className="font-mono text-xs">SMTP_*</code> variables) and override what is saved here. Change them on the server.
        </span>
      </p>
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="grid min-w-0 gap-0.5">
            <dt className="text-muted">{label}</dt>
            <dd className="font-medium text-default wrap-anywhere">{value}</dd>
          </div>
        ))}
      </dl>
      <TestMail placeholder={initial.from} onSend={(to) => void send(to)} pending={test.isPending} result={result} />
    </div>
  );
}

/** The password: a new one typed, or the saved one kept, replaced or cleared. */
function PasswordField({
  values,
  passwordSet,
  error,
  onChange,
}: {
  values: MailValues;
  passwordSet: boolean;
  error?: string;
  onChange: (change: Partial<MailValues>) => void;
}) {
  const [replacing, setReplacing] = useState(!passwordSet);
  const aria = { 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? 'mail-password-error' : 'mail-password-hint' };
  if (passwordSet && values.clearPassword) {
    return (
      <FormField id="mail-password" label="Password" error={error}>
        <div className="flex flex-wrap items-center gap-2 rounded-lg border border-warning-line bg-warning-soft px-3 py-2 text-sm text-warning">
          <span id="mail-password" className="min-w-0 flex-1">
            The saved password will be removed when you save.
          </span>
          <AdminButton type="button" variant="ghost" size="sm" onClick={() => onChange({ clearPassword: false })}>
            <Undo2 aria-hidden="true" />
            Keep it
          </AdminButton>
        </div>
      </FormField>
    );
  }
  if (passwordSet && !replacing) {
    return (
      <FormField id="mail-password" label="Password" error={error}>
        <div className="flex flex-wrap items-center gap-2 rounded-lg border border-default px-3 py-1.5 text-sm">
          <span id="mail-password" className="flex min-w-0 flex-1 items-center gap-2 text-body">
            <KeyRound className="size-4 shrink-0 text-muted" aria-hidden="true" />A password is saved
          </span>
          <AdminButton type="button" variant="ghost" size="sm" onClick={() => setReplacing(true)}>
            Replace
          </AdminButton>
          <AdminButton type="button" variant="ghost" size="sm" onClick={() => onChange({ clearPassword: true, password: '' })}>
            Clear
          </AdminButton>
        </div>
      </FormField>
    );
  }
  return (
    <FormField
      id="mail-password"
      label="Password"
      error={error}
      hint={passwordSet ? 'Leave empty to keep the saved password. Stored encrypted; never shown again.' : 'Stored encrypted; never shown again.'}
    >
      <div className="flex gap-2">
        <Input
          id="mail-password"
          type="password"
          autoComplete="new-password"
          value={values.password}
          onChange={(e) => onChange({ password: e.target.value })}
          maxLength={mailForm.password.max}
          {...aria}
        />
        {passwordSet && (
          <AdminButton
            type="button"
            variant="ghost"
            onClick={() => {
              onChange({ password: '' });
              setReplacing(false);
            }}
          >
            Cancel
          </AdminButton>
        )}
      </div>
    </FormField>
  );
}

function MailSettingsForm({ initial }: { initial: MailSettings }) {
  const [values, setValues] = useState<MailValues>(() => mailValues(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<TestResult | null>(null);
  // The settings whose check failed, waiting for "Save anyway".
  const [unconfirmed, setUnconfirmed] = useState<{ body: MailSettingsBody; why: string } | null>(null);
  const save = useSaveMailSettings();
  const test = useSendTestMail();
  const change = (c: Partial<MailValues>) => setValues((v) => ({ ...v, ...c }));
  const set = (k: 'host' | 'port' | 'username' | 'from') => (e: React.ChangeEvent<HTMLInputElement>) => change({ [k]: e.target.value });
  const aria = (name: string) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `mail-${name}-error` : `mail-${name}-hint`,
  });

  function checked(): MailSettingsBody | null {
    const c = checkMailSettings(values);
    if (!c.ok) {
      setErrors(c.errors);
      document.getElementById(`mail-${Object.keys(c.errors)[0]}`)?.focus();
      return null;
    }
    setErrors({});
    return c.body;
  }

  async function store(body: MailSettingsBody, force: boolean) {
    try {
      // The saved settings replace the loaded ones, and the form starts again from them.
      await save.mutateAsync({ body, force });
    } catch (err) {
      if (isCheckFailure(err) && isApiError(err)) setUnconfirmed({ body, why: err.fieldErrors.server });
      else if (isApiError(err)) setErrors({ ...err.fieldErrors });
    }
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const body = checked();
    if (body) await store(body, false);
  }

  async function sendTest(to: string) {
    const body = checked();
    if (!body) return;
    if (!body.host) {
      setErrors({ host: 'Enter the mail server to test.' });
      return;
    }
    setResult(null);
    try {
      setResult(await test.mutateAsync({ to, settings: body }));
    } catch (err) {
      if (isApiError(err, 400) && err.hasFieldErrors) setErrors({ ...err.fieldErrors });
      setResult({ ok: false, message: failureText(err, 'The test e-mail could not be sent.') });
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      {initial.source === 'none' && (
        <p className="flex items-start gap-2 rounded-lg border border-warning-line bg-warning-soft px-3 py-2.5 text-sm text-warning">
          <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
          <span>
            <strong className="font-semibold">No mail server is set up</strong>, so no lead notification is e-mailed. Fill in your mail
            provider&apos;s SMTP settings, send a test e-mail, and save.
          </span>
        </p>
      )}
      <div className="grid items-start gap-4 sm:grid-cols-[minmax(0,1fr)_8rem]">
        <FormField id="mail-host" label="SMTP host" error={errors.host} hint="Your provider's mail server, such as smtp.example.com. Empty turns e-mail off.">
          <Input id="mail-host" value={values.host} onChange={set('host')} placeholder="smtp.example.com" autoComplete="off" spellCheck={false} maxLength={mailForm.host.max} {...aria('host')} />
        </FormField>
        <FormField id="mail-port" label="Port" error={errors.port} hint="587, 465 or 25">
          <Input id="mail-port" type="number" inputMode="numeric" min={1} max={65535} value={values.port} onChange={set('port')} {...aria('port')} />
        </FormField>
      </div>
      <FormField id="mail-tls" label="Encryption" error={errors.tls} hint="STARTTLS suits port 587; TLS from the start suits port 465.">
        <Select id="mail-tls" value={values.tls} onValueChange={(v) => change({ tls: v as MailTLS, port: usualPort(values.port, v as MailTLS) })} options={mailForm.tlsModes} invalid={Boolean(errors.tls)} {...aria('tls')} />
      </FormField>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField id="mail-username" label="Username" error={errors.username} hint="Leave empty if the server needs no sign-in.">
          <Input id="mail-username" value={values.username} onChange={set('username')} autoComplete="off" spellCheck={false} maxLength={mailForm.username.max} {...aria('username')} />
        </FormField>
        <PasswordField values={values} passwordSet={initial.passwordSet} error={errors.password} onChange={change} />
      </div>
      <FormField id="mail-from" label="Sender address" error={errors.from} hint="The address the notifications come from; your provider must allow it.">
        <Input id="mail-from" type="email" inputMode="email" value={values.from} onChange={set('from')} placeholder="alerts@example.com" maxLength={mailForm.from.max} {...aria('from')} />
      </FormField>
      <TestMail placeholder={values.from.trim()} onSend={(to) => void sendTest(to)} pending={test.isPending} result={result} />
      <div className="flex justify-end">
        <BusyButton type="submit" variant="primary" disabled={save.isPending} icon={Save} busy={save.isPending} label="Save Mail Server" busyLabel="Saving..." />
      </div>
      <ConfirmDialog
        open={unconfirmed !== null}
        title="Save settings that failed the check?"
        description={`The mail server check failed: ${unconfirmed?.why ?? ''}`}
        cancelLabel="Keep editing"
        confirmLabel="Save anyway"
        onCancel={() => setUnconfirmed(null)}
        onConfirm={() => {
          const body = unconfirmed?.body;
          setUnconfirmed(null);
          if (body) void store(body, true);
        }}
      >
        <p className="text-sm text-muted">Lead notifications will fail and be retried until the mail server accepts them.</p>
      </ConfirmDialog>
    </form>
  );
}

/** The mail server the lead notifications go through: the environment's, or the one saved here. */
export function MailSettingsCard({ className }: { className?: string }) {
  const settings = useMailSettings();
  return (
    <div id="mail-settings" className={cn('scroll-mt-24', className)}>
      <TabCard title="Mail server" description="The SMTP server that sends the lead notifications." titleId="mail-settings-title">
        <ListState query={settings} loadingText="Loading mail settings...">
          {settings.data &&
            (settings.data.source === 'environment' ? (
              <EnvironmentSettings initial={settings.data} />
            ) : (
              <MailSettingsForm key={settings.dataUpdatedAt} initial={settings.data} />
            ))}
        </ListState>
      </TabCard>
    </div>
  );
}
