import type { BattleEvent } from '@common/battle-events';

/**
 * The events of one action (`battle_action`, `spectate_event`) added to those known. A move
 * already known (a state answer after a reconnect brought it) is not added twice, and nothing
 * follows the end. Answers `known` itself when nothing is added.
 */
export function eventsAfter(known: BattleEvent[], incoming: BattleEvent[]): BattleEvent[] {
  if (incoming.length === 0) return known;
  if (known.some((e) => e.type === 'end')) return known;
  const turn = incoming.find((e) => e.type === 'turn');
  if (turn && known.some((e) => e.type === 'turn' && e.turn === turn.turn)) return known;
  return [...known, ...incoming];
}

/**
 * When a turn ends (epoch ms): its deadline as sent, or, without one the clock can read, the
 * server's turn length from the moment the message arrived.
 */
export function turnEndsAt(deadline: string | null, now: number, turnSeconds: number): number {
  const at = deadline === null ? Number.NaN : Date.parse(deadline);
  return Number.isFinite(at) ? at : now + turnSeconds * 1000;
}
