import { useState } from 'react';
import { LockKeyhole } from 'lucide-react';
import { useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { writeAdminSession, type AdminUser } from '@/features/editable-text/edit-mode';
import { toast } from '@/features/toast/toast-store';
import { apiRequest, serverMessage } from './lib/api-client';
import { AdminButton } from './ui/admin-button';
import { FormField } from './ui/form-field';
import { Input } from './ui/input';

type LoginResponse = { success: boolean; sessionToken: string; user: AdminUser };

export function LoginPage() {
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ username?: string; password?: string }>({});
  const login = useMutation({
    mutationFn: async (creds: { username: string; password: string }) => {
      const res = await apiRequest('POST', '/api/admin/login', creds);
      return (await res.json()) as LoginResponse;
    },
    onSuccess: (data) => {
      if (!data.success || !data.sessionToken || !data.user) {
        toast({ title: 'Login Failed', description: 'Invalid credentials', variant: 'destructive' });
        return;
      }
      writeAdminSession(data.sessionToken, data.user);
      toast({ title: 'Success!', description: 'Logged in successfully' });
      navigate('/admin');
    },
    onError: (err) => {
      toast({ title: 'Login Failed', description: serverMessage(err) || 'Invalid credentials', variant: 'destructive' });
    },
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

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-slate-100 via-white to-blue-50 px-4 py-12">
      <div className="w-full max-w-sm rounded-2xl border border-slate-200 bg-white p-8 shadow-xl shadow-slate-200/60">
        <div className="mb-6 grid justify-items-center gap-2 text-center">
          <span className="flex size-12 items-center justify-center rounded-xl bg-slate-900 text-white" aria-hidden="true">
            <LockKeyhole className="size-6" />
          </span>
          <h1 className="text-2xl font-semibold text-slate-900">Admin Panel</h1>
          <p className="text-sm text-slate-500">Sign in to manage the website</p>
        </div>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <FormField id="login-username" label="Username" error={errors.username}>
            <Input
              id="login-username"
              autoComplete="username"
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              aria-invalid={errors.username ? true : undefined}
              aria-describedby={errors.username ? 'login-username-error' : undefined}
            />
          </FormField>
          <FormField id="login-password" label="Password" error={errors.password}>
            <Input
              id="login-password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={errors.password ? 'login-password-error' : undefined}
            />
          </FormField>
          <AdminButton type="submit" variant="primary" className="mt-2 w-full" disabled={login.isPending}>
            {login.isPending ? 'Signing In...' : 'Sign In'}
          </AdminButton>
        </form>
      </div>
    </main>
  );
}
