import { useEffect, useRef } from 'react';
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import type { EnemyView } from '@common/game-api';
import type { Threat } from '@common/game-rules';
import { myCharactersQuery } from '@client/entities/character/use-my-characters';
import { api } from '@client/lib/endpoints';
import { onSigningIn } from '@client/lib/session';

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
 * A roll started with the page, before the screen asked: the screen's first roll takes it, unless
 * a sign-in came first (it was the previous player's).
 */
let early: Promise<EnemyView> | null = null;
let forgetOnSignIn: (() => void) | null = null;

/**
 * Rolls the enemy of a page opened on /battle with the screen's code (preloadScreen), so its
 * sprite, the screen's largest picture, is not asked for only after the frame rendered. Not a
 * cached read: the enemy stays dropped when the screen closes, and the next visit rolls anew.
 * Only once the player's characters are in (the page's own read of them, which the HTML
 * preloads): a player without a fighter is asked to create one and has no enemy to face, and the
 * roll would only be a 404.
 */
export function rollEnemyEarly(client: QueryClient): void {
  if (early) return;
  early = client.fetchQuery(myCharactersQuery).then((characters) => {
    if (characters.length === 0) throw new Error('no fighter to face an enemy');
    return api.battle.enemy({ query: {} });
  });
  // A failed early roll is rolled again by the screen that takes it.
  early.catch(() => undefined);
  forgetOnSignIn ??= onSigningIn(() => {
    early = null;
  });
}

function roll(threat: ThreatChoice | null, signal: AbortSignal): Promise<EnemyView> {
  if (!threat && early) {
    const taken = early;
    early = null;
    return taken.catch(() => api.battle.enemy({ query: {} }, { signal }));
  }
  return api.battle.enemy({ query: threat ? { threat } : {} }, { signal });
}

/**
 * The enemy to face, rolled on entry and of the threat picked; `onFailed` hears of each failed
 * roll once. Picking another threat rolls at once, the old enemy staying in view meanwhile.
 */
export function useEnemy(enabled: boolean, threat: ThreatChoice | null, onFailed: () => void) {
  // Dropped from the cache when the screen closes, so every visit rolls a fresh enemy.
  const query = useQuery({
    queryKey: enemyQueryKey(threat),
    queryFn: ({ signal }) => roll(threat, signal),
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
