import { useEffect, useRef } from 'react';
import { playSound, useBattleAmbient } from '@client/lib/sound';
import type { StageBeat } from './stage-state';

/** The hit lands this long after the attacker starts its lunge (see battle-motion). */
const HIT_SOUND_DELAY_MS = 250;

export interface BattleSoundCue {
  /** The newest beat on the stage: a new one swings (and hits, unless dodged). */
  beat: StageBeat | null;
  /** A fight is under way: the ambience loops. */
  active: boolean;
  /** The outcome for this player once over (a no contest plays nothing). */
  result: 'victory' | 'defeat' | null;
}

/** The sounds of a fight on any screen: swing and hit per blow, the ambience, the closing jingle. */
export function useBattleSounds({ beat, active, result }: BattleSoundCue): void {
  useBattleAmbient(active);

  // The beat already on stage when the screen opens is not played again.
  const lastBeat = useRef(beat?.seq ?? 0);
  // Leaving the screen silences a hit still to come.
  const hitTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(hitTimer.current), []);
  useEffect(() => {
    const seq = beat?.seq ?? 0;
    if (seq === lastBeat.current) return;
    lastBeat.current = seq;
    if (!beat || (beat.kind !== 'hit' && beat.kind !== 'miss')) return;
    playSound('attack');
    if (beat.kind !== 'hit' || beat.damage <= 0) return;
    hitTimer.current = window.setTimeout(() => playSound('hit'), HIT_SOUND_DELAY_MS);
  }, [beat]);

  const lastResult = useRef(result);
  useEffect(() => {
    if (result === lastResult.current) return;
    lastResult.current = result;
    if (result) playSound(result);
  }, [result]);
}
