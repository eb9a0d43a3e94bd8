import { QueryCache, QueryClient, type QueryFunction } from '@tanstack/react-query';
import { isUnauthorized } from '@/lib/api-client';
import { adminRequest } from './admin-api';

/** Default load: GET the URL of the query key, parsed as JSON (SPEC section 7). */
const getQueryKeyURL: QueryFunction = async ({ queryKey }) => {
  const res = await adminRequest('GET', String(queryKey[0]));
  return res.json();
};

/**
 * The admin's query client with the settings of SPEC section 7: data never
 * goes stale, no refetch on focus, no polling, no retries. A load refused
 * with 401 means the session is gone, so onUnauthorized ends it; a write
 * refused so asks for a sign-in in place instead (lib/session.ts), and
 * keeps whatever was being edited.
 */
export function createAdminQueryClient(onUnauthorized: () => void): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (err) => {
        if (isUnauthorized(err)) onUnauthorized();
      },
    }),
    defaultOptions: {
      queries: {
        queryFn: getQueryKeyURL,
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
