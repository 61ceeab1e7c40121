import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { handleUnauthorized } from './session';

/**
 * The one query client of the game: data never goes stale, no refetch on focus, no retries.
 * Every query names its typed call (`queryFn: () => api.<group>.<call>()`, lib/endpoints.ts).
 * Any 401 answer, to a read or an action, means the session is gone: the login screen shows.
 */
export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (err) => handleUnauthorized(queryClient, err) }),
  mutationCache: new MutationCache({ onError: (err) => handleUnauthorized(queryClient, err) }),
  defaultOptions: {
    queries: {
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
    },
    mutations: {
      retry: false,
    },
  },
});
