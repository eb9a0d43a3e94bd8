import { useEffect, useRef, useState } from 'react';
import { Check, Copy, Download, ShieldCheck, TriangleAlert } from 'lucide-react';
import { toast } from '@/lib/toast-store';
import { isApiError } from '@/lib/api-client';
import type { TwoFactorEnrolment } from '@/lib/api-types';
import { copyText } from '@/lib/clipboard';
import { saveFile } from './lib/download';
import { groupSecret, recoveryCodesText } from './lib/two-factor';
import { AdminButton } from '@/components/ui/admin-button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

type SetupProps = {
  /** Prefix of the fields' ids, unique on the page. */
  idPrefix: string;
  /** Whose account, for the file of recovery codes. */
  account: string;
  /** Makes the secret to scan (kept by the server until confirmed). */
  start: () => Promise<TwoFactorEnrolment>;
  /** Confirms it with the app's first code; the recovery codes. */
  confirm: (code: string) => Promise<string[]>;
  /** The recovery codes are saved: what happens next is the caller's. */
  onDone: () => void;
  doneLabel: string;
  onCancel?: () => void;
};

/** A code as typed: its digits, at most six. */
function codeDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, 6);
}

type AppCodeInputProps = { id: string; code: string; onChange: (code: string) => void; error: string; className: string; autoFocus?: boolean };

/** The field of the 6-digit code an authenticator app shows: it keeps the digits alone, and names its hint or error. */
export function AppCodeInput({ id, code, onChange, error, className, autoFocus }: AppCodeInputProps) {
  return (
    <Input
      id={id}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={7}
      autoFocus={autoFocus}
      className={className}
      value={code}
      onChange={(e) => onChange(codeDigits(e.target.value))}
      aria-invalid={!!error || undefined}
      aria-describedby={error ? `${id}-error` : `${id}-hint`}
    />
  );
}

/**
 * A form that sends a code: what is typed in the field fieldId, its error,
 * and whether it is being checked. submit shows the problem of what is typed,
 * if any; else it runs send, and the error send throws is shown (unless
 * `handled` took care of it) with the field emptied and focused.
 */
export function useCodeForm(fieldId: string) {
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);
  const refocus = () => document.getElementById(fieldId)?.focus();

  async function submit(e: React.FormEvent, problem: string, send: () => Promise<void>, handled?: (err: unknown) => boolean) {
    e.preventDefault();
    if (pending) return;
    setError(problem);
    if (problem) {
      refocus();
      return;
    }
    setPending(true);
    try {
      await send();
    } catch (err) {
      if (handled?.(err)) return;
      setError(isApiError(err) && err.status > 0 ? (err.fieldErrors.code ?? err.message) : 'The code could not be checked. Check your connection and try again.');
      setCode('');
      refocus();
    } finally {
      setPending(false);
    }
  }

  return { code, setCode, error, setError, pending, submit, refocus };
}

/**
 * Enrolment in two-factor sign-in: the QR code and the key to type by
 * hand, the app's first code, then the recovery codes, shown once.
 */
export function TwoFactorSetup({ idPrefix, account, start, confirm, onDone, doneLabel, onCancel }: SetupProps) {
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [loadError, setLoadError] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const startRef = useRef(start);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    startRef
      .current()
      .then((e) => live && setEnrolment(e))
      .catch((err: unknown) => live && setLoadError(isApiError(err) && err.status > 0 ? err.message : 'The set-up could not start. Check your connection and try again.'));
    return () => {
      live = false;
    };
  }, [attempt]);

  if (codes) return <RecoveryCodes codes={codes} account={account} onDone={onDone} doneLabel={doneLabel} />;
  if (loadError) {
    return (
      <div className="grid gap-3">
        <p role="alert" className="rounded-lg border border-danger-line bg-danger-soft px-4 py-3 text-sm text-danger">
          {loadError}
        </p>
        <div className="flex flex-wrap gap-2">
          <AdminButton
            variant="outline"
            onClick={() => {
              setLoadError('');
              setAttempt(attempt + 1);
            }}
          >
            Try again
          </AdminButton>
          {onCancel && (
            <AdminButton variant="ghost" onClick={onCancel}>
              Cancel
            </AdminButton>
          )}
        </div>
      </div>
    );
  }
  if (!enrolment) {
    return (
      <p role="status" className="py-6 text-center text-sm text-muted">
        Making your QR code...
      </p>
    );
  }
  return <ScanStep idPrefix={idPrefix} enrolment={enrolment} confirm={confirm} onConfirmed={setCodes} onCancel={onCancel} />;
}

function ScanStep({
  idPrefix,
  enrolment,
  confirm,
  onConfirmed,
  onCancel,
}: {
  idPrefix: string;
  enrolment: TwoFactorEnrolment;
  confirm: (code: string) => Promise<string[]>;
  onConfirmed: (codes: string[]) => void;
  onCancel?: () => void;
}) {
  const fieldId = `${idPrefix}-code`;
  const { code, setCode, error, pending, submit } = useCodeForm(fieldId);
  const send = (e: React.FormEvent) =>
    submit(e, code.length === 6 ? '' : 'Enter the 6-digit code your authenticator app shows.', async () => onConfirmed(await confirm(code)));

  return (
    <form onSubmit={(e) => void send(e)} noValidate className="@container grid gap-4">
      <div className="grid gap-4 @md:grid-cols-[auto_1fr] @md:items-start">
        <img src={enrolment.qrCode} width={176} height={176} alt="QR code to scan with your authenticator app" className="size-44 justify-self-center rounded-lg border border-default bg-surface p-1" />
        <ol className="grid list-decimal gap-2 pl-5 text-sm text-body">
          <li>Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password, ...).</li>
          <li>
            Scan the QR code, or add an account by hand with this key:
            <SecretKey secret={enrolment.secret} />
          </li>
          <li>Type the 6-digit code the app shows for this site.</li>
        </ol>
      </div>
      <FormField id={fieldId} label="Code from the app" required error={error} hint="6 digits; a new code comes every 30 seconds.">
        <AppCodeInput id={fieldId} className="max-w-40 font-mono tracking-widest" code={code} onChange={setCode} error={error} />
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        {onCancel && (
          <AdminButton type="button" variant="outline" onClick={onCancel}>
            Cancel
          </AdminButton>
        )}
        <AdminButton type="submit" variant="primary" aria-disabled={pending || undefined}>
          <ShieldCheck aria-hidden="true" />
          {pending ? 'Checking...' : 'Turn on two-factor sign-in'}
        </AdminButton>
      </div>
    </form>
  );
}

function SecretKey({ secret }: { secret: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <span className="mt-1.5 flex flex-wrap items-center gap-2">
      <code aria-label="Key to type by hand" className="rounded-md bg-surface-sunken px-2 py-1 font-mono text-sm break-words text-default">
        {groupSecret(secret)}
      </code>
      <AdminButton
        type="button"
        variant="outline"
        size="sm"
        onClick={() => {
          void copyText(secret).then((ok) => {
            setCopied(ok);
            if (!ok) toast({ title: 'Not copied', description: 'Your browser refused the clipboard; select the key and copy it.', variant: 'destructive' });
          });
        }}
      >
        {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        {copied ? 'Copied' : 'Copy key'}
      </AdminButton>
    </span>
  );
}

type RecoveryCodesProps = {
  codes: string[];
  account: string;
  onDone: () => void;
  doneLabel: string;
  /** What just happened, above the codes. */
  news?: string;
};

/** The ten recovery codes, shown once, with Copy and Download. */
export function RecoveryCodes({
  codes,
  account,
  onDone,
  doneLabel,
  news = 'Two-factor sign-in is on. From now on, you sign in with your password and the code of your app.',
}: RecoveryCodesProps) {
  const text = recoveryCodesText(codes, account, window.location.host);
  return (
    <div className="@container grid gap-4">
      <div role="status" className="flex gap-3 rounded-lg border border-success-line bg-success-soft px-4 py-3 text-sm text-success">
        <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <p>{news}</p>
      </div>
      <div className="flex gap-3 rounded-lg border border-warning-line bg-warning-soft px-4 py-3 text-sm text-warning">
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <p>
          <strong className="font-semibold">Save these recovery codes now: they are shown only once.</strong> Each signs you in once if you lose your phone. Keep them
          apart from it, in a password manager or on paper.
        </p>
      </div>
      <ol aria-label="Recovery codes" className="grid grid-cols-1 gap-x-6 @sm:grid-cols-2 gap-y-1.5 rounded-lg border border-default bg-surface-muted px-4 py-3 font-mono text-sm whitespace-nowrap text-default">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <AdminButton
          type="button"
          variant="outline"
          onClick={() => {
            void copyText(codes.join('\n')).then((ok) =>
              toast(
                ok
                  ? { title: 'Recovery codes copied', description: 'Paste them somewhere safe.' }
                  : { title: 'Not copied', description: 'Your browser refused the clipboard; download the codes instead.', variant: 'destructive' },
              ),
            );
          }}
        >
          <Copy aria-hidden="true" />
          Copy
        </AdminButton>
        <AdminButton type="button" variant="outline" onClick={() => saveFile(new Blob([text], { type: 'text/plain;charset=utf-8' }), 'recovery-codes.txt')}>
          <Download aria-hidden="true" />
          Download
        </AdminButton>
        <AdminButton type="button" variant="primary" className="sm:ml-auto" onClick={onDone}>
          {doneLabel}
        </AdminButton>
      </div>
    </div>
  );
}
