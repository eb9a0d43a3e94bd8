import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast-store';
import { toastWithUndo } from './undo';
import { isApiError } from '@/lib/api-client';
import { adminData, useLoaded } from './admin-api';
import type { FieldSpec } from './fields';
import { resourceURL } from './resources';
import type { SiteSettings } from '@/lib/api-types';

const settingsURL = resourceURL('site-settings');

/** The fields of the site settings an administrator writes. */
export type SiteSettingsFields = Pick<
  SiteSettings,
  'logoText' | 'logoImageUrl' | 'logoImageAlt' | 'useImageLogo' | 'primaryColor' | 'secondaryColor' | 'newsletterInFooter'
>;

/** The fields of the branding form, as the conflict dialog names them. */
export const settingsFields: FieldSpec[] = [
  { name: 'logoText', label: 'Logo Text', kind: 'text' },
  { name: 'logoImageAlt', label: 'Logo Alt Text', kind: 'text' },
  { name: 'logoImageUrl', label: 'Logo Image URL', kind: 'url' },
  { name: 'useImageLogo', label: 'Use image logo', kind: 'switch' },
  { name: 'primaryColor', label: 'Primary Colour', kind: 'text' },
  { name: 'secondaryColor', label: 'Secondary Colour', kind: 'text' },
  { name: 'newsletterInFooter', label: 'Newsletter sign-up in the footer', kind: 'switch' },
];

export function useSiteSettings() {
  return useLoaded<SiteSettings>(settingsURL, 'Failed to fetch site settings');
}

/** Saves the settings; both the admin and the public copies are loaded afresh. */
export function useUpdateSiteSettings() {
  const client = useQueryClient();
  return useMutation({
    /** Saves the settings from the version the form started from: a newer one makes a conflict (409). */
    mutationFn: ({ settings, version }: { settings: SiteSettingsFields; version?: number }) =>
      adminData<SiteSettings>('PUT', settingsURL, { body: { ...settings, version } }),
    onSuccess: async (saved) => {
      const reload = () =>
        Promise.all([
          client.invalidateQueries({ queryKey: [settingsURL] }),
          client.invalidateQueries({ queryKey: ['/api/public/site-settings'] }),
        ]);
      toastWithUndo({
        description: 'Site settings updated successfully. Changes are now live on the website!',
        noun: 'Site settings',
        write: { resource: 'site-settings', id: saved.id, kind: 'update', version: saved.version },
        altText: 'Set the previous values again and save',
        onSettled: reload,
      });
      await reload();
    },
    onError: (err) => {
      // A conflict has its own dialog.
      if (isApiError(err) && err.conflict) return;
      toast({ title: 'Error', description: 'Failed to update site settings', variant: 'destructive' });
    },
  });
}
