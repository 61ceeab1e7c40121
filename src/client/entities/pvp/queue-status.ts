import { api } from '@client/lib/endpoints';

/** `GET /api/pvp/queue-status`: where the player stands in the queue, and how long a turn is. */
export const QUEUE_STATUS_KEY = ['/api/pvp/queue-status'] as const;

/** The read both PvP screens poll (each with its own interval); a page opened on one starts it early. */
export const queueStatusQuery = {
  queryKey: QUEUE_STATUS_KEY,
  queryFn: ({ signal }: { signal: AbortSignal }) => api.pvp.queueStatus({}, { signal }),
  retry: false,
} as const;
