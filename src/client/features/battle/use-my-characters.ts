import { useQuery } from '@tanstack/react-query';
import type { CharacterView } from '@common/game-api';
import { errorStatus, isUnauthorized } from '@client/lib/api';

/** Query key of the player's own characters (`GET /api/characters`, best first). */
export const CHARACTERS_QUERY_KEY = ['/api/characters'] as const;

/**
 * The player's characters. A 404 means the player owns none, so it reads as an empty list;
 * `unauthorized` is set when the session is gone.
 */
export function useMyCharacters() {
  const query = useQuery<CharacterView[]>({ queryKey: CHARACTERS_QUERY_KEY });
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
