import { useMemo, useState } from 'react';
import type { Slot } from '@/lib/api-types';
import { timeZones } from '@/lib/time-zones';
import { formatTime, slotDays, zoneName } from '@/features/leads/booking/meeting-times';

// A choice drawn as a chip: a native radio button, hidden, whose label takes
// the look, so that the keyboard and screen readers get a radio group.
const chip =
  'flex cursor-pointer flex-col items-center justify-center rounded-lg bg-white px-1.5 py-2 text-sm whitespace-nowrap font-semibold text-ink ring-1 ring-slate-300 ring-inset hover:bg-slate-50 has-checked:bg-brand has-checked:text-white has-checked:ring-brand has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand';

const select =
  'mt-2 block w-full rounded-lg border-0 bg-white px-3.5 py-2.5 text-base text-ink shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand focus:outline-none sm:max-w-sm';

type SlotPickerProps = {
  /** Prefix of the ids, unique on the page. */
  idPrefix: string;
  slots: Slot[];
  timeZone: string;
  onTimeZone: (zone: string) => void;
  /** The start of the chosen slot, '' for none. */
  chosen: string;
  onChoose: (start: string) => void;
  /** The start of the meeting being moved, marked as such. */
  current?: string;
};

/**
 * The open slots, by day, in the visitor's time zone, which they may change:
 * first a day, then a time of it.
 */
export function SlotPicker({ idPrefix, slots, timeZone, onTimeZone, chosen, onChoose, current }: SlotPickerProps) {
  const days = useMemo(() => slotDays(slots, timeZone), [slots, timeZone]);
  const zones = useMemo(() => {
    const all = timeZones();
    return all.includes(timeZone) ? all : [timeZone, ...all];
  }, [timeZone]);
  const [dayKey, setDayKey] = useState('');
  // The day of the chosen time, else the one picked, else that of the meeting moved, else the first.
  const on = (start?: string) => days.find((d) => d.slots.some((s) => s.start === start));
  const day = on(chosen) ?? days.find((d) => d.key === dayKey) ?? on(current) ?? days[0];

  return (
    <div className="grid gap-6">
      <div>
        <label htmlFor={`${idPrefix}-zone`} className="block text-sm font-semibold text-slate-800">
          Your time zone
        </label>
        <select id={`${idPrefix}-zone`} className={select} value={timeZone} onChange={(e) => onTimeZone(e.target.value)}>
          {zones.map((z) => (
            <option key={z} value={z}>
              {zoneName(z)}
            </option>
          ))}
        </select>
      </div>
      {day && (
        <>
          <fieldset>
            <legend className="text-sm font-semibold text-slate-800">Day</legend>
            <div className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-5">
              {days.map((d) => (
                <label key={d.key} className={chip}>
                  <input
                    type="radio"
                    name={`${idPrefix}-day`}
                    className="sr-only"
                    checked={d.key === day.key}
                    onChange={() => {
                      setDayKey(d.key);
                      onChoose('');
                    }}
                    aria-label={d.long}
                  />
                  <span className="text-xs font-medium uppercase opacity-80">{d.weekday}</span>
                  <span>{d.date}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset>
            <legend className="text-sm font-semibold text-slate-800">Time on {day.long}</legend>
            <div className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-4">
              {day.slots.map((s) => (
                <label key={s.start} className={chip}>
                  <input
                    type="radio"
                    name={`${idPrefix}-time`}
                    className="sr-only"
                    checked={s.start === chosen}
                    onChange={() => onChoose(s.start)}
                  />
                  <span>{formatTime(s.start, timeZone)}</span>
                  {s.start === current && <span className="text-xs font-medium">Current</span>}
                </label>
              ))}
            </div>
          </fieldset>
        </>
      )}
    </div>
  );
}

/** Why the last request of a booking screen failed, under its slot picker; nothing when none did. */
export function BookingProblem({ text }: { text: string }) {
  if (!text) return null;
  return (
    <p role="alert" className="mt-4 text-sm font-medium text-red-700">
      {text}
    </p>
  );
}
