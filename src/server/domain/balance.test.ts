import { beforeAll, describe, expect, it } from 'vitest';
import { CLASS_IDS } from '@common/characters';
import { type BalanceReport, simulateBalance } from './balance';

describe('class balance', () => {
  // scripts/balance.ts runs 10,000 battles per pair and holds every pairing at 65 % or less;
  // 1,000 per pair leave about ±3 points of sampling noise, hence 68 % here.
  let report: BalanceReport;
  beforeAll(() => {
    report = simulateBalance({ battlesPerPair: 1000, levels: [1, 10, 30], seed: 77 });
  });

  it('lets no class beat another of the same level in more than 68 % of battles', () => {
    expect(report.worst.winRate).toBeLessThanOrEqual(0.68);
    for (const { winRates } of report.levels) {
      for (const a of CLASS_IDS) for (const b of CLASS_IDS) expect(winRates[a][b]).toBeLessThanOrEqual(0.68);
    }
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
    expect(report.battles).toBe(3 * 36 * 1000);
    for (const level of report.levels) expect(level.evenFightShare).toBeGreaterThanOrEqual(0.9);
  });

  it('is reproducible for a seed', () => {
    const a = simulateBalance({ battlesPerPair: 20, levels: [5], seed: 3 });
    expect(simulateBalance({ battlesPerPair: 20, levels: [5], seed: 3 })).toEqual(a);
  });
});
