import { useEffect, useRef } from 'react';
import { playSound, useBattleAmbient } from '@client/lib/sound';

/** The hit lands a moment after the swing, as in the PvE replay. */
const HIT_SOUND_DELAY_MS = 250;

export interface PvpSoundCue {
  /** Counts blows; -1 before the first. A new value plays one blow. */
  blow: number;
  /** HP the newest blow took (0: a miss, no hit sound). */
  damage: number;
  /** A duel is running: the ambient loop plays. */
  active: boolean;
  /** The duel's outcome for this player once over. */
  result: 'victory' | 'defeat' | null;
}

/** The sounds of a PvP duel on either page: swing and hit per blow, ambient, victory or defeat. */
export function usePvpSounds({ blow, damage, active, result }: PvpSoundCue): void {
  useBattleAmbient(active);

  const lastBlow = useRef(blow);
  useEffect(() => {
    if (blow === lastBlow.current) return;
    lastBlow.current = blow;
    if (blow < 0) return;
    playSound('attack');
    if (damage <= 0) return;
    const timer = window.setTimeout(() => playSound('hit'), HIT_SOUND_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [blow, damage]);

  const lastResult = useRef(result);
  useEffect(() => {
    if (result === lastResult.current) return;
    lastResult.current = result;
    if (result) playSound(result);
  }, [result]);
}
