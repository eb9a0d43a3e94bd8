import { useState, useSyncExternalStore } from 'react';
import { toast } from '@/lib/toast-store';
import { signedIn, signInCancelled, signInRequested, subscribeSignIn } from '@/lib/session';
import { LoginForm } from './login-form';
import { Dialog, DialogContent, DialogHeader } from '@/components/ui/dialog';

const never = () => false;

/**
 * The sign-in over the page when the session ended while someone worked:
 * whatever was open stays open, and the write that met the end goes again
 * once they are signed in. Closing it leaves them signed out, their work
 * still on screen.
 */
export function SignInDialog({ username }: { username: string }) {
  const open = useSyncExternalStore(subscribeSignIn, signInRequested, never);
  const [error, setError] = useState('');
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (o) return;
        setError('');
        signInCancelled();
      }}
    >
      <DialogContent className="sm:max-w-sm">
        <DialogHeader title="Sign in again" description="Your session has ended. Sign in to carry on: what you were doing is kept, and your change is saved once you are back." />
        {error && (
          <p role="alert" className="rounded-lg border border-danger-line bg-danger-soft px-3 py-2 text-sm text-danger">
            {error}
          </p>
        )}
        {open && (
          <LoginForm
            idPrefix="signin"
            initialUsername={username}
            onSignedIn={() => {
              setError('');
              toast({ title: 'Success!', description: 'Signed in again' });
              signedIn();
            }}
            onFailure={setError}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
