import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api';

/** The one query client of the game: data never goes stale, no refetch on focus, no retries. */
export const queryClient = new QueryClient({
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
