import { Send } from 'lucide-react';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useCreateLead, type SentLead } from '@/features/leads/api/use-create-lead';
import { leadFields, type LeadField } from '@/features/leads/lead-fields';
import { jobTitles, leadForm } from '@/lib/api-contracts';
import type { Choice } from '@/lib/api-types';
import { clearDraft, readDraft, saveDraft } from '@/features/leads/visit';
import { track } from '@/lib/analytics';
import { cx } from '@/lib/cx';
import { useHydrated } from '@/lib/hydrated';

// The panel shown once a lead is sent, fetched when a visitor starts a form.
const loadThanks = () => import('@/features/leads/booking/lead-sent');
const LeadSent = lazy(() => loadThanks().then((m) => ({ default: m.LeadSent })));

// A field's hint (its placeholder, a select's empty choice) in one grey, readable on white.
const control =
  'mt-2 block w-full rounded-lg border-0 bg-white px-3.5 py-2.5 text-base text-ink shadow-sm ring-1 ring-slate-300 ring-inset placeholder:text-slate-500 has-[option[value=""]:checked]:text-slate-500 focus:ring-2 focus:ring-brand focus:outline-none aria-[invalid=true]:ring-red-600';

/** A select of the choices, starting on the placeholder, which chooses none. */
function ChoiceSelect({ placeholder, choices, ...props }: React.ComponentProps<'select'> & { placeholder: string; choices: Choice[] }) {
  return (
    <select {...props} defaultValue="">
      <option value="">{placeholder}</option>
      {choices.map((c) => (
        <option key={c.value} value={c.value}>
          {c.label}
        </option>
      ))}
    </select>
  );
}

type FieldProps = {
  name: LeadField;
  label: string;
  error?: string;
  idPrefix: string;
  className?: string;
  children: (props: { id: string; name: string; 'aria-invalid': boolean; 'aria-describedby'?: string; required?: boolean; className: string }) => React.ReactNode;
};

function Field({ name, label, error, idPrefix, className, children }: FieldProps) {
  const id = `${idPrefix}-${name}`;
  // Marked required where the server requires it.
  const required = Boolean(leadForm[name].required);
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
        {required && (
          <span className="text-red-700" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children({
        id,
        name,
        'aria-invalid': Boolean(error),
        'aria-describedby': error ? errorId : undefined,
        required,
        className: control,
      })}
      {error && (
        <p id={errorId} className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

type LeadFormProps = {
  /** Prefix of the field ids, unique on the page. */
  idPrefix: string;
  interests: Choice[];
  /** The submit button's label: a text, or an editable one. */
  submitLabel: React.ReactNode;
  /** The consent checkbox's wording, then the words of its link to the privacy policy; sent as shown. */
  consent: React.ReactNode;
  consentLink: React.ReactNode;
  className?: string;
};

type FormControl = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function fieldValues(form: HTMLFormElement): Record<string, string> {
  const data = new FormData(form);
  return Object.fromEntries(leadFields.map((f) => [f, String(data.get(f) ?? '')]));
}

/**
 * The lead form of the home page and of /ai-journey. Fields are uncontrolled,
 * so nothing typed is lost when React takes over the server's HTML; the submit
 * button stays disabled until then, because the form sends with JavaScript.
 * What the visitor types is kept as a draft for the visit, so a reload or a
 * failed send loses nothing; it is restored after hydration, never rendered by
 * the server.
 */
export function LeadForm({ idPrefix, interests, submitLabel, consent, consentLink, className }: LeadFormProps) {
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const { submit, pending, errors, failure } = useCreateLead(interests);
  // Once sent, the thanks and the booking of the consultation replace the form.
  const [sent, setSent] = useState<SentLead | null>(null);
  const statusId = `${idPrefix}-status`;
  // When the form was first shown (ms since epoch), kept with the draft so a
  // reload does not make a visitor look like a fast script.
  const shownAt = useRef(0);
  // Counts failed submits; after each, the first field that needs attention
  // takes the focus, once its message is on screen, else the Retry button.
  const [failures, setFailures] = useState(0);
  useEffect(() => {
    if (failures === 0) return;
    const form = formRef.current;
    (form?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? form?.querySelector<HTMLElement>('[data-retry]'))?.focus();
  }, [failures]);

  useEffect(() => {
    const form = formRef.current;
    const { values = {}, shownAt: first } = readDraft(idPrefix) ?? {};
    shownAt.current = Math.min(Number(first) || Date.now(), Date.now());
    for (const name of leadFields) {
      const el = form?.elements.namedItem(name) as FormControl | null;
      const v = values?.[name];
      // What the visitor typed before hydration wins over the draft.
      if (el && !el.value && typeof v === 'string') el.value = v;
    }
  }, [idPrefix]);

  // The first field a visitor enters starts the form, for the analytics'
  // funnel: once for each form shown.
  const started = useRef(false);
  function start() {
    if (started.current) return;
    started.current = true;
    track('lead_start');
    void loadThanks();
  }

  function keepDraft(e: React.FormEvent<HTMLFormElement>) {
    saveDraft(idPrefix, { values: fieldValues(e.currentTarget), shownAt: shownAt.current });
  }

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const sent = await submit(fieldValues(form), {
      page: window.location.pathname,
      website: String(data.get('website') ?? ''),
      fillMs: Math.max(0, Date.now() - shownAt.current),
      // The wording as the visitor saw it, edits of the text included.
      consentText: data.get('consent') ? (form.querySelector('[data-consent]')?.textContent ?? '').replace(/\s+/g, ' ').trim() : '',
    });
    if (sent) {
      clearDraft(idPrefix);
      form.reset();
      shownAt.current = Date.now();
      setSent(sent);
      return;
    }
    setFailures((n) => n + 1);
  }

  if (sent) {
    return (
      <Suspense>
        <LeadSent sent={sent} onAgain={() => setSent(null)} />
      </Suspense>
    );
  }
  const common = { idPrefix };
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} onChange={keepDraft} onFocus={start} className={cx('relative grid grid-cols-1 gap-6 sm:grid-cols-2', className)}>
      {/* A trap for scripts that fill every field; people never see it. */}
      <div aria-hidden="true" className="absolute -left-[10000px] size-px overflow-hidden">
        <label htmlFor={`${idPrefix}-website`}>Leave this field empty</label>
        <input id={`${idPrefix}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <Field {...common} name="firstName" label="First Name" error={errors.firstName}>
        {(p) => <input {...p} type="text" autoComplete="given-name" maxLength={leadForm.firstName.max} />}
      </Field>
      <Field {...common} name="lastName" label="Last Name" error={errors.lastName}>
        {(p) => <input {...p} type="text" autoComplete="family-name" maxLength={leadForm.lastName.max} />}
      </Field>
      <Field {...common} name="email" label="Business Email" error={errors.email}>
        {(p) => <input {...p} type="email" autoComplete="email" maxLength={leadForm.email.max} placeholder="name@company.com" />}
      </Field>
      <Field {...common} name="company" label="Company Name" error={errors.company}>
        {(p) => <input {...p} type="text" autoComplete="organization" maxLength={leadForm.company.max} />}
      </Field>
      <Field {...common} name="jobTitle" label="Job Title" error={errors.jobTitle}>
        {(p) => <ChoiceSelect {...p} placeholder="Select your role" choices={jobTitles} />}
      </Field>
      <Field {...common} name="aiSolutionInterest" label="AI Solution Interest" error={errors.aiSolutionInterest}>
        {(p) => <ChoiceSelect {...p} placeholder="Select an area of interest" choices={interests} />}
      </Field>
      <Field {...common} name="projectDetails" label="Project Details" error={errors.projectDetails} className="sm:col-span-2">
        {(p) => (
          <textarea
            {...p}
            rows={5}
            maxLength={leadForm.projectDetails.max}
            placeholder="Your goals, the data you have, and your timeline."
          />
        )}
      </Field>
      <div className="sm:col-span-2">
        <label className="mb-4 flex gap-3 text-sm text-slate-700">
          <input type="checkbox" name="consent" required aria-invalid={Boolean(errors.consent)} aria-describedby={errors.consent ? `${idPrefix}-consent-error` : undefined} className="mt-0.5 size-4 shrink-0 accent-brand" />
          <span data-consent>
            {consent}{' '}
            <a href="/privacy-policy" className="font-medium text-brand underline">
              {consentLink}
            </a>
          </span>
        </label>
        {errors.consent && (
          <p id={`${idPrefix}-consent-error`} className="-mt-2 mb-4 text-sm font-medium text-red-700">
            {errors.consent}
          </p>
        )}
        <p className="mb-4 text-sm text-slate-600">
          Fields marked <span className="text-red-700">*</span> are required.
        </p>
        {failure && (
          <div role="alert" className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
            <p>{failure.retryable ? 'Not sent: we could not reach our server. What you typed is still here.' : failure.message}</p>
            {failure.retryable && (
              <Button type="submit" variant="secondary" size="sm" data-retry disabled={pending}>
                Retry
              </Button>
            )}
          </div>
        )}
        <Button
          type="submit"
          size="lg"
          className="w-full sm:w-auto"
          disabled={!hydrated || pending}
          aria-describedby={hydrated ? undefined : statusId}
        >
          <Send aria-hidden="true" className="size-4 max-sm:hidden" />
          {pending ? 'Sending…' : submitLabel}
        </Button>
        <p id={statusId} role="status" className="mt-3 text-sm text-slate-600">
          {hydrated ? '' : 'The form is getting ready. You can send it in a moment.'}
        </p>
      </div>
    </form>
  );
}
