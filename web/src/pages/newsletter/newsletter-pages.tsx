import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { linkToken, postLink, type LinkAction, type LinkOutcome } from '@/features/newsletter/newsletter-links';

type LinkPageCopy = {
  title: string;
  text: string;
  button: string;
  busy: string;
  done: (email: string) => string;
};

const confirmCopy: LinkPageCopy = {
  title: 'Confirm your subscription',
  text: 'Press the button to receive our newsletter: one email a month with our best articles and case studies. Nothing is sent until you do.',
  button: 'Confirm subscription',
  busy: 'Confirming…',
  done: (email) => `You are subscribed: ${email} will receive our newsletter. Every email carries a link to unsubscribe.`,
};

const unsubscribeCopy: LinkPageCopy = {
  title: 'Unsubscribe from our newsletter',
  text: 'Press the button and we will send no more newsletters to this address.',
  button: 'Unsubscribe',
  busy: 'Unsubscribing…',
  done: (email) => `You are unsubscribed: ${email} will receive no more emails from our newsletter.`,
};

const noToken = 'This link is incomplete: open it again from the email, as it is there.';

/**
 * A page a link of the newsletter's emails opens: the link's token is
 * posted by the button, never by opening the page, so that a mail scanner
 * that follows every link confirms and cancels nothing.
 */
function LinkPage({ action, copy }: { action: LinkAction; copy: LinkPageCopy }) {
  // Read once the page runs: the server renders the page without it.
  const [token, setToken] = useState<string | null>(null);
  useEffect(() => setToken(linkToken()), []);
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<LinkOutcome | null>(null);

  async function press() {
    if (!token) return;
    setPending(true);
    setOutcome(await postLink(action, token));
    setPending(false);
  }

  const failure = token === '' ? noToken : outcome && !outcome.ok ? outcome.message : '';
  return (
    <section className="mx-auto max-w-2xl px-6 py-24 text-center sm:py-32">
      <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">{copy.title}</h1>
      <p className="mt-6 text-lg text-slate-600">{copy.text}</p>
      <p role="status" className="mt-8 text-lg font-medium text-ink empty:hidden">
        {outcome?.ok ? copy.done(outcome.subscription.email) : ''}
      </p>
      {failure && (
        <p role="alert" className="mt-8 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-800">
          {failure}
        </p>
      )}
      {outcome?.ok ? (
        <Button asChild variant="secondary" className="mt-10">
          <Link to="/blog">Read the blog</Link>
        </Button>
      ) : (
        <Button type="button" className="mt-10" disabled={!token || pending} onClick={() => void press()}>
          {pending ? copy.busy : copy.button}
        </Button>
      )}
    </section>
  );
}

/** The page of either link, by its address: /newsletter/confirm or /newsletter/unsubscribe. */
export function NewsletterPage() {
  const confirm = useLocation().pathname.endsWith('/confirm');
  return <LinkPage key={String(confirm)} action={confirm ? 'confirm' : 'unsubscribe'} copy={confirm ? confirmCopy : unsubscribeCopy} />;
}
