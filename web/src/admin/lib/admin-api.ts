import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { readAdminToken } from '@/features/editable-text/edit-mode';
import { ApiError, apiRequest, isApiError, isUnauthorized, type RequestOptions } from '@/lib/api-client';
import { signInRequested, withSession } from '@/lib/session';

// The API client of web/src/lib with the stored admin token. A write that
// meets an ended session waits for the user to sign in again in place, and
// goes again (lib/session.ts); so does a load while a sign-in is asked for.

type AdminOptions = Omit<RequestOptions, 'token'>;

export function adminRequest(method: string, url: string, options: AdminOptions = {}): Promise<Response> {
  const run = () => apiRequest(method, url, { ...options, token: readAdminToken() });
  return method === 'GET' && !signInRequested() ? run() : withSession(run);
}

export async function adminData<T>(method: string, url: string, options: AdminOptions = {}): Promise<T> {
  const res = await adminRequest(method, url, options);
  const body = (await res.json()) as { data: T };
  return body.data;
}

/**
 * Loads url for a list or a form. A failure carries the tab's own message
 * (SPEC section 8), but for a lost session, which stays a 401.
 */
export async function loadOr<T>(url: string, failure: string): Promise<T> {
  try {
    const res = await adminRequest('GET', url);
    return (await res.json()) as T;
  } catch (err) {
    if (isUnauthorized(err)) throw err;
    throw new ApiError({ status: isApiError(err) ? err.status : 0, message: failure });
  }
}

/** The data of what loadOr loads. */
export async function loadData<T>(url: string, failure: string): Promise<T> {
  return (await loadOr<{ data: T }>(url, failure)).data;
}

/** The data at url, loaded as loadOr does and kept under the url; not loaded while `enabled` is false. */
export function useLoaded<T>(url: string, failure: string, enabled = true) {
  return useQuery({ enabled, queryKey: [url], queryFn: () => loadData<T>(url, failure) });
}

/** A write after which the data at url is loaded afresh. */
export function useWrite<A, R>(url: string, write: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => client.invalidateQueries({ queryKey: [url] }) });
}

type SaveOptions<A, T> = {
  /** What the write sends for arg; arg itself by default. */
  body?: (arg: A) => unknown;
  /** After the saved data has replaced the loaded data. */
  onSaved?: (saved: T) => void;
  onError?: (err: Error) => void;
};

/**
 * A PUT of the data loaded from url: the server answers with the data as
 * saved, which replaces the loaded data. Rejects with the server's error, so
 * the form can show it.
 */
export function useSave<A, T>(url: string, { body, onSaved, onError }: SaveOptions<A, T> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (arg: A) => adminData<T>('PUT', url, { body: body ? body(arg) : arg }),
    onSuccess: (saved) => {
      client.setQueryData([url], saved);
      onSaved?.(saved);
    },
    onError,
  });
}
