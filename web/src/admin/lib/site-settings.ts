import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/features/toast/toast-store';
import { ApiError, apiRequest, isUnauthorized } from './api-client';
import { resourceURL } from './resources';
import type { AdminSiteSettings } from './types';

const settingsURL = resourceURL('site-settings');

export function useSiteSettings() {
  return useQuery({
    queryKey: [settingsURL],
    queryFn: async (): Promise<AdminSiteSettings> => {
      try {
        const res = await apiRequest('GET', settingsURL);
        return ((await res.json()) as { data: AdminSiteSettings }).data;
      } catch (err) {
        if (isUnauthorized(err)) throw err;
        throw new ApiError(err instanceof ApiError ? err.status : 0, 'Failed to fetch site settings');
      }
    },
  });
}

/** Saves the settings; both the admin and the public copies are loaded afresh. */
export function useUpdateSiteSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: AdminSiteSettings) => apiRequest('PUT', settingsURL, settings),
    onSuccess: async () => {
      toast({ title: 'Success', description: 'Site settings updated successfully. Changes are now live on the website!' });
      await Promise.all([
        client.invalidateQueries({ queryKey: [settingsURL] }),
        client.invalidateQueries({ queryKey: ['/api/public/site-settings'] }),
      ]);
    },
    onError: () => {
      toast({ title: 'Error', description: 'Failed to update site settings', variant: 'destructive' });
    },
  });
}
