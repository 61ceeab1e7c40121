import type { ClassId, Stats } from '@common/characters';
import { dodgeMessage, hitMessage, knockoutMessage, timeLimitMessage } from './battle-text';
import { classTraits } from './classes';
import { type Rng, createRng } from './rng';

/**
 * The battle engine (DESIGN §4), shared by PvE, PvP and guild battles.
 *
 * - Max HP = 2 × defense. A hit removes a share of the defender's max HP that depends on the
 *   ratio of the attacker's power (attack, or magic for mages and magic abilities) to the
 *   defender's defense, so fights last about as long at level 1 as at level 60.
 * - Who acts first is rolled every round, weighted by speed squared (initiativeChance), so
 *   speed is an edge, not a certainty; speed also drives dodging. Critical hits, dodges and the ±25 % damage spread are seeded.
 * - A fighter uses its strongest ability that is off cooldown, else a basic attack.
 * - Each action writes one log entry, and a closing entry names the winner. An even-level
 *   fight lasts 3-12 entries in about 98 % of battles (scripts/balance.ts measures it).
 * - A battle stops after MAX_ROUNDS rounds (a round = each fighter acts once): the higher
 *   share of HP left wins, ties go to the defender (the enemy in PvE).
 *
 * PvP reuses `strike` for single moves: `damageFactor: 0.5` for a defending target and an
 * Ability with `power: 'magic'` for a special.
 */
export const MAX_ROUNDS = 50;

export interface Ability {
  name: string;
  damageMultiplier: number;
  /** Own turns to wait after a use; an ultimate also charges ULTIMATE_CHARGE_TURNS before its first use. */
  cooldownTurns: number;
  kind: 'active' | 'ultimate';
  /** The stat the ability scales with; the class's own power stat when absent. */
  power?: 'attack' | 'magic';
}

export interface Fighter {
  name: string;
  class: ClassId;
  level: number;
  stats: Stats;
  abilities?: readonly Ability[];
}

export interface BattleLogEntry {
  message: string;
  /** Name of the fighter acting (for the closing entry: the winner). */
  attacker: string;
  /** Which duel side `attacker` is ('a' is the player in PvE), even when names repeat. */
  side: 'a' | 'b';
  /** HP of the fighter on the receiving end after the entry. */
  defenderHp: number;
}

export interface DuelOutcome {
  log: BattleLogEntry[];
  winner: 'a' | 'b';
  rounds: number;
  endedBy: 'knockout' | 'time';
  hp: { a: number; b: number };
}

export interface BattleOutcome {
  log: BattleLogEntry[];
  result: 'victory' | 'defeat';
  rounds: number;
}

// Tuning (see scripts/balance.ts).
const EVEN_HIT_SHARE = 0.25;
const RATIO_EXPONENT = 0.6;
const MIN_HIT_SHARE = 0.05;
const MAX_HIT_SHARE = 0.6;
const DAMAGE_SPREAD = 0.25;
const DODGE_BASE = 0.05;
const DODGE_PER_SPEED_EDGE = 0.15;
const DODGE_MAX = 0.35;
const INITIATIVE_EXPONENT = 2;
/** Own turns an ultimate charges before its first use: fights last a handful of turns a side. */
export const ULTIMATE_CHARGE_TURNS = 2;

export function maxHp(stats: Stats): number {
  return 2 * Math.max(1, stats.defense);
}

export interface StrikeContext {
  ability?: Ability;
  /** The attacker's HP share left (0..1), for fury. Full HP when absent. */
  attackerHpShare?: number;
  /** Multiplies the damage (e.g. 0.5 for a defender who chose to defend in PvP). */
  damageFactor?: number;
}

export interface Strike {
  damage: number;
  critical: boolean;
  dodged: boolean;
}

/** One attack of `attacker` on `defender`, without changing either. */
export function strike(attacker: Fighter, defender: Fighter, rng: Rng, ctx: StrikeContext = {}): Strike {
  const mine = classTraits(attacker.class);
  const theirs = classTraits(defender.class);
  const edge = speedEdge(defender.stats.speed, attacker.stats.speed);
  const dodgeChance = clamp(DODGE_BASE + DODGE_PER_SPEED_EDGE * edge + theirs.dodgeBonus, 0, DODGE_MAX);
  if (!mine.sureHit && rng.chance(dodgeChance)) return { damage: 0, critical: false, dodged: true };

  const power = Math.max(1, attacker.stats[ctx.ability?.power ?? mine.power]);
  const defense = Math.max(1, defender.stats.defense * (1 - mine.pierce));
  const share = clamp(EVEN_HIT_SHARE * (power / defense) ** RATIO_EXPONENT, MIN_HIT_SHARE, MAX_HIT_SHARE);
  const spread = 1 - DAMAGE_SPREAD + 2 * DAMAGE_SPREAD * rng.next();
  const critical = rng.chance(mine.critChance);
  const fury = 1 + mine.fury * (1 - clamp(ctx.attackerHpShare ?? 1, 0, 1));
  const damage =
    maxHp(defender.stats) *
    share *
    spread *
    (critical ? mine.critMultiplier : 1) *
    fury *
    (ctx.ability?.damageMultiplier ?? 1) *
    theirs.damageTaken *
    (ctx.damageFactor ?? 1);
  return { damage: Number.isFinite(damage) ? Math.max(1, Math.round(damage)) : 1, critical, dodged: false };
}

interface Side {
  id: 'a' | 'b';
  fighter: Fighter;
  hp: number;
  max: number;
  turns: number;
  /** Own turn number from which each ability can be used. */
  readyAt: number[];
}

function side(id: 'a' | 'b', fighter: Fighter): Side {
  const max = maxHp(fighter.stats);
  const readyAt = (fighter.abilities ?? []).map((ab) => (ab.kind === 'ultimate' ? ULTIMATE_CHARGE_TURNS + 1 : 1));
  return { id, fighter, hp: max, max, turns: 0, readyAt };
}

/** The ready ability with the largest multiplier, if any. */
function chooseAbility(s: Side): Ability | undefined {
  let best: { ability: Ability; index: number } | undefined;
  (s.fighter.abilities ?? []).forEach((ability, index) => {
    if ((s.readyAt[index] ?? 1) > s.turns) return;
    if (!best || ability.damageMultiplier > best.ability.damageMultiplier) best = { ability, index };
  });
  if (best) s.readyAt[best.index] = s.turns + best.ability.cooldownTurns + 1;
  return best?.ability;
}

function act(att: Side, def: Side, rng: Rng, log: BattleLogEntry[]): void {
  att.turns++;
  const ability = chooseAbility(att);
  const hit = strike(att.fighter, def.fighter, rng, { ability, attackerHpShare: att.hp / att.max });
  const attacker = att.fighter.name;
  const defender = def.fighter.name;
  if (hit.dodged) {
    log.push({ message: dodgeMessage(rng, attacker, defender), attacker, side: att.id, defenderHp: def.hp });
    return;
  }
  def.hp = Math.max(0, def.hp - hit.damage);
  const message = hitMessage(rng, att.fighter.class, {
    attacker,
    defender,
    damage: hit.damage,
    critical: hit.critical,
    ability,
  });
  log.push({ message, attacker, side: att.id, defenderHp: def.hp });
}

/** A fight between `a` and `b` (the defender: ties and the time limit favour b). */
export function duel(a: Fighter, b: Fighter, rng: Rng): DuelOutcome {
  const sa = side('a', a);
  const sb = side('b', b);
  const aInitiative = initiativeChance(a.stats.speed, b.stats.speed);
  const log: BattleLogEntry[] = [];
  let rounds = 0;
  while (sa.hp > 0 && sb.hp > 0 && rounds < MAX_ROUNDS) {
    rounds++;
    const order: [Side, Side] = rng.chance(aInitiative) ? [sa, sb] : [sb, sa];
    act(order[0], order[1], rng, log);
    if (order[1].hp > 0) act(order[1], order[0], rng, log);
  }
  const hp = { a: sa.hp, b: sb.hp };
  if (sa.hp === 0 || sb.hp === 0) {
    const [win, lose] = sb.hp === 0 ? [sa, sb] : [sb, sa];
    const message = knockoutMessage(win.fighter.name, lose.fighter.name);
    log.push({ message, attacker: win.fighter.name, side: win.id, defenderHp: 0 });
    return { log, winner: win.id, rounds, endedBy: 'knockout', hp };
  }
  const aShare = sa.hp / sa.max;
  const bShare = sb.hp / sb.max;
  const [win, lose, winShare, loseShare] = aShare > bShare ? [sa, sb, aShare, bShare] : [sb, sa, bShare, aShare];
  const message = timeLimitMessage(win.fighter.name, winShare, lose.fighter.name, loseShare);
  log.push({ message, attacker: win.fighter.name, side: win.id, defenderHp: lose.hp });
  return { log, winner: win.id, rounds, endedBy: 'time', hp };
}

/** A PvE battle; the result is seen from the player's side. */
export function runBattle(player: Fighter, enemy: Fighter, seed: number): BattleOutcome {
  const { log, winner, rounds } = duel(player, enemy, createRng(seed));
  return { log, result: winner === 'a' ? 'victory' : 'defeat', rounds };
}

/**
 * Chance that the fighter with speed `mine` acts first in a round. Rolled every round and
 * weighted by speed, so one extra point of speed is an edge, not a guarantee.
 */
export function initiativeChance(mine: number, theirs: number): number {
  const m = Math.max(1, mine) ** INITIATIVE_EXPONENT;
  const t = Math.max(1, theirs) ** INITIATIVE_EXPONENT;
  return m / (m + t);
}

/** In [-1, 1]: how much faster `mine` is than `theirs`. */
function speedEdge(mine: number, theirs: number): number {
  const total = Math.max(0, mine) + Math.max(0, theirs);
  return total === 0 ? 0 : (mine - theirs) / total;
}

function clamp(x: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, x));
}
