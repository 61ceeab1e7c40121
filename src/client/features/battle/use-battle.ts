import { useCallback, useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BattleResultView, CharacterView, EnemyView } from '@common/game-api';
import { apiRequest, errorMessage } from '@client/lib/api';
import { playSound, useBattleAmbient } from '@client/lib/sound';
import { USER_QUERY_KEY } from '@client/lib/use-auth';
import { toast } from '@client/ui';
import { type Replay, frameAt, maxHpOf, resultLine } from './battle-replay';
import { CHARACTERS_QUERY_KEY } from './use-my-characters';

/** `GET /api/enemy`: every call rolls a new enemy, which the server remembers for the fight. */
export const ENEMY_QUERY_KEY = ['/api/enemy'] as const;

/** The hit lands this long after the attacker starts its lunge (see battle-motion). */
const HIT_SOUND_DELAY_MS = 250;
/** The level-up fanfare follows the victory jingle. */
const LEVEL_UP_SOUND_DELAY_MS = 900;

/** The sounds of one log entry: a swing, then a hit unless it was dodged; the closing line is silent. */
function playEntrySounds(done: Replay, index: number): number | undefined {
  const log = done.result.battleLog;
  if (index >= log.length - 1) return undefined;
  playSound('attack');
  const frame = frameAt(log, index + 1, maxHpOf(done.fighter), maxHpOf(done.result.enemy), done.result.result);
  if (frame.damage <= 0) return undefined;
  return window.setTimeout(() => playSound('hit'), HIT_SOUND_DELAY_MS);
}

/** SPEC §9: one log entry per second; a new enemy 2 s after a battle. */
export const REPLAY_STEP_MS = 1000;
export const NEXT_ENEMY_DELAY_MS = 2000;

export const ENEMY_FAILED_TEXT = 'Failed to generate enemy. Please log in.';
export const NO_CHARACTER_TEXT = 'Please select a character first';

export type LogTone = 'system' | 'player' | 'enemy' | 'ko' | 'error' | 'cooldown';

export interface LogLine {
  id: number;
  text: string;
  tone: LogTone;
}

/** The numbers the result line shows, kept after the stage resets for the next enemy. */
export interface Outcome {
  result: BattleResultView['result'];
  line: string;
  levelsGained: number;
  level: number;
}

let nextLineId = 1;

function line(text: string, tone: LogTone): LogLine {
  return { id: nextLineId++, text, tone };
}

/**
 * The PvE battle (SPEC §4): an enemy on entry, Start Battle, a replay of the log one entry
 * per second, the result, refreshed characters and user, and a new enemy 2 s later.
 */
export function useBattle({ enabled }: { enabled: boolean }) {
  const queryClient = useQueryClient();
  const [replay, setReplay] = useState<Replay | null>(null);
  const [log, setLog] = useState<LogLine[]>([]);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const addLine = useCallback((text: string, tone: LogTone) => {
    setLog((prev) => [...prev, line(text, tone)]);
  }, []);

  // Dropped from the cache when the screen closes, so every visit rolls a fresh enemy.
  const enemyQuery = useQuery<EnemyView>({ queryKey: ENEMY_QUERY_KEY, enabled, gcTime: 0 });
  const { refetch: refetchEnemy } = enemyQuery;

  const handledErrorAt = useRef(0);
  useEffect(() => {
    if (!enemyQuery.isError || enemyQuery.errorUpdatedAt === handledErrorAt.current) return;
    handledErrorAt.current = enemyQuery.errorUpdatedAt;
    addLine(ENEMY_FAILED_TEXT, 'error');
  }, [enemyQuery.isError, enemyQuery.errorUpdatedAt, addLine]);

  // Set while a fought battle has not been announced yet (its replay still runs).
  const unfinished = useRef(false);
  const refreshAfterBattle = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: CHARACTERS_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    // Anything else a battle changes is marked stale, to be read again when next shown.
    void queryClient.invalidateQueries({ queryKey: ['/api/character'] });
    void queryClient.invalidateQueries({ queryKey: ['/api/leaderboard'] });
    void queryClient.invalidateQueries({ queryKey: ['/api/rankings'] });
  }, [queryClient]);

  // Leaving mid-replay: the battle still happened, so the cached data must not stay old.
  useEffect(
    () => () => {
      if (unfinished.current) refreshAfterBattle();
    },
    [refreshAfterBattle],
  );

  const battle = useMutation({
    mutationFn: ({ fighter }: { fighter: CharacterView }) =>
      apiRequest<BattleResultView>('POST', '/api/battle', { characterId: fighter.id }),
    onSuccess: (result, { fighter }) => {
      unfinished.current = true;
      addLine(`${fighter.name} vs ${result.enemy.name}: FIGHT!`, 'system');
      setReplay({ result, fighter, shown: 0, done: false });
    },
    onError: (err) => {
      const message = errorMessage(err, 'Battle failed');
      const raw = err instanceof Error ? err.message : '';
      if (/cooldown/i.test(message) || /cooldown/i.test(raw)) {
        toast({ title: 'Battle Cooldown', description: message, variant: 'destructive' });
        addLine(`⏰ ${message}`, 'cooldown');
        // The server knows better when the last battle was: show its countdown.
        void queryClient.invalidateQueries({ queryKey: CHARACTERS_QUERY_KEY });
      } else {
        toast({ title: 'Battle Failed', description: message, variant: 'destructive' });
        addLine(`Battle failed: ${message}`, 'error');
      }
    },
  });

  const finish = useCallback(
    (done: Replay) => {
      const { result } = done;
      const text = resultLine(result);
      const levelUp = result.levelsGained > 0;
      playSound(result.result === 'victory' ? 'victory' : 'defeat');
      if (levelUp) window.setTimeout(() => playSound('level_up'), LEVEL_UP_SOUND_DELAY_MS);
      setOutcome({ result: result.result, line: text, levelsGained: result.levelsGained, level: result.character.level });
      toast({
        title: result.result === 'victory' ? 'Battle Won!' : 'Battle Lost',
        description: levelUp ? `${text} LEVEL UP! Now level ${result.character.level}.` : text,
        variant: result.result === 'victory' ? 'success' : 'default',
      });
      unfinished.current = false;
      refreshAfterBattle();
    },
    [refreshAfterBattle],
  );

  // Leaving the screen silences a hit still to come.
  const hitTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(hitTimer.current), []);

  // The replay: the first entry at once, then one per second, then the outcome.
  useEffect(() => {
    if (!replay || replay.done) return;
    const entries = replay.result.battleLog;
    const timer = window.setTimeout(
      () => {
        if (replay.shown < entries.length) {
          const index = replay.shown;
          const entry = entries[index];
          if (entry) {
            const tone: LogTone = index === entries.length - 1 ? 'ko' : entry.defender === 'enemy' ? 'player' : 'enemy';
            addLine(entry.message, tone);
            hitTimer.current = playEntrySounds(replay, index);
          }
          setReplay({ ...replay, shown: index + 1 });
        } else {
          setReplay({ ...replay, done: true });
          finish(replay);
        }
      },
      replay.shown === 0 ? 0 : REPLAY_STEP_MS,
    );
    return () => window.clearTimeout(timer);
  }, [replay, addLine, finish]);

  // Two seconds after the outcome, a new enemy steps in and the stage resets.
  const done = replay?.done ?? false;
  useEffect(() => {
    if (!done) return;
    let active = true;
    const timer = window.setTimeout(() => {
      void refetchEnemy().finally(() => {
        if (active) setReplay(null);
      });
    }, NEXT_ENEMY_DELAY_MS);
    return () => {
      active = false;
      window.clearTimeout(timer);
    };
  }, [done, refetchEnemy]);

  const fighting = battle.isPending || (replay !== null && !replay.done);
  // The arena hums while a battle is fought and replayed.
  useBattleAmbient(fighting);

  const start = useCallback(
    (fighter: CharacterView | null, enemy: EnemyView | undefined) => {
      if (!fighter) {
        toast({ title: 'No Character', description: NO_CHARACTER_TEXT, variant: 'destructive' });
        return;
      }
      if (!enemy) return;
      setOutcome(null);
      setLog([]);
      battle.mutate({ fighter });
    },
    [battle],
  );

  const newEnemy = useCallback(() => {
    void refetchEnemy();
  }, [refetchEnemy]);

  return {
    enemyQuery,
    enemy: enemyQuery.data,
    replay,
    log,
    outcome,
    fighting,
    /** Between the outcome and the next enemy. */
    settling: replay?.done ?? false,
    start,
    newEnemy,
  };
}
