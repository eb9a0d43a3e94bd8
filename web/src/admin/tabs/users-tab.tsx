import { useState } from 'react';
import { KeyRound, ShieldOff, UserCheck, UserCog, UserX } from 'lucide-react';
import { toast } from '@/lib/toast-store';
import type { InvitationLink, Role, StaffUser } from '@/lib/api-types';
import { interestChoices } from '@/lib/api-contracts';
import { rolePermissions } from '../lib/admin-contracts';
import { formatDate } from '@/lib/dates';
import { passwordProblem, roleHints, roleLabels, useMe, useResetPassword, useUpdateUser, useUsers } from '../lib/users';
import { useResetTwoFactor, useSecuritySettings, useUpdateSecuritySettings } from '../lib/two-factor';
import { ListState, RecordList, RecordRow, TabCard } from '../tab-parts';
import { Badge } from '@/components/ui/badge';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { FormDialog } from '@/components/ui/form-dialog';
import { Select } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { IconButton } from '@/components/ui/icon-button';
import { PasswordField } from '../password-field';
import { InvitationLinkDialog, InvitationsCard } from './invitations-card';
import { CreateUserDialog, failure, roleOptions } from './user-create-dialog';

type DialogState =
  | { kind: 'create' }
  | { kind: 'role'; user: StaffUser }
  | { kind: 'password'; user: StaffUser }
  | { kind: 'disable'; user: StaffUser }
  | { kind: 'twoFactor'; user: StaffUser }
  | null;

/** The staff accounts (administrators only): role, status, last sign-in. */
export function UsersTab() {
  const users = useUsers();
  const me = useMe().data;
  const update = useUpdateUser();
  const resetTwoFactor = useResetTwoFactor();
  const [dialog, setDialog] = useState<DialogState>(null);
  const [link, setLink] = useState<InvitationLink | null>(null);
  const close = () => setDialog(null);
  const showLink = (l: InvitationLink) => {
    setDialog(null);
    setLink(l);
  };

  async function reset2fa(user: StaffUser) {
    try {
      await resetTwoFactor.mutateAsync(user.id);
      toast({ title: `Two-factor sign-in of ${user.username} reset`, description: 'Their password alone signs them in, until they set it up again.' });
    } catch (err) {
      toast({ title: 'Not reset', description: failure(err).message, variant: 'destructive' });
    }
  }

  async function setStatus(user: StaffUser, status: 'active' | 'disabled') {
    try {
      await update.mutateAsync({ id: user.id, role: user.role, status });
      toast({
        title: status === 'disabled' ? `${user.username} is disabled` : `${user.username} is enabled`,
        description: status === 'disabled' ? 'Their sessions have ended; they cannot sign in until enabled.' : 'They can sign in again.',
      });
    } catch (err) {
      toast({ title: 'Not changed', description: failure(err).message, variant: 'destructive' });
    }
  }

  return (
    <div className="grid gap-6">
      <TabCard title="Users" description="Who can sign in to the admin, and what each may do." addLabel="Add user" onAdd={() => setDialog({ kind: 'create' })}>
        <ListState query={users} isEmpty={users.data?.length === 0} loadingText="Loading users..." emptyText="No users yet.">
          <RecordList>
            {users.data?.map((u) => {
              const self = u.id === me?.id;
              return (
                <RecordRow
                  key={u.id}
                  label={u.username}
                  aside={
                    <>
                      <Badge variant={u.role === 'admin' ? 'info' : 'muted'}>{roleLabels[u.role]}</Badge>
                      <Badge variant={u.status === 'active' ? 'success' : 'muted'}>{u.status === 'active' ? 'Active' : 'Disabled'}</Badge>
                      <Badge variant={u.twoFactor ? 'success' : 'muted'}>{u.twoFactor ? 'Two-factor on' : 'Two-factor off'}</Badge>
                      {u.takesLeads && <Badge variant="accent">Takes leads</Badge>}
                      {u.publisher && u.role !== 'admin' && <Badge variant="accent">Publisher</Badge>}
                      <IconButton icon={UserCog} tip="Change role and leads" label={`Change role of ${u.username}`} onClick={() => setDialog({ kind: 'role', user: u })} />
                      <IconButton icon={KeyRound} tip="Reset password" label={`Reset password of ${u.username}`} onClick={() => setDialog({ kind: 'password', user: u })} />
                      {u.twoFactor && (
                        <IconButton icon={ShieldOff} tip="Reset two-factor" label={`Reset two-factor of ${u.username}`} disabled={resetTwoFactor.isPending} onClick={() => setDialog({ kind: 'twoFactor', user: u })} />
                      )}
                      {u.status === 'active' ? (
                        !self && (
                          <IconButton icon={UserX} tip="Disable" label={`Disable ${u.username}`} disabled={update.isPending} danger onClick={() => setDialog({ kind: 'disable', user: u })} />
                        )
                      ) : (
                        <IconButton icon={UserCheck} tip="Enable" label={`Enable ${u.username}`} disabled={update.isPending} onClick={() => void setStatus(u, 'active')} />
                      )}
                    </>
                  }
                >
                  <p className="font-medium break-words text-default">
                    {u.username}
                    {self && <span className="ml-1.5 text-sm font-normal text-muted">(you)</span>}
                  </p>
                  <p className="text-sm text-muted">{u.lastLoginAt ? `Last signed in ${formatDate(u.lastLoginAt)}` : 'Never signed in'}</p>
                </RecordRow>
              );
            })}
          </RecordList>
        </ListState>
        {dialog?.kind === 'create' && <CreateUserDialog onClose={close} onInvited={showLink} />}
        {link && <InvitationLinkDialog link={link} onClose={() => setLink(null)} />}
        {dialog?.kind === 'role' && <RoleDialog user={dialog.user} onClose={close} />}
        {dialog?.kind === 'password' && <ResetPasswordDialog user={dialog.user} self={dialog.user.id === me?.id} onClose={close} />}
        <ConfirmDialog
          open={dialog?.kind === 'disable'}
          title={dialog?.kind === 'disable' ? `Disable ${dialog.user.username}?` : ''}
          description="Their open sessions end at once and they cannot sign in until an administrator enables them again. Their work stays."
          cancelLabel="Keep active"
          confirmLabel="Disable"
          onCancel={close}
          onConfirm={() => {
            if (dialog?.kind === 'disable') void setStatus(dialog.user, 'disabled');
            close();
          }}
        />
        <ConfirmDialog
          open={dialog?.kind === 'twoFactor'}
          title={dialog?.kind === 'twoFactor' ? `Reset two-factor of ${dialog.user.username}?` : ''}
          description="For someone who lost their phone: their app's codes and recovery codes stop working, they are signed out everywhere, and their password alone signs them in until they set it up again (at once, when two-factor is required). Make sure it is them who asks."
          cancelLabel="Keep it"
          confirmLabel="Reset two-factor"
          onCancel={close}
          onConfirm={() => {
            if (dialog?.kind === 'twoFactor') void reset2fa(dialog.user);
            close();
          }}
        />
      </TabCard>
      <InvitationsCard onLink={showLink} />
      <SecurityCard />
    </div>
  );
}

/** The sign-in rules of all staff. */
function SecurityCard() {
  const settings = useSecuritySettings();
  const update = useUpdateSecuritySettings();

  async function setRequired(requireTwoFactor: boolean) {
    try {
      await update.mutateAsync({ requireTwoFactor });
      toast({
        title: requireTwoFactor ? 'Two-factor sign-in required' : 'Two-factor sign-in optional',
        description: requireTwoFactor ? 'Staff without it set it up at their next sign-in; open sessions go on.' : 'Each person chooses under Account.',
      });
    } catch (err) {
      toast({ title: 'Not changed', description: failure(err).message, variant: 'destructive' });
    }
  }

  return (
    <TabCard title="Sign-in" description="Rules for every staff account.">
      <ListState query={settings} loadingText="Loading sign-in settings...">
        <div className="flex items-start justify-between gap-4">
          <div className="grid gap-0.5">
            <label htmlFor="security-require-2fa" className="text-sm font-medium text-default">
              Require two-factor sign-in for all staff
            </label>
            <p id="security-require-2fa-hint" className="text-sm text-muted">
              Everyone without it is taken to set it up at their next sign-in, before anything else. Nobody can turn it off while this is on.
            </p>
          </div>
          <Switch
            id="security-require-2fa"
            checked={settings.data?.requireTwoFactor ?? false}
            disabled={update.isPending}
            onCheckedChange={(c) => void setRequired(c)}
            aria-describedby="security-require-2fa-hint"
          />
        </div>
      </ListState>
    </TabCard>
  );
}

/** The role of a user, and whether (and which) new leads go to them. */
function RoleDialog({ user, onClose }: { user: StaffUser; onClose: () => void }) {
  const update = useUpdateUser();
  const [role, setRole] = useState<Role>(user.role);
  const [takesLeads, setTakesLeads] = useState(user.takesLeads);
  const [interests, setInterests] = useState<string[]>(user.leadInterests);
  const [publisher, setPublisher] = useState(user.publisher);
  const [error, setError] = useState('');
  const mayTake = rolePermissions[role].includes('leads');
  // Administrators publish by their role; an editor may be granted it.
  const mayGrantPublish = rolePermissions[role].includes('content') && !rolePermissions[role].includes('publish');

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const takes = mayTake && takesLeads;
    try {
      await update.mutateAsync({ id: user.id, role, status: user.status, takesLeads: takes, leadInterests: takes ? interests : [], publisher: mayGrantPublish && publisher });
      toast({
        title: role === user.role ? `${user.username} is saved` : `${user.username} is now ${roleLabels[role].toLowerCase()}`,
        description: takes ? 'New leads go to them in turn.' : 'The change holds from their next request.',
      });
      onClose();
    } catch (err) {
      setError(failure(err).message);
    }
  }

  return (
    <FormDialog
      title={`Role of ${user.username}`}
      description={mayGrantPublish ? "What they may see and change in the admin, and whether they publish others' changes." : "What they may see and change in the admin, and whether new leads go to them."}
      onSubmit={submit}
      onClose={onClose}
      pending={update.isPending}
      submitLabel={update.isPending ? 'Saving...' : 'Save'}
    >
      <FormField id="user-new-role" label="Role" required error={error} hint={roleHints[role]}>
        <Select id="user-new-role" value={role} onValueChange={(v) => setRole(v as Role)} options={roleOptions} invalid={!!error} aria-describedby={error ? 'user-new-role-error' : 'user-new-role-hint'} />
      </FormField>
      {mayGrantPublish && (
        <label className="inline-flex items-start gap-3 text-sm text-body">
          <Switch checked={publisher} onCheckedChange={setPublisher} className="mt-0.5" aria-label="Publisher" />
          <span>
            <span className="font-medium text-default">Publisher</span>
            <span className="block text-muted">In the approval publishing mode, publishes the changes others ask to have reviewed, or sends them back with a comment.</span>
          </span>
        </label>
      )}
      {mayTake && (
        <fieldset className="grid gap-3">
          <legend className="sr-only">Leads</legend>
          <label className="inline-flex items-start gap-3 text-sm text-body">
            <Switch checked={takesLeads} onCheckedChange={setTakesLeads} className="mt-0.5" />
            <span>
              <span className="font-medium text-default">Takes new leads</span>
              <span className="block text-muted">New leads go round the users who take them; each owner is due to reply within the promised time.</span>
            </span>
          </label>
          {takesLeads && (
            <div className="grid gap-2">
              <p className="text-sm font-medium text-default" id="user-interests-label">
                Only leads interested in
              </p>
              <p className="text-xs text-muted">Leave all unticked to take leads of any interest.</p>
              <div role="group" aria-labelledby="user-interests-label" className="grid gap-1.5 sm:grid-cols-2">
                {interestChoices.map((c) => (
                  <label key={c.value} className="inline-flex min-h-8 items-center gap-2 text-sm text-body">
                    <input
                      type="checkbox"
                      className="size-4 accent-primary"
                      checked={interests.includes(c.value)}
                      onChange={(e) => setInterests((list) => (e.target.checked ? [...list, c.value] : list.filter((v) => v !== c.value)))}
                    />
                    {c.label}
                  </label>
                ))}
              </div>
            </div>
          )}
        </fieldset>
      )}
    </FormDialog>
  );
}

function ResetPasswordDialog({ user, self, onClose }: { user: StaffUser; self: boolean; onClose: () => void }) {
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const p = passwordProblem(password);
    if (p) {
      setError(p);
      document.getElementById('user-reset-password')?.focus();
      return;
    }
    try {
      await reset.mutateAsync({ id: user.id, password });
      toast({ title: `Password of ${user.username} reset`, description: self ? 'Your other sessions have ended.' : 'Their sessions have ended; they sign in with the new password.' });
      onClose();
    } catch (err) {
      setError(failure(err).message);
    }
  }

  return (
    <FormDialog
      title={`Reset password of ${user.username}`}
      description={self ? 'Your other sessions end; this one stays.' : 'Every session of theirs ends at once; they sign in again with this password.'}
      onSubmit={submit}
      onClose={onClose}
      pending={reset.isPending}
      submitLabel={reset.isPending ? 'Resetting...' : 'Reset password'}
    >
      <PasswordField id="user-reset-password" label="New password" value={password} onChange={setPassword} error={error} hint="8 to 256 characters." />
    </FormDialog>
  );
}
