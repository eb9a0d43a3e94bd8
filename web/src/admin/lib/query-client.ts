import { MutationCache, QueryCache, QueryClient, type QueryFunction } from '@tanstack/react-query';
import { apiRequest, isUnauthorized } from './api-client';

/** Default load: GET the URL of the query key, parsed as JSON (SPEC section 7). */
const getQueryKeyURL: QueryFunction = async ({ queryKey }) => {
  const res = await apiRequest('GET', String(queryKey[0]));
  return res.json();
};

/**
 * The admin's query client with the settings of SPEC section 7: data never
 * goes stale, no refetch on focus, no polling, no retries. A 401 anywhere
 * means the session is gone, so onUnauthorized ends it.
 */
export function createAdminQueryClient(onUnauthorized: () => void): QueryClient {
  const onError = (err: unknown) => {
    if (isUnauthorized(err)) onUnauthorized();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
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
