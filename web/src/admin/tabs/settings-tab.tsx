import { useEffect, useState } from 'react';
import { ImageOff, ImagePlus, LogOut, Save } from 'lucide-react';
import { defaultSettings } from '@/lib/site-data';
import { useQueryClient } from '@tanstack/react-query';
import { isApiError, type Conflict } from '@/lib/api-client';
import { fieldErrors, siteSettingsSchema } from '../lib/schemas';
import { settingsFields, useSiteSettings, useUpdateSiteSettings } from '../lib/site-settings';
import { initialValues } from '../lib/fields';
import { focusFirstInvalid } from '../lib/focus';
import { resourceURL } from '../lib/resources';
import { SaveConflictDialog } from '../conflict-dialog';
import type { SiteSettings } from '@/lib/api-types';
import { useEditMode } from '../lib/use-edit-mode';
import { useMay } from '../lib/users';
import { AdminButton } from '@/components/ui/admin-button';
import { Panel, PanelContent, PanelHeader, PanelHeading } from '@/components/ui/panel';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { PageChecksCard } from './page-checks-card';
import { PublishingCard } from './publishing-card';
import { BusyButton, ListState, TabCard } from '../tab-parts';
import { LeadSettingsCard } from './lead-settings-card';
import { MailSettingsCard } from './mail-settings-card';
import { BackupsCard } from './backups-card';
import { smallVariant } from '../media/media-api';
import { MediaPickerDialog } from '../media/media-picker';

const logoFailure = 'This image does not load: fix the address or clear it before saving.';

/**
 * The logo image as it will look. An address that does not load shows as a
 * warning instead, as it would be a broken image in every page header.
 */
function LogoPreview({ url, alt, failed, onResult }: { url: string; alt: string; failed: boolean; onResult: (url: string, ok: boolean) => void }) {
  if (!url) return null;
  if (failed) {
    return (
      <div id="settings-logo-preview" className="flex items-start gap-3 rounded-lg border border-danger-line bg-danger-soft p-4 text-sm text-danger">
        <ImageOff className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <p>
          <strong className="font-semibold">The logo image does not load.</strong> Every page header would show a broken image. Check the address
          (it must be reachable from the browser), or clear it to use the logo text.
        </p>
      </div>
    );
  }
  return (
    <div className="rounded-lg border border-dashed border-strong bg-surface-muted p-4">
      <p className="mb-2 text-xs font-medium text-muted">Preview</p>
      <img src={url} alt={alt || 'Logo preview'} className="h-12 w-auto object-contain" onLoad={() => onResult(url, true)} onError={() => onResult(url, false)} />
    </div>
  );
}

/** Whether the browser can load the image at url, within 10 s. */
function imageLoads(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const img = new Image();
    const timer = setTimeout(() => resolve(false), 10_000);
    img.onload = () => {
      clearTimeout(timer);
      resolve(true);
    };
    img.onerror = () => {
      clearTimeout(timer);
      resolve(false);
    };
    img.src = url;
  });
}

const settingsOrder = ['logoText', 'logoImageAlt', 'logoImageUrl', 'primaryColor', 'secondaryColor'];
const settingsId = (name: string) => `settings-${name}`;

function ColourField({ id, label, value, onChange, error }: { id: string; label: string; value: string; onChange: (v: string) => void; error?: string }) {
  return (
    <FormField id={id} label={label} error={error}>
      <div className="flex gap-2">
        <input
          type="color"
          aria-label={`${label} picker`}
          value={/^#[0-9a-fA-F]{6}$/.test(value) ? value : '#000000'}
          onChange={(e) => onChange(e.target.value)}
          className="h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-strong bg-surface p-1"
        />
        <Input id={id} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={error ? true : undefined} className="font-mono" />
      </div>
    </FormField>
  );
}

/**
 * The logo and colours, saved from the version they were loaded at: a save
 * that meets a newer version opens the conflict dialog, and the form keeps
 * what was typed until the user chooses.
 */
function BrandingForm({ initial }: { initial: SiteSettings }) {
  const [values, setValues] = useState<SiteSettings>({ ...defaultSettings, ...initial });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const update = useUpdateSiteSettings();
  // Whether the logo image loaded, for the address last tried.
  const [logo, setLogo] = useState<{ url: string; ok: boolean } | null>(null);
  const [picking, setPicking] = useState(false);
  const logoKnown = logo !== null && logo.url === values.logoImageUrl;
  const logoFails = values.logoImageUrl !== '' && logoKnown && !logo.ok;
  const client = useQueryClient();
  const set = <K extends keyof SiteSettings>(k: K, v: SiteSettings[K]) => setValues((s) => ({ ...s, [k]: v }));

  /** Shows the errors beside their fields, the first focused. */
  function refuse(found: Record<string, string>) {
    setErrors(found);
    focusFirstInvalid(settingsOrder, found, settingsId);
  }

  async function save(version: number) {
    const parsed = siteSettingsSchema.safeParse(values);
    let logoBroken = logoFails;
    if (parsed.success && values.logoImageUrl !== '' && !logoKnown) {
      // Saved before the preview settled: wait for the image.
      const ok = await imageLoads(values.logoImageUrl);
      setLogo({ url: values.logoImageUrl, ok });
      logoBroken = !ok;
    }
    if (!parsed.success || logoBroken) {
      refuse({ ...(parsed.success ? {} : fieldErrors(parsed.error)), ...(logoBroken ? { logoImageUrl: logoFailure } : {}) });
      return;
    }
    setErrors({});
    try {
      await update.mutateAsync({ settings: parsed.data, version });
      setConflict(null);
    } catch (err) {
      setConflict(isApiError(err) ? err.conflict : null);
      refuse(isApiError(err) ? { ...err.fieldErrors } : {});
    }
  }

  /** The form starts again from the settings as they are now (it is keyed by their load). */
  const takeTheirs = (current: object) => client.setQueryData([resourceURL('site-settings')], current);

  function submit(e: React.FormEvent) {
    e.preventDefault();
    void save(initial.version);
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="settings-logoText" label="Logo Text" error={errors.logoText}>
          <Input id="settings-logoText" value={values.logoText} onChange={(e) => set('logoText', e.target.value)} />
        </FormField>
        <FormField id="settings-logoImageAlt" label="Logo Alt Text" error={errors.logoImageAlt}>
          <Input id="settings-logoImageAlt" value={values.logoImageAlt} onChange={(e) => set('logoImageAlt', e.target.value)} />
        </FormField>
        <div className="sm:col-span-2">
          <FormField id="settings-logoImageUrl" label="Logo Image URL" error={errors.logoImageUrl} hint="An address, or an image of the media library.">
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input
                id="settings-logoImageUrl"
                inputMode="url"
                placeholder="https://..."
                value={values.logoImageUrl}
                onChange={(e) => {
                  set('logoImageUrl', e.target.value);
                  setErrors(({ logoImageUrl: _gone, ...rest }) => rest);
                }}
                aria-invalid={errors.logoImageUrl || logoFails ? true : undefined}
                aria-describedby={[errors.logoImageUrl ? 'settings-logoImageUrl-error' : 'settings-logoImageUrl-hint', logoFails && 'settings-logo-preview'].filter(Boolean).join(' ')}
              />
              <AdminButton type="button" variant="outline" className="shrink-0 max-sm:h-11" onClick={() => setPicking(true)}>
                <ImagePlus aria-hidden="true" />
                Choose from library
              </AdminButton>
            </div>
          </FormField>
          <MediaPickerDialog
            open={picking}
            onOpenChange={setPicking}
            title="Choose the logo"
            onChoose={(item) => {
              const file = smallVariant(item);
              if (!file) return;
              set('logoImageUrl', file.url);
              set('logoImageAlt', item.decorative ? values.logoText : item.altText);
              // Chosen to be seen: the header shows the image once saved.
              set('useImageLogo', true);
              setErrors(({ logoImageUrl: _url, logoImageAlt: _alt, ...rest }) => rest);
            }}
          />
        </div>
        <div className="sm:col-span-2">
          <LogoPreview url={values.logoImageUrl} alt={values.logoImageAlt} failed={logoFails} onResult={(url, ok) => setLogo({ url, ok })} />
        </div>
        <div className="flex items-center justify-between gap-3 rounded-lg border border-default px-3 py-2.5 sm:col-span-2">
          <label htmlFor="settings-useImageLogo" className="text-sm font-medium text-body">
            Use image logo
          </label>
          <Switch id="settings-useImageLogo" checked={values.useImageLogo} onCheckedChange={(c) => set('useImageLogo', c)} />
        </div>
        <ColourField id="settings-primaryColor" label="Primary Colour" value={values.primaryColor} onChange={(v) => set('primaryColor', v)} error={errors.primaryColor} />
        <ColourField id="settings-secondaryColor" label="Secondary Colour" value={values.secondaryColor} onChange={(v) => set('secondaryColor', v)} error={errors.secondaryColor} />
        <div className="flex items-center justify-between gap-3 rounded-lg border border-default px-3 py-2.5 sm:col-span-2">
          <label htmlFor="settings-newsletterInFooter" className="grid text-sm">
            <span className="font-medium text-body">Newsletter sign-up in the footer</span>
            <span className="text-muted">Every page offers the newsletter of /blog in its footer, in the words of the box there.</span>
          </label>
          <Switch id="settings-newsletterInFooter" checked={values.newsletterInFooter} onCheckedChange={(c) => set('newsletterInFooter', c)} />
        </div>
      </div>
      <div className="flex justify-end">
        <BusyButton type="submit" variant="primary" disabled={update.isPending} icon={Save} busy={update.isPending} label="Save Settings" busyLabel="Saving..." />
      </div>
      <SaveConflictDialog
        conflict={conflict}
        onDismiss={() => setConflict(null)}
        noun="Site settings"
        fields={settingsFields}
        mine={initialValues(settingsFields, values)}
        base={initialValues(settingsFields, initial)}
        busy={update.isPending}
        onKeepTheirs={() => conflict?.current && takeTheirs(conflict.current as object)}
        onOverwrite={(version) => void save(version)}
        onReload={takeTheirs}
      />
    </form>
  );
}

export function SettingsTab({ onLogout }: { onLogout: () => void }) {
  const settings = useSiteSettings();
  const primary = settings.data?.primaryColor;
  const secondary = settings.data?.secondaryColor;
  // The admin is in the brand colours the page loaded with: a save (or its
  // Undo) of others shows them at once.
  useEffect(() => {
    const root = document.documentElement.style;
    if (primary) root.setProperty('--brand-primary', primary);
    if (secondary) root.setProperty('--brand-secondary', secondary);
  }, [primary, secondary]);
  const { editMode, toggleEditMode } = useEditMode();
  const mayReadLeads = useMay('leads');
  const mayChangeMail = useMay('leadSettings');
  const mayChangeChecks = useMay('users');
  const mayBackUp = useMay('users');
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <TabCard title="Logo & Branding" description="The logo and colours every public page uses." className="lg:col-span-2">
        <ListState query={settings} loadingText="Loading site settings...">
          {settings.data && <BrandingForm key={settings.dataUpdatedAt} initial={settings.data} />}
        </ListState>
      </TabCard>
      <Panel className="h-fit lg:row-span-2">
        <PanelHeader>
          <PanelHeading title="Admin Settings" description="Editing on the live site, and your session." />
        </PanelHeader>
        <PanelContent className="grid gap-4">
          <div className="flex items-center justify-between gap-3">
            <label htmlFor="settings-edit-mode" className="grid text-sm">
              <span className="font-medium text-default">Edit mode</span>
              <span className="text-muted">Click texts on the website to change them.</span>
            </label>
            <Switch id="settings-edit-mode" checked={editMode} onCheckedChange={toggleEditMode} />
          </div>
          <AdminButton variant="outline" onClick={onLogout}>
            <LogOut aria-hidden="true" />
            Logout
          </AdminButton>
        </PanelContent>
      </Panel>
      {mayReadLeads && <LeadSettingsCard className="lg:col-span-2" />}
      {mayChangeMail && <MailSettingsCard className="lg:col-span-2" />}
      {mayChangeChecks && <PageChecksCard className="lg:col-span-2" />}
      {mayChangeChecks && <PublishingCard className="lg:col-span-2" />}
      {mayBackUp && <BackupsCard className="lg:col-span-2" />}
    </div>
  );
}
