import { CLASSES, CLASS_IDS, STAT_KEYS, type ClassId, type StatKey } from '@common/characters';
import { formatLog } from '@common/battle-text';
import type { Fighter } from './battle';
import { CURRENT_TUNING, statsAtLevel } from './classes';
import { enemyFighter, enemyFor, FAIR_START_BATTLES } from './enemies';
import { runAiBattle } from './engine-replay';
import { applyExperience, pveRewards } from './progression';
import { createRng, mixSeed } from './rng';
import { typicalLoadout } from './typical-loadout';

/**
 * Class balance by simulation (`npm run balance`), with the one battle engine:
 *
 * - same-level fights between the loadouts players of each class typically have at that level
 *   (typical-loadout.ts). Each ordered pair swaps sides every battle, so the defender's tie
 *   advantage does not bias the figures;
 * - what makes each class win: the stat or skill whose loss costs it the most wins;
 * - new fighters: fresh fighters of every class, no gear, through their first five battles
 *   against the fair-start enemies the server rolls (enemies.ts), levelling up as they go.
 */
export const EVEN_FIGHT_MIN_ENTRIES = 3;
export const EVEN_FIGHT_MAX_ENTRIES = 12;

/** Bounds `npm run balance` holds: no pairing above 55 %, new fighters win 60-85 % of five. */
export const MAX_PAIR_WIN_RATE = 0.55;
export const NEW_FIGHTER_MIN = 0.6;
export const NEW_FIGHTER_MAX = 0.85;
export const BALANCE_LEVELS = [1, 5, 10, 20, 30] as const;

export type FighterAt = (classId: ClassId, level: number) => Fighter;

export interface BalanceOptions {
  battlesPerPair: number;
  levels: readonly number[];
  seed?: number;
  /** Who fights for a class at a level; the typical loadout when absent. */
  fighterAt?: FighterAt;
}

export interface PairResult {
  winner: ClassId;
  loser: ClassId;
  level: number;
  /** Share of battles the winner class won, 0..1. */
  winRate: number;
}

export interface LevelBalance {
  level: number;
  /** winRates[row][column]: share of battles the row class won against the column class. */
  winRates: Record<ClassId, Record<ClassId, number>>;
  /** Share of this level's battles whose log has 3..12 entries. */
  evenFightShare: number;
}

export interface BalanceReport {
  levels: LevelBalance[];
  worst: PairResult;
  evenFightShare: number;
  battles: number;
}

/** A class's bare curve at a level: no gear, skills or spent points. */
export function fighterAt(classId: ClassId, level: number): Fighter {
  return { name: CLASSES[classId].name, class: classId, level, stats: statsAtLevel(classId, level), tuning: CURRENT_TUNING };
}

/** A class at a level with the loadout its players typically have. */
export function loadedFighterAt(classId: ClassId, level: number): Fighter {
  return typicalLoadout(classId, level).fighter;
}

/** Wins of `a` over `b` in `battles` battles, sides swapped every battle. */
function duel(a: Fighter, b: Fighter, battles: number, seed: number, onBattle?: (entries: number) => void): number {
  let wins = 0;
  for (let i = 0; i < battles; i++) {
    const aFirst = i % 2 === 0;
    const outcome = runAiBattle('pve', aFirst ? [a, b] : [b, a], mixSeed(seed, i));
    if ((outcome.state.winner === 0) === aFirst) wins++;
    onBattle?.(formatLog(outcome.events).length);
  }
  return wins;
}

export function simulateBalance({ battlesPerPair, levels, seed = 1, fighterAt: at = loadedFighterAt }: BalanceOptions): BalanceReport {
  let worst: PairResult | undefined;
  let battles = 0;
  let inRangeTotal = 0;
  const report: LevelBalance[] = levels.map((level) => {
    const winRates = {} as Record<ClassId, Record<ClassId, number>>;
    const fighters = new Map(CLASS_IDS.map((c) => [c, at(c, level)]));
    let inRange = 0;
    const count = (n: number) => {
      if (n >= EVEN_FIGHT_MIN_ENTRIES && n <= EVEN_FIGHT_MAX_ENTRIES) inRange++;
    };
    CLASS_IDS.forEach((rowClass, r) => {
      winRates[rowClass] = {} as Record<ClassId, number>;
      CLASS_IDS.forEach((columnClass, c) => {
        const wins = duel(fighters.get(rowClass)!, fighters.get(columnClass)!, battlesPerPair, mixSeed(seed, level, r, c), count);
        const winRate = wins / battlesPerPair;
        winRates[rowClass][columnClass] = winRate;
        if (rowClass !== columnClass && (!worst || winRate > worst.winRate)) {
          worst = { winner: rowClass, loser: columnClass, level, winRate };
        }
      });
    });
    const levelBattles = battlesPerPair * CLASS_IDS.length ** 2;
    battles += levelBattles;
    inRangeTotal += inRange;
    return { level, winRates, evenFightShare: inRange / levelBattles };
  });
  if (!worst) throw new RangeError('Balance needs at least one level and one battle per pair');
  return { levels: report, worst, evenFightShare: inRangeTotal / battles, battles };
}

/** What a stat or a skill is worth to a class: its win rate with it, and without it. */
export interface Contribution {
  /** 'speed', or a skill's name. */
  what: string;
  /** Win rate against the other classes with it, and without it (the stat cut by a quarter, the skill unlearned). */
  with: number;
  without: number;
}

/** What makes a class win at a level: its most valuable stat, and its most valuable battle skill (none at level 1). */
export interface Strength {
  classId: ClassId;
  level: number;
  stat: Contribution;
  skill: Contribution | null;
}

/**
 * What makes each class win at a level, against the other classes' typical loadouts: among its
 * four stats (each cut by a quarter) the one whose loss costs it the most wins, and among its
 * active and ultimate skills (each removed) the same.
 */
export function classStrengths(level: number, battlesPerPair: number, seed = 1): Strength[] {
  const fighters = new Map(CLASS_IDS.map((c) => [c, loadedFighterAt(c, level)]));
  const rateOf = (me: Fighter, classId: ClassId) => {
    let wins = 0;
    let total = 0;
    CLASS_IDS.forEach((other, i) => {
      if (other === classId) return;
      wins += duel(me, fighters.get(other)!, battlesPerPair, mixSeed(seed, level, i));
      total += battlesPerPair;
    });
    return wins / total;
  };
  const mostValuable = (base: number, variants: { what: string; fighter: Fighter }[], classId: ClassId) => {
    let best: Contribution | null = null;
    for (const { what, fighter } of variants) {
      const without = rateOf(fighter, classId);
      if (!best || without < best.without) best = { what, with: base, without };
    }
    return best;
  };
  return CLASS_IDS.map((classId) => {
    const me = fighters.get(classId)!;
    const base = rateOf(me, classId);
    const stats = STAT_KEYS.map((key: StatKey) => ({
      what: key,
      fighter: { ...me, stats: { ...me.stats, [key]: Math.round(me.stats[key] * 0.75) } },
    }));
    const skills = (me.abilities ?? []).map((ability, i) => ({
      what: ability.name,
      fighter: { ...me, abilities: (me.abilities ?? []).filter((_, j) => j !== i) },
    }));
    return { classId, level, stat: mostValuable(base, stats, classId)!, skill: mostValuable(base, skills, classId) };
  });
}

export interface NewFighterReport {
  players: number;
  /** Share of first-five battles won, over every class. */
  winRate: number;
  /** Per class: share of its first-five battles won. */
  byClass: Record<ClassId, number>;
  /** Per class: share of first battles won. */
  firstFight: Record<ClassId, number>;
  worst: { classId: ClassId; winRate: number };
}

/**
 * `playersPerClass` fresh fighters of every class (level 1, no gear, skills or spent points)
 * each fight their first five battles against the fair-start enemies, gaining experience and
 * levels on the way as the server pays them.
 */
export function simulateNewFighters(playersPerClass: number, seed = 1): NewFighterReport {
  const byClass = {} as Record<ClassId, number>;
  const firstFight = {} as Record<ClassId, number>;
  let wonAll = 0;
  CLASS_IDS.forEach((classId, c) => {
    let won = 0;
    let firstWon = 0;
    for (let p = 0; p < playersPerClass; p++) {
      let progress = { level: 1, experience: 0 };
      for (let battle = 0; battle < FAIR_START_BATTLES; battle++) {
        const fighter = fighterAt(classId, progress.level);
        const rng = createRng(mixSeed(seed, c, p, battle));
        const enemy = enemyFor(rng, { fighter, battles: battle });
        const opponent = enemyFighter(enemy);
        const outcome = runAiBattle('pve', [fighter, opponent], mixSeed(seed, c, p, battle, 1));
        const victory = outcome.state.winner === 0;
        if (victory) {
          won++;
          if (battle === 0) firstWon++;
        }
        const reward = pveRewards(victory ? 'victory' : 'defeat', enemy.level, enemy.threat);
        progress = applyExperience(progress, reward.experience);
      }
    }
    byClass[classId] = won / (playersPerClass * FAIR_START_BATTLES);
    firstFight[classId] = firstWon / playersPerClass;
    wonAll += won;
  });
  const worstClass = CLASS_IDS.reduce((a, b) => (byClass[b] < byClass[a] ? b : a));
  return {
    players: playersPerClass * CLASS_IDS.length,
    winRate: wonAll / (playersPerClass * CLASS_IDS.length * FAIR_START_BATTLES),
    byClass,
    firstFight,
    worst: { classId: worstClass, winRate: byClass[worstClass] },
  };
}
