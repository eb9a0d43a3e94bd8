import { useState } from 'react';
import { LogOut, Monitor, Save } from 'lucide-react';
import { toast } from '@/features/toast/toast-store';
import { isApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/dates';
import { maxPassword, passwordProblem, roleLabels, useAccountSessions, useChangePassword, useEndSessions, useMe } from '../lib/users';
import { ListState, RecordList, RecordRow } from '../tab-parts';
import { AdminButton } from '../ui/admin-button';
import { Badge } from '../ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { FormField } from '../ui/form-field';
import { Input } from '../ui/input';

type PasswordFields = { currentPassword: string; newPassword: string; confirm: string };
const empty: PasswordFields = { currentPassword: '', newPassword: '', confirm: '' };

function PasswordCard() {
  const change = useChangePassword();
  const [values, setValues] = useState(empty);
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
      setValues(empty);
      toast({ title: 'Password changed', description: 'Your other sessions have ended; this one stays signed in.' });
    } catch (err) {
      const fields = isApiError(err) ? (err.fieldErrors as Partial<PasswordFields>) : {};
      setErrors(Object.keys(fields).length ? fields : { currentPassword: isApiError(err) ? err.message : 'Something went wrong. Try again.' });
    }
  }

  const field = (key: keyof PasswordFields, label: string, autoComplete: string, hint?: string) => (
    <FormField id={`account-${key}`} label={label} required error={errors[key]} hint={hint}>
      <Input
        id={`account-${key}`}
        type="password"
        autoComplete={autoComplete}
        maxLength={maxPassword}
        value={values[key]}
        onChange={(e) => setValues({ ...values, [key]: e.target.value })}
        aria-invalid={!!errors[key] || undefined}
        aria-describedby={errors[key] ? `account-${key}-error` : hint ? `account-${key}-hint` : undefined}
      />
    </FormField>
  );

  return (
    <Card>
      <CardHeader>
        <div>
          <CardTitle>Change password</CardTitle>
          <CardDescription>Your other sessions end; this one stays signed in.</CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        <form onSubmit={(e) => void submit(e)} noValidate className="grid max-w-md gap-4">
          {field('currentPassword', 'Current password', 'current-password')}
          {field('newPassword', 'New password', 'new-password', '8 to 256 characters.')}
          {field('confirm', 'New password again', 'new-password')}
          <div>
            <AdminButton type="submit" variant="primary" aria-disabled={change.isPending || undefined}>
              <Save aria-hidden="true" />
              {change.isPending ? 'Changing...' : 'Change password'}
            </AdminButton>
          </div>
        </form>
      </CardContent>
    </Card>
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
    <Card>
      <CardHeader>
        <div>
          <CardTitle>Your sessions</CardTitle>
          <CardDescription>Where you are signed in, the last used first.</CardDescription>
        </div>
        {others > 0 && (
          <AdminButton variant="outline" disabled={end.isPending} onClick={() => void endSessions()}>
            <LogOut aria-hidden="true" />
            Sign out all others
          </AdminButton>
        )}
      </CardHeader>
      <CardContent>
        <ListState isLoading={sessions.isLoading} error={sessions.error} isEmpty={sessions.data?.length === 0} loadingText="Loading sessions..." emptyText="No sessions.">
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
                <p className="flex items-center gap-2 font-medium text-slate-900">
                  <Monitor className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
                  {s.device}
                </p>
                <p className="text-sm text-slate-500">
                  Last used {formatDate(s.lastSeenAt)} · signed in {formatDate(s.createdAt)}
                </p>
              </RecordRow>
            ))}
          </RecordList>
        </ListState>
      </CardContent>
    </Card>
  );
}

/** The signed-in user's own account: password and sessions. */
export function AccountTab() {
  const me = useMe().data;
  return (
    <div className="grid gap-6">
      {me && (
        <p className="text-sm text-slate-600">
          Signed in as <strong className="font-semibold text-slate-900">{me.username}</strong>, {roleLabels[me.role].toLowerCase()}.
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <PasswordCard />
        <SessionsCard />
      </div>
    </div>
  );
}
