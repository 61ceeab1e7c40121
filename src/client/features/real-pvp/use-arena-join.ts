import { useEffect, useRef } from 'react';
import type { DuelPhase } from '@client/entities/pvp/pvp-state';

/**
 * 'Join Arena' on /arena opens this page with `?arena=`: the fighter is queued in that arena's
 * range as soon as the socket is up, once per visit (after the duel the player chooses again).
 */
export function useArenaJoin({ wanted, online, phase, find }: { wanted: boolean; online: boolean; phase: DuelPhase; find: () => void }): void {
  const joined = useRef(false);
  const findRef = useRef(find);
  useEffect(() => {
    findRef.current = find;
  }, [find]);
  useEffect(() => {
    if (!wanted || !online || phase !== 'idle' || joined.current) return;
    joined.current = true;
    findRef.current();
  }, [wanted, online, phase]);
}
