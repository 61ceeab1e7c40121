import { useEffect, useRef } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EnemyView } from '@common/game-api';
import type { Threat } from '@common/game-rules';
import { api } from '@client/lib/endpoints';

/** `GET /api/enemy`: every call rolls a new enemy, which the server remembers for the fight. */
export const ENEMY_QUERY_KEY = ['/api/enemy'] as const;

/** The threat a player asks for (`GET /api/enemy?threat=`); null lets the server choose. */
export type ThreatChoice = Lowercase<Threat>;

export const THREAT_CHOICES: readonly { value: ThreatChoice; label: Threat }[] = [
  { value: 'low', label: 'Low' },
  { value: 'even', label: 'Even' },
  { value: 'high', label: 'High' },
];

/** The threat the server applied to an enemy it rolled (null before the first roll, or on an older enemy). */
export function threatInForce(enemy: Pick<EnemyView, 'threat'> | undefined): ThreatChoice | null {
  return enemy?.threat ? (enemy.threat.toLowerCase() as ThreatChoice) : null;
}

/** The query key (and URL) of an enemy of that threat. */
export function enemyQueryKey(threat: ThreatChoice | null) {
  return threat ? ([...ENEMY_QUERY_KEY, { threat }] as const) : ENEMY_QUERY_KEY;
}

export const ENEMY_FAILED_TEXT = 'Failed to generate enemy. Please log in.';

/**
 * The enemy to face, rolled on entry and of the threat picked; `onFailed` hears of each failed
 * roll once. Picking another threat rolls at once, the old enemy staying in view meanwhile.
 */
export function useEnemy(enabled: boolean, threat: ThreatChoice | null, onFailed: () => void) {
  // Dropped from the cache when the screen closes, so every visit rolls a fresh enemy.
  const query = useQuery({
    queryKey: enemyQueryKey(threat),
    queryFn: ({ signal }) => api.battle.enemy({ query: threat ? { threat } : {} }, { signal }),
    enabled,
    gcTime: 0,
    placeholderData: keepPreviousData,
  });
  const handledErrorAt = useRef(0);
  useEffect(() => {
    if (!query.isError || query.errorUpdatedAt === handledErrorAt.current) return;
    handledErrorAt.current = query.errorUpdatedAt;
    onFailed();
  }, [query.isError, query.errorUpdatedAt, onFailed]);
  return query;
}
