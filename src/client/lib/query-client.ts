import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api';
import { handleUnauthorized } from './session';

/**
 * The one query client of the game: data never goes stale, no refetch on focus, no retries.
 * Any 401 answer, to a read or an action, means the session is gone: the login screen shows.
 */
export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (err) => handleUnauthorized(queryClient, err) }),
  mutationCache: new MutationCache({ onError: (err) => handleUnauthorized(queryClient, err) }),
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: 'throw' }),
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
