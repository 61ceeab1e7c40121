import { api } from '@client/lib/endpoints';

/** Query keys of the friends lists (issue 25). */
export const friendKeys = {
  /** `GET /api/friends`. */
  all: ['/api/friends'] as const,
  /** `GET /api/friends/{id}`: a friend's card. */
  card: (userId: number) => ['/api/friends', userId] as const,
};

/** `GET /api/friends`: friends with presence, and requests both ways. */
export const friendsQuery = {
  queryKey: friendKeys.all,
  queryFn: ({ signal }: { signal: AbortSignal }) => api.friends.list({}, { signal }),
} as const;
