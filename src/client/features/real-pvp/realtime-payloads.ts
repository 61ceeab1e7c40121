import type { BattleEvent } from '@common/battle-events';
import type { CharacterView } from '@common/game-api';
import type { RatingView, RealtimeBattleView } from '@common/pvp';

/** Reading the real-time page's payloads field by field: the server may add or leave out fields. */

export function isRecord(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

export function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** A rating as sent; left out (and not shown) when the payload has none. */
function ratingOf(value: unknown): RatingView {
  const read = isRecord(value) && num(value.rating) !== null && num(value.deviation) !== null;
  return (read ? { rating: value.rating, deviation: value.deviation } : undefined) as RatingView;
}

/** A battle view from a payload, merged over the one already shown. */
export function asRealtimeBattle(value: unknown, prev: RealtimeBattleView | null): RealtimeBattleView | null {
  if (!isRecord(value)) return prev;
  const battleId = num(value.battleId) ?? num(value.id) ?? prev?.battleId ?? null;
  if (battleId === null) return prev;
  const yours = isRecord(value.yourCharacter) ? value.yourCharacter : null;
  const opp = isRecord(value.opponent) ? value.opponent : null;
  const prevYours = prev?.yourCharacter ?? null;
  const yourCharacter =
    yours && isRecord(yours.character)
      ? {
          character: yours.character as unknown as CharacterView,
          hp: num(yours.hp) ?? prevYours?.hp ?? 0,
          maxHP: num(yours.maxHP) ?? num(yours.maxHp) ?? prevYours?.maxHP ?? 1,
          wins: num(yours.wins) ?? 0,
          losses: num(yours.losses) ?? 0,
          rating: ratingOf(yours.rating),
        }
      : prevYours;
  if (!yourCharacter) return prev;
  const opponent =
    opp && isRecord(opp.character)
      ? {
          username: typeof opp.username === 'string' ? opp.username : 'Opponent',
          character: opp.character as unknown as CharacterView,
          hp: num(opp.hp) ?? 0,
          maxHP: num(opp.maxHP) ?? num(opp.maxHp) ?? 1,
          rating: ratingOf(opp.rating),
        }
      : (prev?.opponent ?? null);
  const status = value.status === 'waiting' || value.status === 'active' || value.status === 'completed' ? value.status : (prev?.status ?? 'waiting');
  return {
    ...(value as object),
    battleId,
    status,
    opponent,
    yourCharacter,
    yourSlot: value.yourSlot === 'player2' ? 'player2' : value.yourSlot === 'player1' ? 'player1' : (prev?.yourSlot ?? 'player1'),
    yourTurn: typeof value.yourTurn === 'boolean' ? value.yourTurn : (prev?.yourTurn ?? false),
    turnDeadline: typeof value.turnDeadline === 'string' ? value.turnDeadline : (prev?.turnDeadline ?? null),
    turnSeconds: num(value.turnSeconds) ?? prev?.turnSeconds ?? 0,
    winner: num(value.winner) ?? prev?.winner ?? null,
    events: Array.isArray(value.events) ? (value.events as BattleEvent[]) : [],
    ghost: typeof value.ghost === 'boolean' ? value.ghost : (prev?.ghost ?? false),
    spectators: num(value.spectators) ?? prev?.spectators ?? 0,
    arena: typeof value.arena === 'string' ? (value.arena as RealtimeBattleView['arena']) : (prev?.arena ?? null),
  } as RealtimeBattleView;
}

/**
 * The events of a `battle_action` added to those known. A move already known (a state answer
 * after a reconnect brought it) is not added twice, and nothing follows the end.
 */
export function eventsAfter(known: BattleEvent[], incoming: unknown): BattleEvent[] {
  if (!Array.isArray(incoming) || incoming.length === 0) return known;
  if (known.some((e) => e.type === 'end')) return known;
  const events = incoming as BattleEvent[];
  const turn = events.find((e) => e.type === 'turn');
  if (turn && known.some((e) => e.type === 'turn' && e.turn === turn.turn)) return known;
  return [...known, ...events];
}

/** The turn length a queue-status answer gives (0 when it does not say). */
export function asQueueStatusTurn(value: unknown): number {
  return isRecord(value) ? (num(value.turnSeconds) ?? 0) : 0;
}
