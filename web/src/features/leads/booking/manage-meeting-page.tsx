import { CalendarCheck2, CalendarX2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cancelMeeting, failureMessage, lookupMeeting, moveMeeting } from '@/features/leads/booking/booking-api';
import { browserTimeZone, formatMeeting } from '@/features/leads/booking/meeting-times';
import { BookingProblem, SlotPicker } from '@/features/leads/booking/slot-picker';
import { isApiError } from '@/lib/api-client';
import type { ManagedMeeting } from '@/lib/api-types';

type Step = 'view' | 'move' | 'cancel' | 'moved' | 'cancelled';

/** The token of the address's fragment (/book/manage#token), which never reaches a server's log. */
function readToken(): string {
  return decodeURIComponent(location.hash.slice(1));
}

/**
 * The page a visitor's invitation links to (/book/manage#token): their
 * meeting, moved to another open time of its owner or cancelled. The link
 * works until the meeting starts.
 */
export function ManageMeetingPage() {
  const [meeting, setMeeting] = useState<ManagedMeeting | null>(null);
  const [gone, setGone] = useState('');
  const [problem, setProblem] = useState('');
  const [step, setStep] = useState<Step>('view');
  const [zone, setZone] = useState('');
  const [chosen, setChosen] = useState('');
  const [pending, setPending] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  async function load() {
    setProblem('');
    try {
      const m = await lookupMeeting(readToken());
      setMeeting(m);
      setZone((z) => z || m.timeZone || browserTimeZone());
    } catch (err) {
      if (isApiError(err, 410) || isApiError(err, 400)) setGone(err.message);
      else setProblem(failureMessage(err));
    }
  }
  useEffect(() => {
    document.title = 'Your consultation';
    void load();
  }, []);
  useEffect(() => heading.current?.focus(), [step, gone]);

  async function act(kind: 'move' | 'cancel') {
    setPending(true);
    setProblem('');
    try {
      if (kind === 'move') {
        await moveMeeting(readToken(), chosen);
        setChosen('');
        setStep('moved');
        // The old time is free again, the new one taken.
        await load();
      } else {
        await cancelMeeting(readToken());
        setStep('cancelled');
      }
    } catch (err) {
      setProblem(failureMessage(err));
      if (isApiError(err, 410)) setGone(err.message);
      else if (isApiError(err, 409)) {
        setChosen('');
        await load();
      }
    } finally {
      setPending(false);
    }
  }

  let body: React.ReactNode;
  let title = 'Your free consultation';
  if (gone) {
    title = 'This link no longer works';
    body = (
      <>
        <p className="mt-3 text-slate-700">{gone}</p>
        <Button asChild className="mt-6">
          <a href="/ai-journey">Request a consultation</a>
        </Button>
      </>
    );
  } else if (!meeting) {
    body = problem ? (
      <div role="alert" className="mt-4 text-red-700">
        <p>{problem}</p>
        <Button type="button" variant="secondary" className="mt-4" onClick={() => void load()}>
          Try again
        </Button>
      </div>
    ) : (
      <p role="status" className="mt-3 text-slate-700">
        Loading your meeting…
      </p>
    );
  } else if (step === 'cancelled') {
    title = 'Your consultation is cancelled';
    body = (
      <>
        <p className="mt-3 text-slate-700">We told {meeting.owner.name}, and your calendar gets the cancellation by e-mail.</p>
        <Button asChild className="mt-6">
          <a href="/ai-journey">Book another consultation</a>
        </Button>
      </>
    );
  } else {
    if (step === 'moved') title = 'Your consultation is moved';
    const when = <p className="mt-3 text-lg font-semibold text-ink">{formatMeeting(meeting.start, meeting.end, zone)}</p>;
    body = (
      <>
        {when}
        <p className="mt-1 text-slate-700">With {meeting.owner.name}.</p>
        {step === 'moved' && <p className="mt-3 text-slate-700">A new invitation is on its way to your e-mail.</p>}
        {step === 'move' && (
          <div className="mt-8">
            <h2 className="mb-4 text-lg font-semibold text-ink">Choose a new time</h2>
            <SlotPicker
              idPrefix="move"
              slots={meeting.slots}
              timeZone={zone}
              onTimeZone={setZone}
              chosen={chosen}
              onChoose={setChosen}
              current={meeting.start}
            />
          </div>
        )}
        {step === 'cancel' && (
          <p className="mt-6 rounded-lg bg-amber-50 p-4 text-slate-800 ring-1 ring-amber-200">
            Cancel this meeting? {meeting.owner.name} and your calendar are told.
          </p>
        )}
        <BookingProblem text={problem} />
        <div className="mt-8 flex flex-wrap gap-3">
          {step === 'move' ? (
            <>
              <Button type="button" onClick={() => void act('move')} disabled={!chosen || chosen === meeting.start || pending}>
                {pending ? 'Moving…' : 'Move the meeting'}
              </Button>
              <Button type="button" variant="secondary" onClick={() => setStep('view')}>
                Keep the time
              </Button>
            </>
          ) : step === 'cancel' ? (
            <>
              <Button type="button" onClick={() => void act('cancel')} disabled={pending}>
                {pending ? 'Cancelling…' : 'Yes, cancel it'}
              </Button>
              <Button type="button" variant="secondary" onClick={() => setStep('view')}>
                Keep the meeting
              </Button>
            </>
          ) : (
            <>
              <Button type="button" onClick={() => setStep('move')}>
                Move to another time
              </Button>
              <Button type="button" variant="secondary" onClick={() => setStep('cancel')}>
                Cancel the meeting
              </Button>
            </>
          )}
        </div>
      </>
    );
  }
  const Icon = gone || step === 'cancelled' ? CalendarX2 : CalendarCheck2;
  return (
    <main className="min-h-screen bg-slate-50 px-4 py-12 sm:py-20">
      <div className="mx-auto max-w-2xl rounded-3xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-10">
        <Icon aria-hidden="true" className="size-10 text-brand" />
        <h1 ref={heading} tabIndex={-1} className="mt-4 text-3xl font-bold tracking-tight text-ink focus:outline-none">
          {title}
        </h1>
        {body}
      </div>
      <p className="mt-8 text-center">
        <a href="/" className="font-semibold text-brand underline">
          Back to the website
        </a>
      </p>
    </main>
  );
}
