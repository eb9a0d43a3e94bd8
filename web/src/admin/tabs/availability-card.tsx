import { useState } from 'react';
import { Plus, Save, X } from 'lucide-react';
import { toast } from '@/lib/toast-store';
import { isApiError } from '@/lib/api-client';
import type { Availability, WorkingHours } from '@/lib/api-types';
import { useAvailability, useSaveAvailability, weekdays, weeklyProblems } from '../lib/availability';
import { knownTimeZone, timeZones } from '@/lib/time-zones';
import { BusyButton, ListState, TabCard } from '../tab-parts';
import { AdminButton } from '@/components/ui/admin-button';
import { FormField } from '@/components/ui/form-field';
import { IconButton } from '@/components/ui/icon-button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';

const lengths = [15, 30, 45, 60, 90].map((m) => ({ value: String(m), label: `${m} minutes` }));

/** The form of the booking hours: each weekday's ranges, days off, and the rules of a booking. */
function AvailabilityForm({ initial }: { initial: Availability }) {
  const save = useSaveAvailability();
  const [a, setA] = useState<Availability>(initial);
  const [dayOff, setDayOff] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const problems = weeklyProblems(a.weekly);

  const set = <K extends keyof Availability>(key: K, value: Availability[K]) => setA((v) => ({ ...v, [key]: value }));
  const rangesOf = (day: number) => a.weekly.map((r, i) => ({ r, i })).filter(({ r }) => r.weekday === day);
  const setRange = (i: number, change: Partial<WorkingHours>) => set('weekly', a.weekly.map((r, j) => (j === i ? { ...r, ...change } : r)));
  const number = (key: 'bufferMinutes' | 'minNoticeMinutes' | 'horizonDays') => (e: React.ChangeEvent<HTMLInputElement>) =>
    set(key, e.target.value === '' ? 0 : Math.trunc(Number(e.target.value)));

  function toggleDay(day: number, on: boolean) {
    set('weekly', on ? [...a.weekly, { weekday: day, start: '09:00', end: '17:00' }] : a.weekly.filter((r) => r.weekday !== day));
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const local: Record<string, string> = {};
    if (Object.keys(problems).length > 0) local.weekly = Object.values(problems)[0];
    if (!knownTimeZone(a.timeZone.trim() || 'UTC')) local.timeZone = 'Choose a time zone from the list, such as Europe/Berlin.';
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    try {
      const saved = await save.mutateAsync({ ...a, timeZone: a.timeZone.trim() || 'UTC' });
      setA(saved);
      toast({ title: 'Booking hours saved', description: 'Visitors are offered these times from now on.' });
    } catch (err) {
      setErrors(isApiError(err) ? { ...err.fieldErrors, form: Object.keys(err.fieldErrors).length ? '' : err.message } : { form: 'Something went wrong. Try again.' });
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-5">
<div className="max-w-md">
              <FormField id="availability-timeZone" label="Time zone" error={errors.timeZone} hint="Your hours and days off are in this zone; visitors see the times in theirs.">
        <Input id="availability-timeZone" list="availability-timeZones" value={a.timeZone} onChange={(e) => set('timeZone', e.target.value)} autoComplete="off" spellCheck={false} />
      </FormField>
      </div>
      <datalist id="availability-timeZones">
        {timeZones().map((z) => (
          <option key={z} value={z} />
        ))}
      </datalist>

      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium text-default">Weekly hours</legend>
        {weekdays.map(({ day, name }) => {
          const ranges = rangesOf(day);
          return (
            <div key={day} className="grid gap-2 rounded-lg border border-subtle px-3 py-2.5 sm:grid-cols-[8.5rem_minmax(0,1fr)] sm:items-start">
              <label className="inline-flex min-h-9 items-center gap-2.5 text-sm font-medium text-default">
                <Switch checked={ranges.length > 0} onCheckedChange={(on) => toggleDay(day, on)} />
                {name}
              </label>
              <div className="grid gap-2">
                {ranges.length === 0 && <p className="py-2 text-sm text-muted">No meetings</p>}
                {ranges.map(({ r, i }, k) => (
                  <div key={i} className="flex flex-wrap items-center gap-2">
                    <Input type="time" aria-label={`${name}, range ${k + 1}, from`} value={r.start} onChange={(e) => setRange(i, { start: e.target.value })} className="w-32" />
                    <span className="text-sm text-muted" aria-hidden="true">
                      to
                    </span>
                    <Input type="time" aria-label={`${name}, range ${k + 1}, until`} value={r.end === '24:00' ? '23:59' : r.end} onChange={(e) => setRange(i, { end: e.target.value })} className="w-32" />
                    <IconButton icon={X} tip="Remove these hours" label={`Remove ${name}'s range ${k + 1}`} onClick={() => set('weekly', a.weekly.filter((_, j) => j !== i))} />
                    {k === ranges.length - 1 && (
                      <IconButton icon={Plus} tip="Add hours" label={`Add hours on ${name}`} onClick={() => set('weekly', [...a.weekly, { weekday: day, start: '13:00', end: '17:00' }])} />
                    )}
                  </div>
                ))}
                {problems[day] && (
                  <p role="alert" className="text-sm text-danger">
                    {problems[day]}
                  </p>
                )}
              </div>
            </div>
          );
        })}
      </fieldset>

      <div className="grid gap-2">
        <p className="text-sm font-medium text-default" id="availability-days-off">
          Days off
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <Input type="date" aria-labelledby="availability-days-off" value={dayOff} onChange={(e) => setDayOff(e.target.value)} className="w-44" />
          <AdminButton
            variant="outline"
            size="sm"
            disabled={!dayOff}
            onClick={() => {
              if (dayOff && !a.daysOff.includes(dayOff)) set('daysOff', [...a.daysOff, dayOff].sort());
              setDayOff('');
            }}
          >
            <Plus aria-hidden="true" />
            Add day off
          </AdminButton>
        </div>
        {a.daysOff.length > 0 && (
          <ul className="flex flex-wrap gap-2" aria-label="Days off">
            {a.daysOff.map((d) => (
              <li key={d} className="inline-flex items-center gap-1 rounded-full bg-surface-sunken py-0.5 pr-1 pl-3 text-sm text-body">
                {d}
                <IconButton icon={X} tip="Remove" label={`Remove the day off ${d}`} onClick={() => set('daysOff', a.daysOff.filter((x) => x !== d))} />
              </li>
            ))}
          </ul>
        )}
      </div>

      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField id="availability-meetingMinutes" label="Meeting length" error={errors.meetingMinutes}>
          <Select id="availability-meetingMinutes" value={String(a.meetingMinutes)} onValueChange={(v) => set('meetingMinutes', Number(v))} options={lengths} />
        </FormField>
        <FormField id="availability-bufferMinutes" label="Free time around meetings (minutes)" error={errors.bufferMinutes} hint="0 to 240.">
          <Input id="availability-bufferMinutes" type="number" inputMode="numeric" min={0} max={240} value={a.bufferMinutes} onChange={number('bufferMinutes')} />
        </FormField>
        <FormField id="availability-minNoticeMinutes" label="Minimum notice (minutes)" error={errors.minNoticeMinutes} hint="240 is four hours.">
          <Input id="availability-minNoticeMinutes" type="number" inputMode="numeric" min={0} max={20160} value={a.minNoticeMinutes} onChange={number('minNoticeMinutes')} />
        </FormField>
        <FormField id="availability-horizonDays" label="Bookable up to (days ahead)" error={errors.horizonDays} hint="1 to 90.">
          <Input id="availability-horizonDays" type="number" inputMode="numeric" min={1} max={90} value={a.horizonDays} onChange={number('horizonDays')} />
        </FormField>
        <FormField id="availability-meetingLink" label="Video meeting link" error={errors.meetingLink} hint="Sent with each invitation. An https:// address.">
          <Input id="availability-meetingLink" inputMode="url" placeholder="https://meet.example.com/your-room" value={a.meetingLink} onChange={(e) => set('meetingLink', e.target.value)} />
        </FormField>
        <FormField id="availability-phone" label="Or a phone number" error={errors.phone} hint="For those who would rather call.">
          <Input id="availability-phone" type="tel" value={a.phone} onChange={(e) => set('phone', e.target.value)} />
        </FormField>
      </div>
      {(errors.weekly || errors.daysOff || errors.form) && (
        <p role="alert" className="rounded-lg border border-danger-line bg-danger-soft px-3 py-2 text-sm text-danger">
          {errors.weekly || errors.daysOff || errors.form}
        </p>
      )}
      <div className="flex justify-end">
        <BusyButton type="submit" variant="primary" aria-disabled={save.isPending || undefined} icon={Save} busy={save.isPending} label="Save booking hours" busyLabel="Saving..." />
      </div>
    </form>
  );
}

/** When visitors may book a free consultation with the signed-in user. */
export function AvailabilityCard() {
  const availability = useAvailability();
  return (
    <TabCard
      title="Booking hours"
      titleId="availability-title"
      description="When visitors may book a free consultation with you, in your time zone."
    >
      <ListState query={availability} loadingText="Loading your booking hours...">
        {availability.data && <AvailabilityForm key={availability.dataUpdatedAt} initial={availability.data} />}
      </ListState>
    </TabCard>
  );
}
