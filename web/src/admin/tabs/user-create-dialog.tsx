import { useState } from 'react';
import { toast } from '@/lib/toast-store';
import { isApiError } from '@/lib/api-client';
import type { InvitationLink, Role } from '@/lib/api-types';
import { useCreateInvitation } from '../lib/invitations';
import { maxUsername, passwordProblem, roleHints, roleLabels, useCreateUser, usernameProblem } from '../lib/users';
import { FormDialog } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { PasswordField } from '../password-field';

export const roleOptions = (['admin', 'editor', 'sales'] as Role[]).map((r) => ({ value: r, label: roleLabels[r] }));

/** The message of a failed request, and its field messages. */
export function failure(err: unknown): { message: string; fields: Record<string, string> } {
  if (isApiError(err)) return { message: err.message, fields: { ...err.fieldErrors } };
  return { message: 'Something went wrong. Try again.', fields: {} };
}

type Way = 'invite' | 'password';

const ways: { value: Way; label: string; hint: string }[] = [
  { value: 'invite', label: 'Send an invitation link', hint: 'They choose their own password. The link works once, for 72 hours.' },
  { value: 'password', label: 'Set a password now', hint: 'You tell them the password by a safe way; they can change it under Account.' },
];

/**
 * A new staff account: by an invitation link (the default: nobody but the
 * person knows the password) or with a password set here. An invitation's
 * link is handed to onInvited, to be shown and copied.
 */
export function CreateUserDialog({ onClose, onInvited }: { onClose: () => void; onInvited: (link: InvitationLink) => void }) {
  const create = useCreateUser();
  const invite = useCreateInvitation();
  const [way, setWay] = useState<Way>('invite');
  const [values, setValues] = useState({ username: '', password: '', role: 'editor' as Role, email: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const pending = create.isPending || invite.isPending;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (pending) return;
    const local: Record<string, string> = {};
    const u = usernameProblem(values.username);
    if (u) local.username = u;
    const p = way === 'password' ? passwordProblem(values.password) : '';
    if (p) local.password = p;
    const email = values.email.trim();
    if (way === 'invite' && email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) local.email = 'Enter an e-mail address, such as name@example.com, or leave it empty.';
    setErrors(local);
    setFormError('');
    if (Object.keys(local).length) {
      document.getElementById(local.username ? 'user-username' : local.email ? 'user-email' : 'user-password')?.focus();
      return;
    }
    const username = values.username.trim();
    try {
      if (way === 'invite') {
        onInvited(await invite.mutateAsync({ username, role: values.role, email }));
        return;
      }
      const user = await create.mutateAsync({ username, password: values.password, role: values.role });
      toast({ title: `${user.username} can sign in now`, description: `Role: ${roleLabels[user.role]}. Give them the password in person or by another safe way.` });
      onClose();
    } catch (err) {
      const f = failure(err);
      setErrors(f.fields);
      setFormError(Object.keys(f.fields).length ? '' : f.message);
    }
  }

  return (
    <FormDialog
      title="Add user"
      description="Who they are, what they may do, and how they get in."
      onSubmit={submit}
      onClose={onClose}
      pending={pending}
      submitLabel={way === 'invite' ? (pending ? 'Creating link...' : 'Create invitation link') : pending ? 'Adding...' : 'Add user'}
    >
      <FormField id="user-username" label="Username" required error={errors.username} hint={`Letters, digits and . _ - @; at most ${maxUsername} characters.`}>
        <Input
          id="user-username"
          autoComplete="off"
          maxLength={maxUsername}
          value={values.username}
          onChange={(e) => setValues({ ...values, username: e.target.value })}
          aria-invalid={!!errors.username || undefined}
          aria-describedby={errors.username ? 'user-username-error' : 'user-username-hint'}
        />
      </FormField>
      <FormField id="user-role" label="Role" required error={errors.role} hint={roleHints[values.role]}>
        <Select id="user-role" value={values.role} onValueChange={(v) => setValues({ ...values, role: v as Role })} options={roleOptions} aria-describedby="user-role-hint" />
      </FormField>
      <fieldset className="grid gap-2">
        <legend className="mb-1.5 text-sm font-medium text-default">How they get in</legend>
        {ways.map((w) => (
          <label
            key={w.value}
            className="flex cursor-pointer items-start gap-3 rounded-lg border border-default p-3 has-[:checked]:border-primary has-[:checked]:bg-primary/5"
          >
            <input
              type="radio"
              name="user-way"
              value={w.value}
              checked={way === w.value}
              onChange={() => setWay(w.value)}
              className="mt-0.5 size-4 accent-primary"
              aria-labelledby={`user-way-${w.value}`}
              aria-describedby={`user-way-${w.value}-hint`}
            />
            <span className="grid gap-0.5">
              <span id={`user-way-${w.value}`} className="text-sm font-medium text-default">
                {w.label}
              </span>
              <span id={`user-way-${w.value}-hint`} className="text-xs text-muted">
                {w.hint}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      {way === 'invite' && (
        <FormField id="user-email" label="Their e-mail address" error={errors.email} hint="The link is mailed there, and becomes their verified address. Leave empty to copy the link yourself.">
          <Input
            id="user-email"
            type="email"
            autoComplete="off"
            maxLength={254}
            value={values.email}
            onChange={(e) => setValues({ ...values, email: e.target.value })}
            aria-invalid={!!errors.email || undefined}
            aria-describedby={errors.email ? 'user-email-error' : 'user-email-hint'}
          />
        </FormField>
      )}
      {way === 'password' && (
        <PasswordField
          id="user-password"
          label="Password"
          value={values.password}
          onChange={(password) => setValues({ ...values, password })}
          error={errors.password}
          hint="8 to 256 characters."
        />
      )}
      {formError && (
        <p role="alert" className="rounded-lg border border-danger-line bg-danger-soft px-4 py-3 text-sm text-danger">
          {formError}
        </p>
      )}
    </FormDialog>
  );
}
