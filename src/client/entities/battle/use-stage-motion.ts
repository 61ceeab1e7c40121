import { useEffect, useRef, type RefObject } from 'react';
import type { Side } from '@common/sides';
import { brace, cheer, dodge, hit, lunge, shake } from './battle-motion';
import type { StageBeat } from './stage-state';
import type { Pop } from './stage-sprite';

type ElementRef = RefObject<HTMLDivElement | null>;

/**
 * Plays each new beat once: the attacker lunges, the target is hit (or dodges), a critical shakes
 * the stage, a brace glows, the winner cheers. Nothing moves under reduced motion.
 */
export function useStageMotion(
  beat: StageBeat | null,
  { left, stageRef, leftRef, rightRef, reducedMotion, noContest }: { left: Side; stageRef: ElementRef; leftRef: ElementRef; rightRef: ElementRef; reducedMotion: boolean; noContest: boolean },
): void {
  const played = useRef(0);
  useEffect(() => {
    // Each beat plays once, however often the stage re-renders with it.
    if (!beat || beat.seq === played.current) return;
    played.current = beat.seq;
    if (reducedMotion) return;
    const el = (side: Side) => (side === left ? leftRef.current : rightRef.current);
    const facing = (side: Side): 1 | -1 => (side === left ? 1 : -1);
    const actor = el(beat.actor);
    const target = el(beat.target);
    if (beat.kind === 'end') {
      if (actor && !noContest) cheer(actor);
      return;
    }
    if (beat.kind === 'defend') {
      if (actor) brace(actor);
      return;
    }
    if (beat.kind !== 'hit' && beat.kind !== 'miss') return;
    if (actor) lunge(actor, facing(beat.actor), beat.critical);
    if (!target) return;
    if (beat.kind === 'hit') hit(target, facing(beat.target), beat.critical);
    else dodge(target, facing(beat.target));
    if (beat.critical && stageRef.current) shake(stageRef.current);
  }, [beat, left, stageRef, leftRef, rightRef, reducedMotion, noContest]);
}

/** What pops over whom for a beat: damage (bigger on a critical), a miss, a guard. */
export function popOf(beat: StageBeat | null, reducedMotion: boolean): { side: Side; pop: Pop } | null {
  if (!beat || reducedMotion) return null;
  if (beat.kind === 'hit') return { side: beat.target, pop: { key: beat.seq, text: `-${beat.damage}`, tone: beat.critical ? 'critical' : 'damage' } };
  if (beat.kind === 'miss') return { side: beat.target, pop: { key: beat.seq, text: 'MISS', tone: 'miss' } };
  if (beat.kind === 'defend') return { side: beat.actor, pop: { key: beat.seq, text: 'GUARD', tone: 'guard' } };
  return null;
}
