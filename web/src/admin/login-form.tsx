import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { writeAdminSession, type AdminUser } from '@/features/editable-text/edit-mode';
import { apiRequest, isApiError } from '@/lib/api-client';
import type { SignedIn } from '@/lib/api-types';
import { confirmLoginEnrolment, maxCode, sendLoginCode, startLoginEnrolment, type LoginAnswer } from './lib/two-factor';
import { AppCodeInput, TwoFactorSetup, useCodeForm } from './two-factor-setup';
import { AdminButton } from '@/components/ui/admin-button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

type LoginFormProps = {
  /** Prefix of the fields' ids, unique on the page. */
  idPrefix: string;
  initialUsername?: string;
  /** The session is stored; what happens next is the caller's. */
  onSignedIn: (user: AdminUser) => void;
  /** Why the login failed, in words for the user. */
  onFailure: (message: string) => void;
};

type SecondStep = { kind: 'code' | 'setup'; challenge: string; username: string };

/**
 * Username and password, checked, sent, and the session stored (SPEC
 * section 2); then, for an account with two-factor sign-in, its code, or
 * for one that must set it up, the enrolment, before any session.
 */
export function LoginForm({ idPrefix, initialUsername = '', onSignedIn, onFailure }: LoginFormProps) {
  const [username, setUsername] = useState(initialUsername);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ username?: string; password?: string }>({});
  const [second, setSecond] = useState<SecondStep | null>(null);
  const signIn = (data: SignedIn) => {
    writeAdminSession(data.sessionToken, data.user);
    onSignedIn(data.user);
  };
  const login = useMutation({
    mutationFn: async (creds: { username: string; password: string }) => {
      const res = await apiRequest('POST', '/api/admin/login', { body: creds });
      return (await res.json()) as LoginAnswer;
    },
    onSuccess: (data, creds) => {
      if (!data.success && data.challenge && (data.twoFactorRequired || data.twoFactorSetupRequired)) {
        setPassword('');
        setSecond({ kind: data.twoFactorRequired ? 'code' : 'setup', challenge: data.challenge, username: creds.username });
        return;
      }
      if (!data.success || !data.sessionToken || !data.user) {
        onFailure('Invalid credentials');
        return;
      }
      signIn(data);
    },
    onError: (err) => onFailure((isApiError(err) && err.status > 0 && err.message) || 'Invalid credentials'),
  });

  const restart = (message?: string) => {
    setSecond(null);
    if (message) onFailure(message);
  };

  if (second?.kind === 'code') {
    return <CodeStep idPrefix={idPrefix} challenge={second.challenge} onSignedIn={signIn} onRestart={restart} />;
  }
  if (second?.kind === 'setup') {
    return <SetupStep idPrefix={idPrefix} step={second} onSignedIn={signIn} onRestart={restart} />;
  }

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const next: typeof errors = {};
    if (!username.trim()) next.username = 'Username is required';
    if (!password) next.password = 'Password is required';
    setErrors(next);
    if (next.username || next.password) return;
    login.mutate({ username: username.trim(), password });
  }

  const field = (name: 'username' | 'password') => ({
    id: `${idPrefix}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${idPrefix}-${name}-error` : undefined,
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <FormField id={`${idPrefix}-username`} label="Username" error={errors.username}>
        <Input autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} {...field('username')} />
      </FormField>
      <FormField id={`${idPrefix}-password`} label="Password" error={errors.password}>
        <Input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} {...field('password')} />
      </FormField>
      <AdminButton type="submit" variant="primary" className="mt-2 w-full" disabled={login.isPending}>
        {login.isPending ? 'Signing In...' : 'Sign In'}
      </AdminButton>
    </form>
  );
}

/** Whether a refused second step must start again from the password. */
function mustRestart(err: unknown): boolean {
  return isApiError(err) && (err.status === 429 || (err.status === 401 && !err.fieldErrors.code));
}

/** The code of the authenticator app, or a recovery code. */
function CodeStep({ idPrefix, challenge, onSignedIn, onRestart }: { idPrefix: string; challenge: string; onSignedIn: (d: SignedIn) => void; onRestart: (message?: string) => void }) {
  const [recovery, setRecovery] = useState(false);
  const fieldId = `${idPrefix}-code`;
  const { code, setCode, error, setError, pending, submit, refocus } = useCodeForm(fieldId);

  const send = (e: React.FormEvent) =>
    submit(
      e,
      recovery ? (code.trim() ? '' : 'Enter one of your recovery codes.') : code.length === 6 ? '' : 'Enter the 6-digit code your authenticator app shows.',
      async () => onSignedIn(await sendLoginCode(challenge, code.trim())),
      (err) => {
        if (!mustRestart(err)) return false;
        onRestart(isApiError(err) ? err.message : undefined);
        return true;
      },
    );

  const switchMode = () => {
    setRecovery(!recovery);
    setCode('');
    setError('');
    // The field changes kind; the focus stays on it.
    setTimeout(refocus, 0);
  };

  return (
    <form onSubmit={(e) => void send(e)} noValidate className="grid gap-4">
      <p className="text-sm text-body">
        {recovery ? 'Type one of the recovery codes you saved when you set up two-factor sign-in. Each works once.' : 'Open your authenticator app and type the code it shows for this site.'}
      </p>
      <FormField
        id={fieldId}
        label={recovery ? 'Recovery code' : 'Authentication code'}
        error={error}
        hint={recovery ? 'As saved, e.g. abcd-efgh-ijkl-mnop.' : '6 digits; a new code comes every 30 seconds.'}
      >
        {recovery ? (
          <Input
            key="recovery"
            id={fieldId}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={maxCode}
            className="font-mono"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            aria-invalid={!!error || undefined}
            aria-describedby={error ? `${fieldId}-error` : `${fieldId}-hint`}
          />
        ) : (
          <AppCodeInput key="code" id={fieldId} autoFocus className="font-mono tracking-widest" code={code} onChange={setCode} error={error} />
        )}
      </FormField>
      <AdminButton type="submit" variant="primary" className="mt-2 w-full" disabled={pending}>
        {pending ? 'Checking...' : 'Verify'}
      </AdminButton>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <button type="button" className="font-medium text-primary-strong underline-offset-2 hover:underline focus-visible:underline" onClick={switchMode}>
          {recovery ? 'Use the code from your app' : 'Use a recovery code'}
        </button>
        <button type="button" className="text-body underline-offset-2 hover:underline focus-visible:underline" onClick={() => onRestart()}>
          Start over
        </button>
      </div>
    </form>
  );
}

/** The enrolment an account must make before its first session. */
function SetupStep({ idPrefix, step, onSignedIn, onRestart }: { idPrefix: string; step: SecondStep; onSignedIn: (d: SignedIn) => void; onRestart: (message?: string) => void }) {
  const [signedIn, setSignedIn] = useState<SignedIn | null>(null);
  return (
    <div className="grid gap-4">
      <p className="text-sm text-body">Your administrators require two-factor sign-in. Set it up now to continue: it takes a minute with an authenticator app on your phone.</p>
      <TwoFactorSetup
        idPrefix={`${idPrefix}-setup`}
        account={step.username}
        start={async () => {
          try {
            return await startLoginEnrolment(step.challenge);
          } catch (err) {
            if (mustRestart(err)) onRestart(isApiError(err) ? err.message : undefined);
            throw err;
          }
        }}
        confirm={async (code) => {
          try {
            const data = await confirmLoginEnrolment(step.challenge, code);
            setSignedIn(data);
            return data.recoveryCodes;
          } catch (err) {
            if (mustRestart(err)) onRestart(isApiError(err) ? err.message : undefined);
            throw err;
          }
        }}
        doneLabel="Continue to the admin"
        onDone={() => signedIn && onSignedIn(signedIn)}
        onCancel={() => onRestart()}
      />
    </div>
  );
}
