import { useEffect, useRef } from 'react';
import { secondsLeft, useNow } from '@client/entities/battle/turn-clock';
import type { DuelState } from '@client/entities/pvp/pvp-state';

/**
 * SPEC §4: the 30-second turn timer auto-forfeits at 0. Answers the seconds left of the turn;
 * when the player's own turn runs out, `forfeit` is called once for that turn.
 */
export function useAutoForfeit(state: Pick<DuelState, 'phase' | 'yourTurn' | 'turnEndsAt' | 'turnSeq' | 'battle'>, forfeit: () => void): number {
  const active = state.phase === 'active';
  const now = useNow(active && state.turnEndsAt !== null, state.turnEndsAt);
  const seconds = active ? secondsLeft(state.turnEndsAt, now) : 0;
  const forfeitedSeq = useRef(-1);
  const forfeitRef = useRef(forfeit);
  useEffect(() => {
    forfeitRef.current = forfeit;
  }, [forfeit]);
  const battleId = state.battle?.battleId ?? null;
  useEffect(() => {
    if (!active || !state.yourTurn || seconds > 0 || battleId === null) return;
    if (forfeitedSeq.current === state.turnSeq) return;
    forfeitedSeq.current = state.turnSeq;
    forfeitRef.current();
  }, [active, state.yourTurn, seconds, battleId, state.turnSeq]);
  return seconds;
}
