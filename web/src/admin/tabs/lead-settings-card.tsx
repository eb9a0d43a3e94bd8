import { useState } from 'react';
import { AlertTriangle, Save } from 'lucide-react';
import { isApiError } from '@/lib/api-client';
import type { LeadSettings } from '@/lib/api-types';
import { parseEmailList, useLeadSettings, useSaveLeadSettings, type LeadSettingsFields } from '../lib/leads';
import { knownTimeZone, timeZones } from '@/lib/time-zones';
import { useMay } from '../lib/users';
import { BusyButton, ListState, TabCard } from '../tab-parts';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';

type Values = {
  emails: string;
  webhookUrl: string;
  webhookSecret: string;
  retentionMonths: string;
  responseHours: string;
  businessHoursOnly: boolean;
  timeZone: string;
};


/** The settings as the form holds them, or the problems of each field. */
export function checkLeadSettings(v: Values): { ok: true; settings: LeadSettingsFields } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const { emails, invalid } = parseEmailList(v.emails);
  if (invalid.length > 0) errors.notificationEmails = `Not an email address: ${invalid.join(', ')}`;
  else if (emails.length > 20) errors.notificationEmails = 'At most 20 addresses';
  const url = v.webhookUrl.trim();
  if (url && (!/^https?:\/\/[^\s/]+/i.test(url) || url.length > 2000)) errors.webhookUrl = 'Use an http:// or https:// address';
  const secret = v.webhookSecret.trim();
  if (secret.length > 200) errors.webhookSecret = 'At most 200 characters';
  const months = v.retentionMonths.trim() === '' ? 0 : Number(v.retentionMonths);
  if (!Number.isInteger(months) || months < 0 || months > 120) errors.retentionMonths = 'A whole number from 0 to 120';
  const hours = Number(v.responseHours);
  if (v.responseHours.trim() === '' || !Number.isInteger(hours) || hours < 1 || hours > 720) errors.responseHours = 'A whole number of hours from 1 to 720';
  const zone = v.timeZone.trim() || 'UTC';
  if (!knownTimeZone(zone)) errors.timeZone = 'Choose a time zone from the list, such as Europe/Berlin';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    settings: {
      notificationEmails: emails,
      webhookUrl: url,
      webhookSecret: secret,
      retentionMonths: months,
      responseHours: hours,
      businessHoursOnly: v.businessHoursOnly,
      timeZone: zone,
    },
  };
}

function LeadSettingsForm({ initial, isAdmin }: { initial: LeadSettings; isAdmin: boolean }) {
  const [values, setValues] = useState<Values>({
    emails: initial.notificationEmails.join('\n'),
    webhookUrl: initial.webhookUrl,
    webhookSecret: initial.webhookSecret,
    retentionMonths: String(initial.retentionMonths),
    responseHours: String(initial.responseHours),
    businessHoursOnly: initial.businessHoursOnly,
    timeZone: initial.timeZone,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveLeadSettings();
  const set = (k: keyof Values) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValues((v) => ({ ...v, [k]: e.target.value }));
  const aria = (name: string) => ({ 'aria-invalid': errors[name] ? true : undefined, 'aria-describedby': errors[name] ? `lead-${name}-error` : undefined });
  const wholeNumber = (name: 'responseHours' | 'retentionMonths', label: string, hint: string, min: number, max: number) => (
    <FormField id={`lead-${name}`} label={label} error={errors[name]} hint={hint}>
      <Input id={`lead-${name}`} type="number" inputMode="numeric" min={min} max={max} value={values[name]} onChange={set(name)} disabled={!isAdmin} {...aria(name)} />
    </FormField>
  );

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const checked = checkLeadSettings(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    try {
      // The saved settings replace the loaded ones, and the form starts again
      // from them, showing a secret the server made.
      await save.mutateAsync(checked.settings);
    } catch (err) {
      setErrors(isApiError(err) ? { ...err.fieldErrors } : {});
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      {!initial.smtpConfigured && (
        <p className="flex items-start gap-2 rounded-lg border border-warning-line bg-warning-soft px-3 py-2.5 text-sm text-warning">
          <AlertTriangle className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
          <span>
            <strong className="font-semibold">Email is not set up</strong> (no mail server), so no notification emails go out: an administrator sets
            it in the Mail server card below. The webhook works without it.
          </span>
        </p>
      )}
      {!isAdmin && <p className="text-sm text-muted">Only administrators can change these settings.</p>}
      <FormField id="lead-notificationEmails" label="Notification emails" error={errors.notificationEmails} hint="One address per line, or separated by commas. Up to 20.">
        <Textarea
          id="lead-notificationEmails"
          value={values.emails}
          onChange={set('emails')}
          placeholder={'sales@example.com\nops@example.com'}
          rows={3}
          disabled={!isAdmin}
          {...aria('notificationEmails')}
        />
      </FormField>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField id="lead-webhookUrl" label="Webhook URL" error={errors.webhookUrl} hint="Each new lead is POSTed here as JSON. Leave empty for none.">
          <Input id="lead-webhookUrl" inputMode="url" placeholder="https://hooks.example.com/leads" value={values.webhookUrl} onChange={set('webhookUrl')} disabled={!isAdmin} {...aria('webhookUrl')} />
        </FormField>
        <FormField
          id="lead-webhookSecret"
          label="Webhook secret"
          error={errors.webhookSecret}
          hint="Signs each request (X-Meridian-Signature). Clear it and save to have a new one made."
        >
          <Input
            id="lead-webhookSecret"
            value={values.webhookSecret}
            onChange={set('webhookSecret')}
            placeholder={!isAdmin && initial.webhookSecretSet ? 'Set (visible to administrators only)' : undefined}
            className="font-mono"
            spellCheck={false}
            autoComplete="off"
            disabled={!isAdmin}
            {...aria('webhookSecret')}
          />
        </FormField>
      </div>
      <fieldset className="grid gap-4 border-t border-subtle pt-5">
        <legend className="sr-only">Response time</legend>
        <p className="text-sm font-semibold text-default" aria-hidden="true">
          Response time
        </p>
        <div className="grid items-start gap-4 sm:grid-cols-2">
          {wholeNumber('responseHours', 'First reply due within (hours)', 'The inbox flags a lead overdue after this; the site promises 24.', 1, 720)}
          <FormField id="lead-timeZone" label="Time zone" error={errors.timeZone} hint="Business hours are counted here.">
            <Input id="lead-timeZone" list="lead-timeZones" value={values.timeZone} onChange={set('timeZone')} disabled={!isAdmin} autoComplete="off" spellCheck={false} {...aria('timeZone')} />
          </FormField>
          <datalist id="lead-timeZones">
            {timeZones().map((z) => (
              <option key={z} value={z} />
            ))}
          </datalist>
        </div>
        <label className="inline-flex items-start gap-3 text-sm text-body">
          <Switch
            checked={values.businessHoursOnly}
            onCheckedChange={(on) => setValues((v) => ({ ...v, businessHoursOnly: on }))}
            disabled={!isAdmin}
            className="mt-0.5"
          />
          <span>
            <span className="font-medium text-default">Count business hours only</span>
            <span className="block text-muted">Monday to Friday, 9:00 to 17:00 in the time zone above. A lead of Friday evening is then due on Monday.</span>
          </span>
        </label>
      </fieldset>
      <div className="sm:max-w-xs">
        {wholeNumber('retentionMonths', 'Keep leads for (months)', '0 keeps them forever; older leads are deleted.', 0, 120)}
      </div>
      <div className="flex justify-end">
        <BusyButton type="submit" variant="primary" disabled={!isAdmin || save.isPending} icon={Save} busy={save.isPending} label="Save Notification Settings" busyLabel="Saving..." />
      </div>
    </form>
  );
}

/** Who hears of a new lead, how soon it is due a reply, and how long leads are kept. */
export function LeadSettingsCard({ className }: { className?: string }) {
  const settings = useLeadSettings();
  const isAdmin = useMay('leadSettings');
  return (
    <TabCard title="Lead notifications" description="Who hears of each new lead, how soon it is due a reply, and how long leads are kept." titleId="lead-settings-title" className={className}>
      <ListState query={settings} loadingText="Loading lead settings...">
        {settings.data && <LeadSettingsForm key={settings.dataUpdatedAt} initial={settings.data} isAdmin={isAdmin} />}
      </ListState>
    </TabCard>
  );
}
