import { useState } from 'react';
import { LogOut, Save } from 'lucide-react';
import { defaultSettings } from '@/lib/site-data';
import { serverFieldErrors } from '../lib/api-client';
import { fieldErrors, siteSettingsSchema } from '../lib/schemas';
import { useSiteSettings, useUpdateSiteSettings } from '../lib/site-settings';
import type { AdminSiteSettings } from '../lib/types';
import { useEditMode } from '../lib/use-edit-mode';
import { AdminButton } from '../ui/admin-button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { FormField } from '../ui/form-field';
import { Input } from '../ui/input';
import { Switch } from '../ui/switch';
import { ListState } from '../tab-parts';
import { LeadSettingsCard } from './lead-settings-card';

/** The logo image as it will look; it hides when the address does not load. */
function LogoPreview({ url, alt }: { url: string; alt: string }) {
  const [failedURL, setFailedURL] = useState<string | null>(null);
  if (!url || failedURL === url) return null;
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-slate-50 p-4">
      <p className="mb-2 text-xs font-medium text-slate-500">Preview</p>
      <img src={url} alt={alt || 'Logo preview'} className="h-12 w-auto object-contain" onError={() => setFailedURL(url)} />
    </div>
  );
}

function ColourField({ id, label, value, onChange, error }: { id: string; label: string; value: string; onChange: (v: string) => void; error?: string }) {
  return (
    <FormField id={id} label={label} error={error}>
      <div className="flex gap-2">
        <input
          type="color"
          aria-label={`${label} picker`}
          value={/^#[0-9a-fA-F]{6}$/.test(value) ? value : '#000000'}
          onChange={(e) => onChange(e.target.value)}
          className="h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
        />
        <Input id={id} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={error ? true : undefined} className="font-mono" />
      </div>
    </FormField>
  );
}

function BrandingForm({ initial }: { initial: AdminSiteSettings }) {
  const [values, setValues] = useState<AdminSiteSettings>({ ...defaultSettings, ...initial });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateSiteSettings();
  const set = <K extends keyof AdminSiteSettings>(k: K, v: AdminSiteSettings[K]) => setValues((s) => ({ ...s, [k]: v }));

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const parsed = siteSettingsSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    try {
      await update.mutateAsync(parsed.data);
    } catch (err) {
      setErrors(serverFieldErrors(err));
    }
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
          <FormField id="settings-logoImageUrl" label="Logo Image URL" error={errors.logoImageUrl}>
            <Input id="settings-logoImageUrl" inputMode="url" placeholder="https://..." value={values.logoImageUrl} onChange={(e) => set('logoImageUrl', e.target.value)} />
          </FormField>
        </div>
        <div className="sm:col-span-2">
          <LogoPreview url={values.logoImageUrl} alt={values.logoImageAlt} />
        </div>
        <div className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 px-3 py-2.5 sm:col-span-2">
          <label htmlFor="settings-useImageLogo" className="text-sm font-medium text-slate-700">
            Use image logo
          </label>
          <Switch id="settings-useImageLogo" checked={values.useImageLogo} onCheckedChange={(c) => set('useImageLogo', c)} />
        </div>
        <ColourField id="settings-primaryColor" label="Primary Colour" value={values.primaryColor} onChange={(v) => set('primaryColor', v)} error={errors.primaryColor} />
        <ColourField id="settings-secondaryColor" label="Secondary Colour" value={values.secondaryColor} onChange={(v) => set('secondaryColor', v)} error={errors.secondaryColor} />
      </div>
      <div className="flex justify-end">
        <AdminButton type="submit" variant="primary" disabled={update.isPending}>
          <Save aria-hidden="true" />
          {update.isPending ? 'Saving...' : 'Save Settings'}
        </AdminButton>
      </div>
    </form>
  );
}

export function SettingsTab({ onLogout }: { onLogout: () => void }) {
  const settings = useSiteSettings();
  const { editMode, toggleEditMode } = useEditMode();
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <Card className="lg:col-span-2">
        <CardHeader>
          <div>
            <CardTitle>Logo & Branding</CardTitle>
            <CardDescription>The logo and colours every public page uses.</CardDescription>
          </div>
        </CardHeader>
        <CardContent>
          <ListState isLoading={settings.isLoading} error={settings.error} isEmpty={false} loadingText="Loading site settings..." emptyText="">
            {settings.data && <BrandingForm key={settings.dataUpdatedAt} initial={settings.data} />}
          </ListState>
        </CardContent>
      </Card>
      <Card className="h-fit lg:row-span-2">
        <CardHeader>
          <div>
            <CardTitle>Admin Settings</CardTitle>
            <CardDescription>Editing on the live site, and your session.</CardDescription>
          </div>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="flex items-center justify-between gap-3">
            <label htmlFor="settings-edit-mode" className="grid text-sm">
              <span className="font-medium text-slate-800">Edit mode</span>
              <span className="text-slate-500">Click texts on the website to change them.</span>
            </label>
            <Switch id="settings-edit-mode" checked={editMode} onCheckedChange={toggleEditMode} />
          </div>
          <AdminButton variant="outline" onClick={onLogout}>
            <LogOut aria-hidden="true" />
            Logout
          </AdminButton>
        </CardContent>
      </Card>
      <LeadSettingsCard className="lg:col-span-2" />
    </div>
  );
}
