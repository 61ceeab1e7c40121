import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { BattleResultView, CharacterView, EnemyView } from '@common/game-api';
import { ENEMY_REPLACED_MESSAGE } from '@common/game-rules';
import { errorMessage } from '@client/lib/api';
import { api } from '@client/lib/endpoints';
import { playSound } from '@client/lib/sound';
import { useAction } from '@client/lib/use-action';
import { USER_QUERY_KEY } from '@client/lib/use-auth';
import { toast } from '@client/ui';
import type { LogTone } from '@client/entities/battle/log-lines';
import { forgetUnshownFight, keepUnshownFight, takeUnshownFight } from './last-fight';
import { outcomeOf, outcomeText, type Outcome } from './pve-result';
import { characterKeys } from '@client/entities/character/character-keys';
import { forgeKeys } from '@client/entities/forge/forge-keys';
import { questKeys } from '@client/entities/quest/quest-keys';

/** The level-up fanfare follows the victory jingle. */
const LEVEL_UP_SOUND_DELAY_MS = 900;

/** A fought battle on the stage: from the server's answer until the next enemy steps in. */
export interface Fight {
  result: BattleResultView;
  /** The fighter as it was when the battle started (its max HP before any level-up). */
  fighter: CharacterView;
  /** Every beat shown and the outcome announced. */
  done: boolean;
  /** The next enemy stepped in: the stage shows the picked fighter again, the log stays. */
  settled: boolean;
}

/** Everything a battle changes is read again: characters and credits now, the rest when next shown. */
function useRefreshAfterBattle() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: characterKeys.all });
    void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
        void queryClient.invalidateQueries({ queryKey: ['/api/leaderboard'] });
    void queryClient.invalidateQueries({ queryKey: ['/api/rankings'] });
    // Drops fill the forge, and battles move quests on.
    void queryClient.invalidateQueries({ queryKey: forgeKeys.materials });
    void queryClient.invalidateQueries({ queryKey: questKeys.all });
  }, [queryClient]);
}

/**
 * Start Battle (`POST /api/battle`) and what follows: the fight to show, its outcome (result
 * line, toast, jingle), and the refreshed characters and credits. The battle names the enemy
 * shown; when another tab or device has rolled a newer one since, the server refuses it and
 * `onEnemyReplaced` brings this page an enemy to look over before starting again.
 */
export function useFight(addNote: (text: string, tone: LogTone) => void, onEnemyReplaced: () => void) {
  const queryClient = useQueryClient();
  const refresh = useRefreshAfterBattle();
  const [fight, setFight] = useState<Fight | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  // Leaving while the fight is still shown: the battle happened, so the cached data must not stay old.
  const unfinished = useRef(false);
  useEffect(() => () => (unfinished.current ? refresh() : undefined), [refresh]);
  // The result's toast tells this screen's battle: it leaves with the screen (a phone's replay
  // controls sit where it would stay for its five seconds after Watch replay).
  const resultToast = useRef<{ dismiss(): void } | null>(null);
  useEffect(() => () => resultToast.current?.dismiss(), []);

  // A battle fought before a reload (or a visit elsewhere) and never shown to its end: its outcome.
  useEffect(() => {
    const unshown = takeUnshownFight();
    if (!unshown) return;
    setOutcome(unshown.outcome);
    addNote(`Your last battle, ${unshown.fighterName} vs ${unshown.enemyName}: ${unshown.outcome.line}`, unshown.outcome.result === 'victory' ? 'ko' : 'system');
  }, [addNote]);

  const action = useAction({
    mutationFn: ({ fighter, enemy }: { fighter: CharacterView; enemy: EnemyView }) =>
      api.battle.fight({ body: { characterId: fighter.id, ...(enemy.roll ? { enemyRoll: enemy.roll } : {}) } }),
    onSuccess: (result, { fighter }) => {
      unfinished.current = true;
      keepUnshownFight({ fighterName: fighter.name, enemyName: result.enemy.name, outcome: outcomeOf(result) });
      setFight({ result, fighter, done: false, settled: false });
    },
    onError: (err) => {
      const message = errorMessage(err, 'Battle failed');
      const raw = err instanceof Error ? err.message : '';
      if (message === ENEMY_REPLACED_MESSAGE) {
        toast({ title: 'Enemy Changed', description: message });
        addNote(message, 'system');
        onEnemyReplaced();
      } else if (/cooldown/i.test(message) || /cooldown/i.test(raw)) {
        toast({ title: 'Battle Cooldown', description: message, variant: 'destructive' });
        addNote(`⏰ ${message}`, 'cooldown');
        // The server knows better when the last battle was: show its countdown.
        void queryClient.invalidateQueries({ queryKey: characterKeys.all });
      } else {
        toast({ title: 'Battle Failed', description: message, variant: 'destructive' });
        addNote(`Battle failed: ${message}`, 'error');
      }
    },
  });

  const finish = useCallback(() => {
    setFight((f) => (f ? { ...f, done: true } : f));
    if (!fight) return;
    const next = outcomeOf(fight.result);
    const levelUp = next.levelsGained > 0;
    if (levelUp) window.setTimeout(() => playSound('level_up'), LEVEL_UP_SOUND_DELAY_MS);
    setOutcome(next);
    forgetUnshownFight();
    if (next.drops) addNote(`🎁 ${next.drops}`, 'system');
    resultToast.current = toast({
      title: next.result === 'victory' ? 'Battle Won!' : 'Battle Lost',
      description: outcomeText(next),
      variant: next.result === 'victory' ? 'success' : 'default',
    });
    unfinished.current = false;
    refresh();
  }, [fight, refresh, addNote]);

  const begin = useCallback(
    (fighter: CharacterView, enemy: EnemyView) => {
      setOutcome(null);
      setFight(null);
      action.mutate({ fighter, enemy });
    },
    [action],
  );
  const settle = useCallback(() => setFight((f) => (f ? { ...f, settled: true } : f)), []);

  return { fight, outcome, pending: action.isPending, begin, finish, settle };
}
