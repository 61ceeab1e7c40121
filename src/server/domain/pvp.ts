import type { PvpLogEntry, PvpMove, PvpVariant } from '@common/pvp';
import { dodgeMessage, hitMessage, knockoutMessage } from './battle-text';
import { initiativeChance, maxHp, strike, type Ability, type Fighter } from './battle';
import { createRng, mixSeed, type Rng } from './rng';

/**
 * PvP rules (DESIGN §4): matchmaking and one move at a time. Pure: the service passes the
 * clock and the seeded rng (battle seed + turn number), so a stored battle can be replayed.
 */

/** Own turns a special waits before it can be used again. */
export const SPECIAL_COOLDOWN_TURNS = 2;
export const SPECIAL: Ability = { name: 'Glitch Surge', damageMultiplier: 1.5, cooldownTurns: SPECIAL_COOLDOWN_TURNS, kind: 'active', power: 'magic' };
/** The allowed level gap starts here and widens by one level per GAP_WIDEN_MS waited. */
export const BASE_LEVEL_GAP = 2;
export const GAP_WIDEN_MS = 5000;

export type PvpAction = PvpMove | 'forfeit';
export type PvpEndReason = 'knockout' | 'forfeit' | 'timeout';
export type SideIndex = 0 | 1;

export interface PvpSide {
  fighter: Fighter;
  hp: number;
  maxHp: number;
  defending: boolean;
  /** Own turns until the special is usable again (0 = ready). */
  specialCooldown: number;
}

export interface PvpState {
  variant: PvpVariant;
  sides: [PvpSide, PvpSide];
  /** Whose turn it is. */
  current: SideIndex;
  turnCount: number;
  winner: SideIndex | null;
  reason: PvpEndReason | null;
  log: PvpLogEntry[];
}

export type MoveResult = { ok: true; state: PvpState; entries: PvpLogEntry[] } | { ok: false; message: string };

const other = (i: SideIndex): SideIndex => (i === 0 ? 1 : 0);
const sideName = (i: SideIndex): 'player1' | 'player2' => (i === 0 ? 'player1' : 'player2');

export function newSide(fighter: Fighter): PvpSide {
  const max = maxHp(fighter.stats);
  return { fighter, hp: max, maxHp: max, defending: false, specialCooldown: 0 };
}

/** A fresh battle; who opens is drawn from the seed, weighted by speed. */
export function startBattle(variant: PvpVariant, a: Fighter, b: Fighter, seed: number): PvpState {
  const rng = createRng(mixSeed(seed, 0));
  const current: SideIndex = rng.chance(initiativeChance(a.stats.speed, b.stats.speed)) ? 0 : 1;
  return { variant, sides: [newSide(a), newSide(b)], current, turnCount: 0, winner: null, reason: null, log: [] };
}

/** The rng of one move: battle seed + turn number. */
export function moveRng(seed: number, turnCount: number): Rng {
  return createRng(mixSeed(seed, turnCount + 1));
}

export function allowedMoves(variant: PvpVariant): readonly PvpMove[] {
  return variant === 'queue' ? ['attack', 'defend', 'special'] : ['attack'];
}

function end(state: PvpState, winner: SideIndex, reason: PvpEndReason, message: string): PvpState {
  const entry: PvpLogEntry = {
    message,
    attacker: state.sides[winner].fighter.name,
    defender: sideName(other(winner)),
    defenderHp: state.sides[other(winner)].hp,
  };
  return { ...state, winner, reason, log: [...state.log, entry] };
}

/** The current player's move. Refusals (wrong variant, special on cooldown, battle over) carry a message. */
export function applyMove(state: PvpState, move: PvpMove, rng: Rng): MoveResult {
  if (state.winner !== null) return { ok: false, message: 'This battle is over' };
  if (!allowedMoves(state.variant).includes(move)) return { ok: false, message: `The move ${move} is not available in this battle` };
  const me = state.current;
  const them = other(me);
  const actor = { ...state.sides[me], defending: false };
  const target = { ...state.sides[them] };
  if (move === 'special' && actor.specialCooldown > 0) {
    return { ok: false, message: `Special is on cooldown for ${actor.specialCooldown} more turn(s)` };
  }
  const attacker = actor.fighter.name;
  const defender = target.fighter.name;
  let message: string;
  if (move === 'defend') {
    actor.defending = true;
    message = `${attacker} raises a firewall and braces for the next hit!`;
  } else {
    const ability = move === 'special' ? SPECIAL : undefined;
    const hit = strike(actor.fighter, target.fighter, rng, {
      ability,
      attackerHpShare: actor.hp / actor.maxHp,
      damageFactor: target.defending ? 0.5 : 1,
    });
    target.defending = false;
    if (hit.dodged) {
      message = dodgeMessage(rng, attacker, defender);
    } else {
      target.hp = Math.max(0, target.hp - hit.damage);
      message = hitMessage(rng, actor.fighter.class, { attacker, defender, damage: hit.damage, critical: hit.critical, ability });
    }
  }
  actor.specialCooldown = move === 'special' ? SPECIAL_COOLDOWN_TURNS : Math.max(0, actor.specialCooldown - 1);
  const sides: [PvpSide, PvpSide] = me === 0 ? [actor, target] : [target, actor];
  const entry: PvpLogEntry = { message, attacker, defender: sideName(them), defenderHp: target.hp };
  let next: PvpState = { ...state, sides, current: them, turnCount: state.turnCount + 1, log: [...state.log, entry] };
  if (target.hp === 0) next = end(next, me, 'knockout', knockoutMessage(attacker, defender));
  return { ok: true, state: next, entries: next.log.slice(state.log.length) };
}

/** `loser` gives up (forfeit) or let the turn timer run out (timeout): the other side wins. */
export function concede(state: PvpState, loser: SideIndex, reason: 'forfeit' | 'timeout'): PvpState {
  if (state.winner !== null) return state;
  const name = state.sides[loser].fighter.name;
  const message = reason === 'forfeit' ? `${name} forfeits the battle!` : `${name} ran out of time and forfeits the battle!`;
  return end(state, other(loser), reason, message);
}

/** The idle player (whose turn it is) forfeits when the deadline has passed; otherwise unchanged. */
export function handleTimeout(state: PvpState, deadline: Date, now: Date): PvpState {
  if (state.winner !== null || now.getTime() < deadline.getTime()) return state;
  return concede(state, state.current, 'timeout');
}

export interface QueueEntry {
  userId: number;
  characterId: number;
  variant: PvpVariant;
  level: number;
  joinedAt: Date;
}

/** Level gap allowed for an entry that has waited since `joinedAt`. */
export function allowedGap(joinedAt: Date, now: Date): number {
  return BASE_LEVEL_GAP + Math.floor(Math.max(0, now.getTime() - joinedAt.getTime()) / GAP_WIDEN_MS);
}

/**
 * Pairs queue entries: the longest waiting first, each with the closest level of the same
 * variant within the gap allowed to the longer waiter of the two; never a player with themselves.
 */
export function pairQueue(entries: readonly QueueEntry[], now: Date): [QueueEntry, QueueEntry][] {
  const waiting = [...entries].sort((x, y) => x.joinedAt.getTime() - y.joinedAt.getTime() || x.userId - y.userId);
  const taken = new Set<number>();
  const pairs: [QueueEntry, QueueEntry][] = [];
  for (const entry of waiting) {
    if (taken.has(entry.userId)) continue;
    let best: QueueEntry | undefined;
    for (const candidate of waiting) {
      if (candidate === entry || taken.has(candidate.userId) || candidate.userId === entry.userId) continue;
      if (candidate.variant !== entry.variant) continue;
      const gap = Math.abs(candidate.level - entry.level);
      const allowed = Math.max(allowedGap(entry.joinedAt, now), allowedGap(candidate.joinedAt, now));
      if (gap > allowed) continue;
      if (!best || gap < Math.abs(best.level - entry.level)) best = candidate;
    }
    if (best) {
      taken.add(entry.userId);
      taken.add(best.userId);
      pairs.push([entry, best]);
    }
  }
  return pairs;
}
