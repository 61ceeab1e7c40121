import { CLASSES, CLASS_IDS, type ClassId } from '@common/characters';
import { formatLog } from '@common/battle-text';
import type { Fighter } from './battle';
import { statsAtLevel } from './classes';
import { runAiBattle } from './engine-replay';
import { mixSeed } from './rng';

/**
 * Class balance by simulation: same-level fights between class curves (no equipment,
 * skills or allocated points). Each ordered pair swaps sides every battle, so the
 * defender's tie advantage does not bias the figures.
 */
export const EVEN_FIGHT_MIN_ENTRIES = 3;
export const EVEN_FIGHT_MAX_ENTRIES = 12;

export interface BalanceOptions {
  battlesPerPair: number;
  levels: readonly number[];
  seed?: number;
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

export function fighterAt(classId: ClassId, level: number): Fighter {
  return { name: CLASSES[classId].name, class: classId, level, stats: statsAtLevel(classId, level) };
}

export function simulateBalance({ battlesPerPair, levels, seed = 1 }: BalanceOptions): BalanceReport {
  let worst: PairResult | undefined;
  let battles = 0;
  let inRangeTotal = 0;
  const report: LevelBalance[] = levels.map((level) => {
    const winRates = {} as Record<ClassId, Record<ClassId, number>>;
    let inRange = 0;
    CLASS_IDS.forEach((rowClass, r) => {
      winRates[rowClass] = {} as Record<ClassId, number>;
      const row = fighterAt(rowClass, level);
      CLASS_IDS.forEach((columnClass, c) => {
        const column = fighterAt(columnClass, level);
        let wins = 0;
        for (let i = 0; i < battlesPerPair; i++) {
          const battleSeed = mixSeed(seed, level, r, c, i);
          const rowIsA = i % 2 === 0;
          const outcome = runAiBattle('pve', rowIsA ? [row, column] : [column, row], battleSeed);
          if ((outcome.state.winner === 0) === rowIsA) wins++;
          const n = formatLog(outcome.events).length;
          if (n >= EVEN_FIGHT_MIN_ENTRIES && n <= EVEN_FIGHT_MAX_ENTRIES) inRange++;
        }
        const winRate = wins / battlesPerPair;
        winRates[rowClass][columnClass] = winRate;
        if (rowClass !== columnClass && (!worst || winRate > worst.winRate)) {
          worst = { winner: rowClass, loser: columnClass, level, winRate };
        }
      });
    });
    const count = battlesPerPair * CLASS_IDS.length ** 2;
    battles += count;
    inRangeTotal += inRange;
    return { level, winRates, evenFightShare: inRange / count };
  });
  if (!worst) throw new RangeError('Balance needs at least one level and one battle per pair');
  return { levels: report, worst, evenFightShare: inRangeTotal / battles, battles };
}
