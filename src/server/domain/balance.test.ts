import { beforeAll, describe, expect, it } from 'vitest';
import { CLASS_IDS } from '@common/characters';
import {
  BALANCE_LEVELS,
  MAX_PAIR_WIN_RATE,
  NEW_FIGHTER_MAX,
  NEW_FIGHTER_MIN,
  fighterAt,
  simulateBalance,
  simulateNewFighters,
  type BalanceReport,
  type NewFighterReport,
} from './balance';
import { typicalLoadout } from './typical-loadout';

/**
 * A smaller sample of `npm run balance` (10,000 battles per pair and 12,000 new players there).
 * 1,000 battles per pair leave about ±1.6 points of sampling noise per pairing, so the bound
 * here is 55 % plus 5 points; 600 new players per class about ±0.8 points, so 57-88 %.
 */
const PAIR_BOUND = MAX_PAIR_WIN_RATE + 0.05;

describe('class balance with typical loadouts', () => {
  let report: BalanceReport;
  beforeAll(() => {
    report = simulateBalance({ battlesPerPair: 1000, levels: BALANCE_LEVELS, seed: 77 });
  });

  it(`lets no class beat another at levels 1, 5, 10, 20 or 30 in more than ${PAIR_BOUND * 100} % of battles`, () => {
    expect(report.levels.map((l) => l.level)).toEqual([1, 5, 10, 20, 30]);
    expect(report.worst.winRate, `${report.worst.winner} over ${report.worst.loser} at level ${report.worst.level}`).toBeLessThanOrEqual(PAIR_BOUND);
  });

  it('keeps mirror matches even and pairings complementary', () => {
    for (const { winRates } of report.levels) {
      for (const a of CLASS_IDS) {
        expect(Math.abs(winRates[a][a] - 0.5)).toBeLessThan(0.06);
        for (const b of CLASS_IDS) expect(Math.abs(winRates[a][b] + winRates[b][a] - 1)).toBeLessThan(0.08);
      }
    }
  });

  it('keeps at least 90 % of even fights within 3-12 log entries', () => {
    for (const level of report.levels) expect(level.evenFightShare).toBeGreaterThanOrEqual(0.9);
  });

  it('is reproducible for a seed', () => {
    const a = simulateBalance({ battlesPerPair: 20, levels: [5], seed: 3 });
    expect(simulateBalance({ battlesPerPair: 20, levels: [5], seed: 3 })).toEqual(a);
    const bare = simulateBalance({ battlesPerPair: 20, levels: [5], seed: 3, fighterAt });
    expect(bare).not.toEqual(a);
  });
});

describe('typical loadouts', () => {
  it('grow with level: gear from the credits earned, every skill point and stat point spent', () => {
    for (const classId of CLASS_IDS) {
      const at = BALANCE_LEVELS.map((level) => typicalLoadout(classId, level));
      at.forEach((loadout, i) => {
        expect(loadout.creditsSpent).toBeLessThanOrEqual(loadout.creditsEarned);
        expect(loadout.skillPointsEarned).toBe(loadout.level - 1);
        // A point may wait for the next skill level's requirement, never more than a couple.
        expect(loadout.skillPointsEarned - loadout.skillPointsSpent).toBeLessThanOrEqual(2);
        const allocated = loadout.allocated.attack + loadout.allocated.defense + loadout.allocated.speed + loadout.allocated.magic;
        expect(allocated).toBe(3 * (loadout.level - 1));
        if (i > 0) {
          const before = at[i - 1]!;
          expect(loadout.creditsEarned).toBeGreaterThan(before.creditsEarned);
          const power = (s: typeof loadout.fighter.stats) => s.attack + s.defense + s.speed + s.magic;
          expect(power(loadout.fighter.stats)).toBeGreaterThan(power(before.fighter.stats));
        }
      });
      expect(Object.keys(at[0]!.gear).length).toBeGreaterThan(0);
      expect(at[4]!.fighter.abilities!.length).toBeGreaterThanOrEqual(2);
    }
  });
});

describe('new fighters', () => {
  let fresh: NewFighterReport;
  beforeAll(() => {
    fresh = simulateNewFighters(600, 91);
  });

  it('win most of their first five fights, in every class, but not all', () => {
    expect(fresh.players).toBe(3600);
    for (const classId of CLASS_IDS) {
      expect(fresh.byClass[classId], classId).toBeGreaterThanOrEqual(NEW_FIGHTER_MIN - 0.03);
      expect(fresh.byClass[classId], classId).toBeLessThanOrEqual(NEW_FIGHTER_MAX + 0.03);
    }
    expect(fresh.worst.winRate).toBe(Math.min(...CLASS_IDS.map((c) => fresh.byClass[c])));
  });

  it('win their very first fight nearly always', () => {
    for (const classId of CLASS_IDS) expect(fresh.firstFight[classId], classId).toBeGreaterThanOrEqual(0.9);
  });
});
