import { LockKeyhole } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from '@/features/toast/toast-store';
import { LoginForm } from './login-form';

export function LoginPage() {
  const navigate = useNavigate();
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
        <LoginForm
          idPrefix="login"
          onSignedIn={() => {
            toast({ title: 'Success!', description: 'Logged in successfully' });
            navigate('/admin');
          }}
          onFailure={(message) => toast({ title: 'Login Failed', description: message, variant: 'destructive' })}
        />
      </div>
    </main>
  );
}
