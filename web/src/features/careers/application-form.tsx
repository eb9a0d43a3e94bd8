import { Send } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { careers } from '@/content/careers';
import { apiRequest, isApiError, unreachableMessage } from '@/lib/api-client';
import { cx } from '@/lib/cx';
import { useShownAt } from '@/lib/form-timing';
import { useHydrated } from '@/lib/hydrated';

const control =
  'mt-2 block w-full rounded-lg border-0 bg-white px-3.5 py-2.5 text-base text-ink shadow-sm ring-1 ring-slate-300 ring-inset placeholder:text-slate-500 focus:ring-2 focus:ring-brand focus:outline-none aria-[invalid=true]:ring-red-600';

/** The most a CV may weigh (site.MaxCVBytes). */
const maxCVBytes = 10 << 20;

type Field = 'firstName' | 'lastName' | 'email' | 'phone' | 'url' | 'coverNote' | 'cv' | 'consent';

const labels: Record<Field, string> = {
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  phone: 'Phone',
  url: 'LinkedIn or portfolio (https://)',
  coverNote: 'Cover note',
  cv: 'CV (PDF or Word, at most 10 MB)',
  consent: '',
};
const required: Field[] = ['firstName', 'lastName', 'email', 'cv', 'consent'];

/** The checks the server makes that spare a round trip; it makes them all again. */
function check(data: FormData): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  const text = (f: Field) => String(data.get(f) ?? '').trim();
  if (!text('firstName')) errors.firstName = 'First name is required';
  if (!text('lastName')) errors.lastName = 'Last name is required';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text('email'))) errors.email = 'Enter a valid email address';
  if (text('url') && !/^https:\/\/[^\s/]+/i.test(text('url'))) errors.url = 'The link must be an https:// address, such as https://www.linkedin.com/in/you.';
  if (text('coverNote').length > 5000) errors.coverNote = 'Cover note must be at most 5000 characters.';
  const cv = data.get('cv');
  if (!(cv instanceof File) || cv.size === 0) errors.cv = 'Attach your CV as a PDF or Word (DOCX) file.';
  else if (cv.size > maxCVBytes) errors.cv = 'Your CV must be at most 10 MB.';
  if (!data.get('consent')) errors.consent = 'Agree to the processing of your application to send it.';
  return errors;
}

/**
 * The application to a position (POST /api/careers/applications): who the
 * visitor is, a note and the CV, with the lead form's defences (the
 * honeypot, the time from the form being shown). The button waits for
 * React, as the form sends with JavaScript.
 */
export function ApplicationForm({ positionId }: { positionId: number }) {
  const hydrated = useHydrated();
  const shownAt = useShownAt();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [problem, setProblem] = useState('');
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState('');

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const found = check(data);
    setErrors(found);
    setProblem('');
    if (Object.keys(found).length > 0) {
      form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    data.set('positionId', String(positionId));
    data.set('consent', data.get('consent') ? careers.form.consent : '');
    data.set('fillMs', String(Date.now() - shownAt.current));
    setPending(true);
    try {
      const res = await apiRequest('POST', '/api/careers/applications', { form: data });
      const body = (await res.json().catch(() => ({}))) as { message?: unknown };
      setSent(typeof body.message === 'string' ? body.message : 'Thank you for your application.');
    } catch (err) {
      if (!isApiError(err) || err.status === 0) setProblem(unreachableMessage);
      else {
        setErrors(err.fieldErrors as Partial<Record<Field, string>>);
        setProblem(err.message);
      }
    } finally {
      setPending(false);
    }
  }

  if (sent) {
    return (
      <p role="status" className="mt-6 rounded-xl bg-green-50 p-4 text-green-800">
        {sent}
      </p>
    );
  }

  const field = (name: Field, input: (props: { id: string; name: string; 'aria-invalid': boolean; 'aria-describedby'?: string; className: string }) => React.ReactNode, wide = false) => {
    const id = `apply-${name}`;
    const error = errors[name];
    return (
      <div className={wide ? 'sm:col-span-2' : undefined}>
        <label htmlFor={id} className="block text-sm font-semibold text-ink">
          {labels[name]}
          {required.includes(name) && <span aria-hidden="true"> *</span>}
        </label>
        {input({ id, name, 'aria-invalid': !!error, 'aria-describedby': error ? `${id}-error` : undefined, className: control })}
        {error && (
          <p id={`${id}-error`} className="mt-2 text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="mt-6 grid gap-5 sm:grid-cols-2" aria-label="Application">
      {field('firstName', (p) => <input {...p} type="text" autoComplete="given-name" required />)}
      {field('lastName', (p) => <input {...p} type="text" autoComplete="family-name" required />)}
      {field('email', (p) => <input {...p} type="email" autoComplete="email" required />)}
      {field('phone', (p) => <input {...p} type="tel" autoComplete="tel" />)}
      {field('url', (p) => <input {...p} type="url" placeholder="https://" />, true)}
      {field('coverNote', (p) => <textarea {...p} rows={5} maxLength={5000} />, true)}
      {field('cv', (p) => <input {...p} type="file" accept=".pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document" required />, true)}
      {/* Left empty by people; a script filling every field fills it. */}
      <div aria-hidden="true" className="hidden">
        <label htmlFor="apply-website">Website</label>
        <input id="apply-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <div className="sm:col-span-2">
        <label className="flex items-start gap-3 text-sm text-slate-700">
          <input name="consent" type="checkbox" value="yes" aria-invalid={!!errors.consent} className="mt-1 size-4" />
          <span>{careers.form.consent}</span>
        </label>
        {errors.consent && <p className="mt-2 text-sm text-red-700">{errors.consent}</p>}
      </div>
      {problem && (
        <p role="alert" className={cx('text-sm text-red-700 sm:col-span-2')}>
          {problem}
        </p>
      )}
      <div className="sm:col-span-2">
        <Button type="submit" disabled={!hydrated || pending}>
          <Send aria-hidden="true" />
          {pending ? 'Sending...' : careers.form.submit}
        </Button>
      </div>
    </form>
  );
}
