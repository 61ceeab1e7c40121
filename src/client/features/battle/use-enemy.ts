import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { EnemyView } from '@common/game-api';

/** `GET /api/enemy`: every call rolls a new enemy, which the server remembers for the fight. */
export const ENEMY_QUERY_KEY = ['/api/enemy'] as const;

export const ENEMY_FAILED_TEXT = 'Failed to generate enemy. Please log in.';

/** The enemy to face, rolled on entry; `onFailed` hears of each failed roll once. */
export function useEnemy(enabled: boolean, onFailed: () => void) {
  // Dropped from the cache when the screen closes, so every visit rolls a fresh enemy.
  const query = useQuery<EnemyView>({ queryKey: ENEMY_QUERY_KEY, enabled, gcTime: 0 });
  const handledErrorAt = useRef(0);
  useEffect(() => {
    if (!query.isError || query.errorUpdatedAt === handledErrorAt.current) return;
    handledErrorAt.current = query.errorUpdatedAt;
    onFailed();
  }, [query.isError, query.errorUpdatedAt, onFailed]);
  return query;
}
