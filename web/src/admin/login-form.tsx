import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { writeAdminSession, type AdminUser } from '@/features/editable-text/edit-mode';
import { apiRequest, isApiError } from '@/lib/api-client';
import { AdminButton } from './ui/admin-button';
import { FormField } from './ui/form-field';
import { Input } from './ui/input';

type LoginResponse = { success: boolean; sessionToken: string; user: AdminUser };

type LoginFormProps = {
  /** Prefix of the fields' ids, unique on the page. */
  idPrefix: string;
  initialUsername?: string;
  /** The session is stored; what happens next is the caller's. */
  onSignedIn: (user: AdminUser) => void;
  /** Why the login failed, in words for the user. */
  onFailure: (message: string) => void;
};

/** Username and password, checked, sent, and the session stored (SPEC section 2). */
export function LoginForm({ idPrefix, initialUsername = '', onSignedIn, onFailure }: LoginFormProps) {
  const [username, setUsername] = useState(initialUsername);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ username?: string; password?: string }>({});
  const login = useMutation({
    mutationFn: async (creds: { username: string; password: string }) => {
      const res = await apiRequest('POST', '/api/admin/login', { body: creds });
      return (await res.json()) as LoginResponse;
    },
    onSuccess: (data) => {
      if (!data.success || !data.sessionToken || !data.user) {
        onFailure('Invalid credentials');
        return;
      }
      writeAdminSession(data.sessionToken, data.user);
      onSignedIn(data.user);
    },
    onError: (err) => onFailure((isApiError(err) && err.status > 0 && err.message) || 'Invalid credentials'),
  });

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
