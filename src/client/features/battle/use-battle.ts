import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { BattleEvent } from '@common/battle-events';
import type { CharacterView, EnemyView } from '@common/game-api';
import { battlePace } from '@client/entities/battle/battle-pace';
import { note, stageLogLines, type LogEntry, type LogTone } from '@client/entities/battle/log-lines';
import { useBattleSounds } from '@client/entities/battle/use-battle-sounds';
import { useBeatPlayer } from '@client/entities/battle/use-beat-player';
import { toast } from '@client/ui';
import { ENEMY_FAILED_TEXT, threatInForce, useEnemy, type ThreatChoice } from './use-enemy';
import { useFight } from './use-fight';

export const NO_CHARACTER_TEXT = 'Please select a character first';

const NO_EVENTS: BattleEvent[] = [];

/**
 * The PvE battle (SPEC §4): an enemy on entry, Start Battle, the fight shown a beat at a time
 * (one a second, or the page's injected pace), the result, refreshed characters and user, and a
 * new enemy 2 s later.
 */
export function useBattle({ enabled }: { enabled: boolean }) {
  const pace = useMemo(() => battlePace(), []);
  const [notes, setNotes] = useState<LogEntry[]>([]);
  const noteId = useRef(0);
  const addNote = useCallback((text: string, tone: LogTone) => setNotes((prev) => [...prev, note(String((noteId.current += 1)), text, tone)]), []);
  const [threat, setThreat] = useState<ThreatChoice | null>(null);
  const enemyQuery = useEnemy(enabled, threat, useCallback(() => addNote(ENEMY_FAILED_TEXT, 'error'), [addNote]));
  const { refetch: refetchEnemy } = enemyQuery;
  const { fight, outcome, pending, begin, finish, settle } = useFight(
    addNote,
    useCallback(() => void refetchEnemy(), [refetchEnemy]),
  );

  const player = useBeatPlayer(fight?.result.events ?? NO_EVENTS, {
    battleKey: fight?.result.replayId ?? null,
    stepMs: pace.stepMs,
    playing: !!fight && !fight.done,
    from: 'start',
  });

  // A beat after the last one, the outcome; then, a little later, the next enemy.
  const showing = !!fight && !fight.done;
  useEffect(() => {
    if (!showing || !player.atEnd) return;
    const timer = window.setTimeout(finish, pace.stepMs);
    return () => window.clearTimeout(timer);
  }, [showing, player.atEnd, finish, pace.stepMs]);
  const awaitingEnemy = !!fight && fight.done && !fight.settled;
  useEffect(() => {
    if (!awaitingEnemy) return;
    let active = true;
    const timer = window.setTimeout(() => void refetchEnemy().finally(() => active && settle()), pace.nextEnemyMs);
    return () => {
      active = false;
      window.clearTimeout(timer);
    };
  }, [awaitingEnemy, refetchEnemy, settle, pace.nextEnemyMs]);

  // Skip: the last beat at once, and the outcome with it (the result line, toast and rewards).
  const { skip: skipBeats } = player;
  const skip = useCallback(() => {
    if (!showing) return;
    skipBeats();
    finish();
  }, [showing, skipBeats, finish]);

  const fighting = pending || showing;
  const onStage = fight && !fight.settled ? fight : null;
  useBattleSounds({ beat: onStage ? player.stage.beat : null, active: fighting, result: outcome?.result ?? null });

  const start = useCallback(
    (fighter: CharacterView | null, enemy: EnemyView | undefined) => {
      if (!fighter) {
        toast({ title: 'No Character', description: NO_CHARACTER_TEXT, variant: 'destructive' });
        return;
      }
      if (!enemy) return;
      setNotes([]);
      begin(fighter, enemy);
    },
    [begin],
  );

  const log: LogEntry[] = fight
    ? [note('fight', `${fight.fighter.name} vs ${fight.result.enemy.name}: FIGHT!`, 'system'), ...stageLogLines(player.stage, 0), ...notes]
    : notes;

  return {
    enemyQuery,
    enemy: enemyQuery.data,
    /** The fight on the stage (null once the next enemy stepped in) and how far it is shown. */
    onStage,
    stage: player.stage,
    log,
    outcome,
    fighting,
    starting: pending,
    /** Between the outcome and the next enemy. */
    settling: awaitingEnemy,
    start,
    /** A fought battle is being shown: Skip may jump to its end. */
    canSkip: showing,
    skip,
    newEnemy: useCallback(() => void refetchEnemy(), [refetchEnemy]),
    /**
     * The threat in force: the one asked for, else the one the server gave the enemy it rolled
     * (its default, or the fair start's), so a radio is always checked once an enemy is known.
     */
    threat: threat ?? threatInForce(enemyQuery.data),
    /** Another threat rolls an enemy of it; the same one rolls again. */
    pickThreat: useCallback(
      (next: ThreatChoice) => {
        if (next === threat) void refetchEnemy();
        else setThreat(next);
      },
      [threat, refetchEnemy],
    ),
  };
}
