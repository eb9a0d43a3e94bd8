// The checks of the page form that administrators switched off for the
// whole site (Settings); the form leaves their warnings out.
import type { PageCheckID, PageCheckSettings } from '@/lib/api-types';
import { adminData, useLoaded, useWrite } from './admin-api';

const url = '/api/admin/page-check-settings';

export function usePageCheckSettings(enabled = true) {
  return useLoaded<PageCheckSettings>(url, 'Failed to fetch the page checks', enabled);
}

/** The checks switched off: none until the settings have loaded. */
export function useChecksOff(enabled = true): ReadonlySet<PageCheckID> {
  const settings = usePageCheckSettings(enabled);
  return new Set(settings.data?.off ?? []);
}

export function useUpdatePageCheckSettings() {
  return useWrite(url, (off: PageCheckID[]) => adminData<PageCheckSettings>('PUT', url, { body: { off } }));
}
