import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/features/toast/toast-store';
import { ApiError, apiRequest, isUnauthorized } from './api-client';

/** The admin collections of SPEC section 7; the leads have their own module (leads.ts). */
export type ResourceName =
  | 'content'
  | 'menu-items'
  | 'images'
  | 'testimonials'
  | 'footer-links'
  | 'pages';

export function resourceURL(name: ResourceName | 'site-settings'): string {
  return `/api/admin/${name}`;
}

/** Loads a collection; a failure carries the tab's own message (SPEC section 8). */
export function useAdminList<T>(name: ResourceName, loadError: string) {
  return useQuery({
    queryKey: [resourceURL(name)],
    queryFn: async (): Promise<T[]> => {
      try {
        const res = await apiRequest('GET', resourceURL(name));
        const body = (await res.json()) as { data?: T[] };
        return body.data ?? [];
      } catch (err) {
        if (isUnauthorized(err)) throw err;
        throw new ApiError(err instanceof ApiError ? err.status : 0, loadError);
      }
    },
  });
}

type Messages = { success: string; failure: string };

/** A write to the API followed by a fresh load of the collection and a toast. */
export function useAdminWrite<V>(
  name: ResourceName,
  send: (vars: V) => Promise<unknown>,
  messages: (vars: V) => Messages,
  alsoInvalidate: string[] = [],
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (_data, vars) => {
      toast({ title: 'Success', description: messages(vars).success });
      await Promise.all(
        [resourceURL(name), ...alsoInvalidate].map((url) => client.invalidateQueries({ queryKey: [url] })),
      );
    },
    onError: (_err, vars) => {
      toast({ title: 'Error', description: messages(vars).failure, variant: 'destructive' });
    },
  });
}

/** Create (POST) or update (PUT /{id}) of one record. */
export function saveRecord(name: ResourceName, id: number | undefined, fields: object): Promise<Response> {
  return id === undefined
    ? apiRequest('POST', resourceURL(name), fields)
    : apiRequest('PUT', `${resourceURL(name)}/${id}`, fields);
}

export function deleteRecord(name: ResourceName, id: number): Promise<Response> {
  return apiRequest('DELETE', `${resourceURL(name)}/${id}`);
}
