import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { BattleEvent } from '@common/battle-events';
import { moveBeat, type BeatMove } from './beat-position';
import { beatStops } from './beats';
import { playEvents, type StageState } from './stage-state';

export interface BeatPlayerOptions {
  /** A new value (another battle) starts over. */
  battleKey: string | number | null;
  /** The least time between two beats. */
  stepMs: number;
  playing: boolean;
  /**
   * 'start': from both fighters at full HP (a fought PvE battle, a replay); 'live': from where the
   * battle stands, then each new move as it comes, skipping ahead when far behind.
   */
  from: 'start' | 'live';
}

export interface BeatPlayer {
  stage: StageState;
  /** The stop shown, and how many there are (the first is the start). */
  index: number;
  stops: number;
  atEnd: boolean;
  /** One beat on (or back). */
  step: (by?: 1 | -1) => void;
  /** Back to the start. */
  restart: () => void;
  /** Straight to the last beat: the battle as it ended. */
  skip: () => void;
}

/** Beats a live view may fall behind before it skips to the last one. */
const LIVE_LAG = 3;

/**
 * Plays a battle's events on the stage a beat at a time: a beat shows no sooner than `stepMs`
 * after the one before, so the first comes at once and a fought battle unrolls at its pace.
 */
export function useBeatPlayer(events: readonly BattleEvent[], { battleKey, stepMs, playing, from }: BeatPlayerOptions): BeatPlayer {
  const stops = useMemo(() => beatStops(events), [events]);
  const last = stops.length - 1;
  const initial = from === 'live' ? last : 0;
  const [pos, setPos] = useState({ key: battleKey, index: initial });
  let index = pos.index;
  if (pos.key !== battleKey) {
    index = initial;
    setPos({ key: battleKey, index });
  }
  index = Math.min(index, last);
  const shownAt = useRef(0);

  useEffect(() => {
    if (!playing || index >= last) return;
    const delay = Math.max(0, shownAt.current + stepMs - Date.now());
    const timer = window.setTimeout(() => {
      shownAt.current = Date.now();
      const next = moveBeat(index, last, { type: 'tick', lag: from === 'live' ? LIVE_LAG : undefined });
      setPos((p) => ({ ...p, index: next }));
    }, delay);
    return () => window.clearTimeout(timer);
  }, [playing, index, last, stepMs, from]);

  const cursor = stops[index] ?? 0;
  const stage = useMemo(() => playEvents(events.slice(0, cursor)), [events, cursor]);

  const move = useCallback(
    (m: BeatMove) => {
      shownAt.current = m.type === 'restart' ? 0 : Date.now();
      setPos((p) => ({ ...p, index: moveBeat(p.index, last, m) }));
    },
    [last],
  );
  const step = useCallback((by: 1 | -1 = 1) => move({ type: 'step', by }), [move]);
  const restart = useCallback(() => move({ type: 'restart' }), [move]);
  const skip = useCallback(() => move({ type: 'skip' }), [move]);

  return { stage, index, stops: stops.length, atEnd: index >= last, step, restart, skip };
}
