import { other, type AbilityKind, type BattleEvent, type EndReason, type Side } from '@common/battle-events';
import { HIT_FLAVORS, MISS_FLAVORS } from '@common/battle-text';
import { SPECIAL_COOLDOWN_TURNS, SPECIAL_MULTIPLIER } from '@common/duel';
import { initiativeChance, maxHp, strike, ULTIMATE_CHARGE_TURNS, type Ability, type Fighter } from './battle';
import { createRng, mixSeed, type Rng } from './rng';

/**
 * The one battle engine (DESIGN §2, docs/battle-protocol.md): `step(state, action, rng)` gives
 * the next state and the events of that action, for every kind of fight. PvE and guild duels are
 * this engine with the AI choosing both sides' actions; both PvP pages feed it the players'
 * moves. Pure: the caller passes the seeded generator (`rngFor`), so a battle is replayed from
 * its seed and its inputs.
 */

export type Move = 'attack' | 'defend' | 'special';
/** A learned active or ultimate ability chosen by its skill id (the real-time page's duels). */
export interface SkillAction {
  type: 'skill';
  skillId: number;
}
export type Action = { type: Move } | SkillAction | { type: 'forfeit'; side: Side } | { type: 'timeout' };

/**
 * In a duel the second mover takes this share of the opener's first blow: moving first was worth
 * 71 % of mirror duels, with it 50 % (docs/balance.md 'Duels').
 */
export const OPENING_GUARD = 0.6;

export interface BattleRules {
  /**
   * 'rounds': each round both sides act once, the first by an initiative roll weighted by speed
   * (PvE, guild duels); 'alternate': the sides take turns, the first chosen that way (PvP).
   */
  order: 'rounds' | 'alternate';
  /** The moves a player may choose; the AI always attacks (or, where skills are chosen, its best ready skill). */
  moves: readonly (Move | 'skill')[];
  /** After this many rounds the higher share of HP wins (a tie goes to side 1, the defender). */
  maxRounds: number;
  /**
   * Attack is a plain blow and skills are chosen by the player ('skill'); without it, attack
   * fires the side's strongest ready ability.
   */
  chosenSkills?: boolean;
  /**
   * The side that moves second takes this share of the opener's first blow, so moving first is
   * no edge (docs/balance.md 'Duels'); 1 when absent.
   */
  openingGuard?: number;
}

export const RULES = {
  pve: { order: 'rounds', moves: ['attack'], maxRounds: 50 },
  guild: { order: 'rounds', moves: ['attack'], maxRounds: 50 },
  queue: { order: 'alternate', moves: ['attack', 'defend', 'special'], maxRounds: 50 },
  /** The real-time page before issue 24 (stored battles replay with it). */
  realtime: { order: 'alternate', moves: ['attack'], maxRounds: 50 },
  /** The real-time page: attack, or a learned skill of the player's choice; the second mover starts braced. */
  duel: { order: 'alternate', moves: ['attack', 'skill'], maxRounds: 50, chosenSkills: true, openingGuard: OPENING_GUARD },
} as const satisfies Record<string, BattleRules>;
export type RulesName = keyof typeof RULES;

/** Own turns the special waits before it can be used again. */
export { SPECIAL_COOLDOWN_TURNS };
/** The special of the queue page: stronger, magic-based. */
export const SPECIAL: Ability = { name: 'Glitch Surge', damageMultiplier: SPECIAL_MULTIPLIER, cooldownTurns: SPECIAL_COOLDOWN_TURNS, kind: 'active', power: 'magic' };
/** A defending side takes this share of the next hit. */
export const DEFEND_FACTOR = 0.5;

export interface Combatant {
  fighter: Fighter;
  hp: number;
  maxHp: number;
  /** The next hit taken is halved (until it lands or the side moves again). */
  defending: boolean;
  /** The share of the first blow taken (the rules' opening guard for the second mover), 1 once it landed or the side moved. */
  openingGuard: number;
  /** Own turns until the special is usable again (0 = ready). */
  specialCooldown: number;
  /** Own turns taken. */
  turns: number;
  /** Per learned ability: the own turn from which it can be used. */
  readyAt: number[];
  /** Whether the side has made a move (attack, defend or special) at all. */
  moved: boolean;
}

export interface BattleState {
  rules: RulesName;
  seed: number;
  sides: [Combatant, Combatant];
  /** Who acts next. */
  current: Side;
  /** The round under way, from 1. */
  round: number;
  /** Actions taken in this round. */
  actedThisRound: number;
  /** Actions taken in the battle. */
  turn: number;
  winner: Side | null;
  reason: EndReason | null;
}

export type StepResult = { ok: true; state: BattleState; events: BattleEvent[] } | { ok: false; message: string };

function combatant(fighter: Fighter): Combatant {
  const hp = maxHp(fighter.stats);
  const readyAt = (fighter.abilities ?? []).map((ab) => (ab.kind === 'ultimate' ? ULTIMATE_CHARGE_TURNS + 1 : 1));
  return { fighter, hp, maxHp: hp, defending: false, openingGuard: 1, specialCooldown: 0, turns: 0, readyAt, moved: false };
}

/** The generator of the next action: the battle's seed mixed with the number of actions taken. */
export function rngFor(state: Pick<BattleState, 'seed' | 'turn'>): Rng {
  return createRng(mixSeed(state.seed, state.turn + 1));
}

const rollFirst = (a: Fighter, b: Fighter, rng: Rng): Side => (rng.chance(initiativeChance(a.stats.speed, b.stats.speed)) ? 0 : 1);

/** A new battle between `a` (side 0) and `b` (side 1); who opens is drawn from the seed, weighted by speed. */
export function startBattle(rules: RulesName, [a, b]: readonly [Fighter, Fighter], seed: number): { state: BattleState; events: BattleEvent[] } {
  const sides: [Combatant, Combatant] = [combatant(a), combatant(b)];
  const first = rollFirst(a, b, createRng(mixSeed(seed, 0)));
  sides[other(first)].openingGuard = (RULES[rules] as BattleRules).openingGuard ?? 1;
  const state: BattleState = { rules, seed, sides, current: first, round: 1, actedThisRound: 0, turn: 0, winner: null, reason: null };
  const describe = (c: Combatant) => ({ name: c.fighter.name, class: c.fighter.class, level: c.fighter.level, maxHp: c.maxHp });
  return { state, events: [{ type: 'start', fighters: [describe(sides[0]), describe(sides[1])], first }] };
}

/** The index of the ready learned ability with the largest multiplier on the side's next own turn, or -1. */
function bestReady(side: Combatant, turn = side.turns + 1): number {
  let best = -1;
  (side.fighter.abilities ?? []).forEach((ability, index) => {
    if ((side.readyAt[index] ?? 1) > turn) return;
    if (best < 0 || ability.damageMultiplier > side.fighter.abilities![best]!.damageMultiplier) best = index;
  });
  return best;
}

/** Uses the ability at `index`: it waits its cooldown from this own turn on. */
function use(side: Combatant, index: number): Ability | undefined {
  const ability = side.fighter.abilities?.[index];
  if (ability) side.readyAt[index] = side.turns + ability.cooldownTurns + 1;
  return ability;
}

/** Own turns before a side's learned ability can be used again (0 = on its next own turn). */
export function turnsUntilReady(side: Combatant, index: number): number {
  return Math.max(0, (side.readyAt[index] ?? 1) - (side.turns + 1));
}

/**
 * Why the current side may not use the skill `skillId` now (not learned, or waiting), or null.
 * Checked before the move is played, so a refused skill changes nothing.
 */
function skillRefusal(side: Combatant, skillId: number): string | null {
  const index = (side.fighter.abilities ?? []).findIndex((a) => a.id === skillId);
  if (index < 0) return 'Your fighter has not learned that skill';
  const wait = turnsUntilReady(side, index);
  if (wait > 0) return `${side.fighter.abilities![index]!.name} is on cooldown for ${wait} more turn(s)`;
  return null;
}

/** The best move for the side to act: its strongest ready skill where skills are chosen, else attack. */
export function bestAction(state: BattleState): Action {
  if (!(RULES[state.rules] as BattleRules).chosenSkills) return { type: 'attack' };
  const side = state.sides[state.current];
  const index = bestReady(side);
  const id = index < 0 ? undefined : side.fighter.abilities![index]!.id;
  return id === undefined ? { type: 'attack' } : { type: 'skill', skillId: id };
}

function end(state: BattleState, winner: Side, reason: EndReason, events: BattleEvent[]): void {
  state.winner = winner;
  state.reason = reason;
  events.push({ type: 'end', winner, reason, hp: [state.sides[0].hp, state.sides[1].hp] });
}

/** The actor strikes the target, with a learned ability (attack) or the special. */
function strikeWith(state: BattleState, me: Side, ability: Ability | undefined, kind: AbilityKind | null, rng: Rng, events: BattleEvent[]): void {
  const actor = state.sides[me];
  const target = state.sides[other(me)];
  if (ability && kind) events.push({ type: 'skill', actor: me, name: ability.name, kind });
  const hit = strike(actor.fighter, target.fighter, rng, {
    ability,
    attackerHpShare: actor.hp / actor.maxHp,
    damageFactor: target.defending ? DEFEND_FACTOR : target.openingGuard,
  });
  target.defending = false;
  target.openingGuard = 1;
  if (hit.dodged) {
    events.push({ type: 'miss', actor: me, target: other(me), flavor: rng.int(0, MISS_FLAVORS - 1) });
    return;
  }
  target.hp = Math.max(0, target.hp - hit.damage);
  events.push({
    type: 'hit',
    actor: me,
    target: other(me),
    damage: hit.damage,
    critical: hit.critical,
    hpAfter: target.hp,
    ability: ability && kind ? { name: ability.name, kind } : null,
    flavor: rng.int(0, HIT_FLAVORS - 1),
  });
}

/** After an action: the next actor, a new round, or the end by the round limit. */
function advance(state: BattleState, rng: Rng, events: BattleEvent[]): void {
  const rules = RULES[state.rules];
  state.turn += 1;
  state.actedThisRound += 1;
  if (state.actedThisRound < 2) {
    state.current = other(state.current);
    return;
  }
  state.round += 1;
  state.actedThisRound = 0;
  if (state.round > rules.maxRounds) {
    const [a, b] = state.sides;
    const winner: Side = a.hp / a.maxHp > b.hp / b.maxHp ? 0 : 1;
    end(state, winner, 'time', events);
    return;
  }
  state.current = rules.order === 'rounds' ? rollFirst(state.sides[0].fighter, state.sides[1].fighter, rng) : other(state.current);
}

function copy(state: BattleState): BattleState {
  const side = (c: Combatant): Combatant => ({ ...c, readyAt: [...c.readyAt] });
  return { ...state, sides: [side(state.sides[0]), side(state.sides[1])] };
}

/**
 * One action. A move is the current side's; a forfeit names its side (either may give up at
 * any time); a timeout is the current side running out of time. Refusals carry a message and
 * change nothing.
 */
export function step(state: BattleState, action: Action, rng: Rng): StepResult {
  if (state.winner !== null) return { ok: false, message: 'This battle is over' };
  const next = copy(state);
  const events: BattleEvent[] = [];
  if (action.type === 'forfeit' || action.type === 'timeout') {
    const loser = action.type === 'forfeit' ? action.side : state.current;
    events.push({ type: action.type, actor: loser });
    end(next, other(loser), action.type, events);
    return { ok: true, state: next, events };
  }

  const rules: BattleRules = RULES[state.rules];
  const move = action.type;
  if (!rules.moves.includes(move)) return { ok: false, message: `The move ${move} is not available in this battle` };
  const me = state.current;
  const actor = next.sides[me];
  if (move === 'special' && actor.specialCooldown > 0) {
    return { ok: false, message: `Special is on cooldown for ${actor.specialCooldown} more turn(s)` };
  }
  const refused = action.type === 'skill' ? skillRefusal(actor, action.skillId) : null;
  if (refused) return { ok: false, message: refused };
  events.push({ type: 'turn', turn: state.turn + 1, round: state.round, actor: me });
  actor.defending = false;
  actor.openingGuard = 1;
  actor.turns += 1;
  actor.moved = true;
  if (move === 'defend') {
    actor.defending = true;
    events.push({ type: 'defend', actor: me });
  } else if (move === 'special') {
    strikeWith(next, me, SPECIAL, 'special', rng, events);
  } else {
    const index = action.type === 'skill' ? (actor.fighter.abilities ?? []).findIndex((a) => a.id === action.skillId) : rules.chosenSkills ? -1 : bestReady(actor, actor.turns);
    const ability = use(actor, index);
    strikeWith(next, me, ability, ability ? ability.kind : null, rng, events);
  }
  actor.specialCooldown = move === 'special' ? SPECIAL_COOLDOWN_TURNS : Math.max(0, actor.specialCooldown - 1);

  if (next.sides[other(me)].hp === 0) {
    next.turn += 1;
    end(next, me, 'knockout', events);
  } else {
    advance(next, rng, events);
  }
  return { ok: true, state: next, events };
}

/** A battle over before both sides moved is no contest: it pays nothing and counts nothing. */
export function isNoContest(state: BattleState): boolean {
  return !(state.sides[0].moved && state.sides[1].moved);
}
