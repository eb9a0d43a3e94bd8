import { useQuery } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { apiData, isApiError } from '@/lib/api-client';
import { invitationToken } from './lib/invitations';
import { SignInFrame } from './sign-in-frame';

/**
 * Where the link that verifies a staff member's new address leads
 * (/admin/verify-email#token): the address is verified as the page opens,
 * once; the token travels in the fragment and the request's body only.
 */
export function VerifyEmailPage() {
  const token = invitationToken(useLocation().hash);
  const verify = useQuery({
    queryKey: ['verify-email', token],
    queryFn: async () => {
      const out = await apiData<{ email: string }>('POST', '/api/public/verify-email', { body: { token } });
      // The token is spent: keep it out of the history and the address bar.
      window.history.replaceState(window.history.state, '', '/admin/verify-email');
      return out;
    },
    enabled: token !== '',
    retry: (n, err) => !isApiError(err) || (err.status === 0 && n < 2),
    staleTime: Infinity,
  });
  const problem = !token
    ? 'This address holds no link: open the whole link you were sent.'
    : verify.error
      ? verify.error.message
      : '';
  return (
    <SignInFrame icon={MailCheck} title="Your e-mail address" intro="E-mail about leads reaches staff at a verified address.">
      {problem ? (
        <p role="alert" className="rounded-lg border border-danger-line bg-danger-soft px-4 py-3 text-sm text-danger">
          {problem}
        </p>
      ) : verify.data ? (
        <p role="status" className="rounded-lg border border-success/30 bg-success-soft px-4 py-3 text-sm text-success">
          {verify.data.email} is verified. E-mail about your leads goes there from now on.
        </p>
      ) : (
        <p role="status" className="py-4 text-center text-sm text-muted">
          Verifying your address...
        </p>
      )}
      <p className="mt-4 text-center text-sm">
        <Link to="/admin" className="font-medium text-primary-strong underline underline-offset-2">
          Go to the admin
        </Link>
      </p>
    </SignInFrame>
  );
}
