import { CalendarCheck2, CalendarDays } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { bookSlot, failureMessage, loadSlots } from '@/features/leads/booking/booking-api';
import { browserTimeZone, formatMeeting, slotMinutes } from '@/features/leads/booking/meeting-times';
import { BookingProblem, SlotPicker } from '@/features/leads/booking/slot-picker';
import { isApiError } from '@/lib/api-client';
import type { BookedMeeting, Slot } from '@/lib/api-types';

/** What the panel shows: the slots as loaded, a message that ends the booking, or the meeting booked. */
type State = { slots: Slot[] | null; ended: string; booked: BookedMeeting | null };

/**
 * The free consultation, booked on the spot after a lead was sent: the next
 * 14 days of open slots of the lead's owner, in the visitor's time zone. The
 * step may be skipped; the lead is complete without it.
 */
export function BookingPanel({ token }: { token: string }) {
  const [zone, setZone] = useState(browserTimeZone);
  const [state, setState] = useState<State>({ slots: null, ended: '', booked: null });
  const [chosen, setChosen] = useState('');
  const [pending, setPending] = useState(false);
  // Why the last booking failed while others may still be booked (a time taken meanwhile, no connection).
  const [problem, setProblem] = useState('');
  const [skipped, setSkipped] = useState(false);
  const done = useRef<HTMLHeadingElement>(null);

  async function refresh() {
    try {
      const slots = await loadSlots(token, zone);
      setState((s) => ({ ...s, slots }));
    } catch (err) {
      // A lead no one can meet about (400) shows no booking: the e-mail reply
      // the thanks promise stands. A spent token (410) says so.
      if (isApiError(err, 400)) setSkipped(true);
      else if (isApiError(err) && err.status >= 400 && err.status < 500) setState((s) => ({ ...s, ended: err.message }));
      else setProblem(failureMessage(err));
    }
  }
  // The slots do not depend on the zone, only how they read: loaded once.
  useEffect(() => void refresh(), [token]);
  useEffect(() => {
    if (state.booked) done.current?.focus();
  }, [state.booked]);

  async function book() {
    if (!chosen) return;
    setPending(true);
    setProblem('');
    try {
      const booked = await bookSlot(token, chosen, zone);
      setState((s) => ({ ...s, booked }));
    } catch (err) {
      setProblem(failureMessage(err));
      if (isApiError(err, 409)) {
        setChosen('');
        await refresh();
      } else if (isApiError(err, 410)) {
        setState((s) => ({ ...s, ended: err.message }));
      }
    } finally {
      setPending(false);
    }
  }

  if (skipped) return null;
  const { slots, ended, booked } = state;
  const heading = 'mt-3 text-xl font-bold tracking-tight text-ink';
  if (booked) {
    return (
      <section aria-labelledby="booking-done" className="mt-8 rounded-2xl bg-emerald-50 p-6 text-left ring-1 ring-emerald-200">
        <CalendarCheck2 aria-hidden="true" className="size-8 text-emerald-700" />
        <h4 id="booking-done" ref={done} tabIndex={-1} className={`${heading} focus:outline-none`}>
          Your consultation is booked
        </h4>
        <p className="mt-2 text-slate-700">
          {formatMeeting(booked.start, booked.end, zone)}, with {booked.owner.name}.
        </p>
        <p className="mt-2 text-slate-700">The invitation is on its way to your e-mail. Its link moves or cancels the meeting.</p>
        {booked.manageUrl && (
          <a href={booked.manageUrl} className="mt-4 inline-block font-semibold text-brand underline">
            Change or cancel the meeting
          </a>
        )}
      </section>
    );
  }
  if (ended) {
    return (
      <p role="status" className="mt-8 rounded-2xl bg-slate-50 p-6 text-slate-700 ring-1 ring-slate-200">
        {ended}
      </p>
    );
  }
  const minutes = slots?.[0] ? slotMinutes(slots[0]) : 30;
  return (
    <section aria-labelledby="booking-title" className="mt-8 rounded-2xl bg-slate-50 p-4 text-left ring-1 ring-slate-200 sm:p-6">
      <CalendarDays aria-hidden="true" className="size-8 text-brand" />
      <h4 id="booking-title" className={heading}>
        Book your free {minutes}-minute consultation now
      </h4>
      <p className="mt-2 text-slate-700">Choose a time that suits you; you will get a calendar invitation by e-mail.</p>
      <div className="mt-6">
        {slots === null && !problem && <p role="status">Finding open times…</p>}
        {slots?.length === 0 && <p role="status">No open times in the next 14 days: we will reply by e-mail instead.</p>}
        {slots && slots.length > 0 && (
          <SlotPicker idPrefix="booking" slots={slots} timeZone={zone} onTimeZone={setZone} chosen={chosen} onChoose={setChosen} />
        )}
      </div>
      <BookingProblem text={problem} />
      <div className="mt-6 flex flex-wrap items-center gap-3">
        {slots && slots.length > 0 && (
          <Button type="button" onClick={book} disabled={!chosen || pending}>
            {pending ? 'Booking…' : 'Book this time'}
          </Button>
        )}
        <Button type="button" variant="secondary" onClick={() => setSkipped(true)}>
          Not now
        </Button>
      </div>
    </section>
  );
}
