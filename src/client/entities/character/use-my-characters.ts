import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CharacterView } from '@common/game-api';
import { errorStatus, isUnauthorized } from '@client/lib/api';
import { api } from '@client/lib/endpoints';
import { characterKeys } from './character-keys';

/** `GET /api/characters`: the player's own characters, best first (404 when they own none). */
export const myCharactersQuery = queryOptions({ queryKey: characterKeys.all, queryFn: ({ signal }) => api.characters.list({}, { signal }) });

/**
 * The player's characters (`GET /api/characters`, best first); `enabled` lets a screen wait for
 * the player first. A 404 means the player owns none, so it reads as an empty list;
 * `unauthorized` is set when the session is gone.
 */
export function useMyCharacters(options: { enabled?: boolean } = {}) {
  const query = useQuery({ ...myCharactersQuery, enabled: options.enabled ?? true });
  const notFound = query.isError && errorStatus(query.error) === 404;
  const characters: CharacterView[] = query.data ?? [];
  return {
    ...query,
    characters,
    unauthorized: query.isError && isUnauthorized(query.error),
    /** A failure other than 401 or 404. */
    failed: query.isError && !notFound && !isUnauthorized(query.error),
    /** Loaded (or answered 404) and the list is empty. */
    empty: (query.isSuccess && characters.length === 0) || notFound,
  };
}
