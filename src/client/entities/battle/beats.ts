import type { BattleEvent } from '@common/battle-events';

/**
 * A battle shown at a pace is cut into beats: each ends with an event the stage plays (a hit, a
 * miss, a brace, a forfeit, a timeout or the end), with the `turn` and `skill` events that led
 * to it. PvE shows one beat a second (SPEC §9: one log entry per second).
 */

const PLAYED: ReadonlySet<BattleEvent['type']> = new Set(['hit', 'miss', 'defend', 'forfeit', 'timeout', 'end']);

/** Whether the stage plays this event as a move of its own. */
export const isBeat = (event: BattleEvent): boolean => PLAYED.has(event.type);

/**
 * Where a player may stop in a run of events: after the `start` (both fighters at full HP), then
 * after each beat, then after whatever follows the last beat. Each stop is a count of events.
 */
export function beatStops(events: readonly BattleEvent[]): number[] {
  const stops: number[] = [events[0]?.type === 'start' ? 1 : 0];
  events.forEach((event, i) => {
    if (isBeat(event)) stops.push(i + 1);
  });
  if (stops[stops.length - 1]! < events.length) stops.push(events.length);
  return stops;
}
