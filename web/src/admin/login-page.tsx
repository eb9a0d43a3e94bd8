import { LockKeyhole } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast-store';
import { LoginForm } from './login-form';
import { SignInFrame } from './sign-in-frame';

export function LoginPage() {
  const navigate = useNavigate();
  return (
    <SignInFrame icon={LockKeyhole} title="Admin Panel" intro="Sign in to manage the website">
      <LoginForm
        idPrefix="login"
        onSignedIn={() => {
          toast({ title: 'Success!', description: 'Logged in successfully' });
          navigate('/admin');
        }}
        onFailure={(message) => toast({ title: 'Login Failed', description: message, variant: 'destructive' })}
      />
    </SignInFrame>
  );
}
