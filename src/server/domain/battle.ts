import type { ClassId, Stats } from '@common/characters';
import { ULTIMATE_CHARGE_TURNS } from '@common/duel';
import { classTraits } from './classes';
import type { Rng } from './rng';

/**
 * The arithmetic of one blow (DESIGN §4), used by the battle engine (engine.ts).
 *
 * - Max HP = 2 × defense. A hit removes a share of the defender's max HP that depends on the
 *   ratio of the attacker's power (attack, or magic for mages and magic abilities) to the
 *   defender's defense, so fights last about as long at level 1 as at level 60.
 * - Speed drives dodging and who acts first (initiativeChance). Critical hits, dodges and the
 *   ±25 % damage spread are drawn from the battle's seeded generator.
 */

export interface Ability {
  /** The learned skill's id, by which a player chooses it in a duel; absent for the special and older snapshots. */
  id?: number;
  name: string;
  damageMultiplier: number;
  /** Own turns to wait after a use; an ultimate also charges ULTIMATE_CHARGE_TURNS before its first use. */
  cooldownTurns: number;
  kind: 'active' | 'ultimate';
  /** The stat the ability scales with; the class's own power stat when absent. */
  power?: 'attack' | 'magic';
  /** The learned skill's level (its multiplier already includes it); absent for the special. */
  level?: number;
}

export interface Fighter {
  name: string;
  class: ClassId;
  level: number;
  stats: Stats;
  abilities?: readonly Ability[];
  /**
   * Which class-trait table the fighter fights with (classes.ts `CURRENT_TUNING`). Stored with
   * the fighter, so a battle replays with the traits it was fought with; absent on fighters
   * stored before the tables were numbered.
   */
  tuning?: number;
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
/** Own turns an ultimate charges before its first use: fights last a handful of turns a side (shared with the duel page). */
export { ULTIMATE_CHARGE_TURNS };

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
  const mine = classTraits(attacker.class, attacker.tuning);
  const theirs = classTraits(defender.class, defender.tuning);
  const edge = speedEdge(defender.stats.speed, attacker.stats.speed);
  const dodgeChance = clamp(DODGE_BASE + DODGE_PER_SPEED_EDGE * edge + theirs.dodgeBonus, 0, DODGE_MAX) * (1 - mine.accuracy);
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
