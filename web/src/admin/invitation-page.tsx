import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from '@/lib/toast-store';
import { isApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/dates';
import { acceptInvitation, checkInvitation, invitationToken } from './lib/invitations';
import { passwordProblem, roleHints, roleLabels } from './lib/users';
import { LoginForm } from './login-form';
import { PasswordField } from './password-field';
import { SignInFrame } from './sign-in-frame';
import { AdminButton } from '@/components/ui/admin-button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

/**
 * Where an invitation link leads (/admin/invite#token): the invited person
 * chooses their password, which creates the account, and signs in with it.
 */
export function InvitationPage() {
  const token = invitationToken(useLocation().hash);
  const navigate = useNavigate();
  const check = useQuery({
    queryKey: ['invitation', token],
    queryFn: () => checkInvitation(token),
    enabled: token !== '',
    retry: (n, err) => !isApiError(err) || (err.status === 0 && n < 2),
    staleTime: Infinity,
  });
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ password?: string; repeat?: string; form?: string }>({});
  const [sending, setSending] = useState(false);
  const [created, setCreated] = useState<string | null>(null);

  if (created) {
    return (
      <SignInFrame icon={UserPlus} title="Your account is ready" intro="Sign in with the password you just chose.">
        <LoginForm
          idPrefix="invite-login"
          initialUsername={created}
          onSignedIn={() => {
            toast({ title: 'Welcome!', description: 'You are signed in.' });
            navigate('/admin', { replace: true });
          }}
          onFailure={(message) => toast({ title: 'Login Failed', description: message, variant: 'destructive' })}
        />
      </SignInFrame>
    );
  }

  const problem = !token
    ? 'This address holds no invitation: open the whole link you were sent, or ask an administrator for a new one.'
    : check.error
      ? check.error.message
      : '';
  if (problem) {
    return (
      <SignInFrame icon={UserPlus} title="Invitation" intro="An invitation link opens an account in the admin.">
        <p role="alert" className="rounded-lg border border-danger-line bg-danger-soft px-4 py-3 text-sm text-danger">
          {problem}
        </p>
        <p className="mt-4 text-center text-sm">
          <Link to="/admin/login" className="font-medium text-primary-strong underline underline-offset-2">
            Go to sign-in
          </Link>
        </p>
      </SignInFrame>
    );
  }
  const inv = check.data;
  if (!inv) {
    return (
      <SignInFrame icon={UserPlus} title="Invitation" intro="Checking your link...">
        <p role="status" className="py-4 text-center text-sm text-muted">
          Checking your link...
        </p>
      </SignInFrame>
    );
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (sending || !inv) return;
    const local: typeof errors = {};
    const p = passwordProblem(password);
    if (p) local.password = p;
    else if (password !== repeat) local.repeat = 'The two passwords differ; type the same one twice.';
    setErrors(local);
    if (local.password || local.repeat) {
      document.getElementById(local.password ? 'invite-password' : 'invite-repeat')?.focus();
      return;
    }
    setSending(true);
    try {
      const user = await acceptInvitation(token, password);
      // The token is spent: keep it out of the history and the address bar.
      window.history.replaceState(window.history.state, '', '/admin/invite');
      setCreated(user.username);
    } catch (err) {
      const message = isApiError(err) ? err.message : 'Something went wrong. Try again.';
      setErrors(isApiError(err) && err.fieldErrors.password ? { password: err.fieldErrors.password } : { form: message });
    } finally {
      setSending(false);
    }
  }

  return (
    <SignInFrame
      icon={UserPlus}
      title="Set up your account"
      intro={
        <>
          You are invited as <strong className="font-semibold text-body">{roleLabels[inv.role].toLowerCase()}</strong>. {roleHints[inv.role]}
        </>
      }
    >
      <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
        <FormField id="invite-username" label="Username">
          <Input id="invite-username" readOnly value={inv.username} autoComplete="username" className="bg-surface-muted" />
        </FormField>
        <PasswordField id="invite-password" label="Choose a password" value={password} onChange={setPassword} error={errors.password} hint="8 to 256 characters." />
        <PasswordField id="invite-repeat" label="Type it again" value={repeat} onChange={setRepeat} error={errors.repeat} />
        {errors.form && (
          <p role="alert" className="rounded-lg border border-danger-line bg-danger-soft px-4 py-3 text-sm text-danger">
            {errors.form}
          </p>
        )}
        <AdminButton type="submit" variant="primary" className="w-full" aria-disabled={sending || undefined}>
          {sending ? 'Creating your account...' : 'Create my account'}
        </AdminButton>
        <p className="text-center text-xs text-muted">This link works once, until {formatDate(inv.expiresAt)}.</p>
      </form>
    </SignInFrame>
  );
}
