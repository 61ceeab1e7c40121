import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { START_RATING, decayForNewSeason, previousSeason, rateGame, rateGames, ratingMilestone, seasonOf } from './rating';

describe('Glicko-2', () => {
  it("gives the numbers of Glickman's worked example", () => {
    // 1500 ± 200 (σ 0.06) beats 1400 ± 30, loses to 1550 ± 100 and to 1700 ± 300: 1464.06 ± 151.52, σ 0.05999.
    const player = { rating: 1500, deviation: 200, volatility: 0.06 };
    const after = rateGames(player, [
      { opponent: { rating: 1400, deviation: 30, volatility: 0.06 }, score: 1 },
      { opponent: { rating: 1550, deviation: 100, volatility: 0.06 }, score: 0 },
      { opponent: { rating: 1700, deviation: 300, volatility: 0.06 }, score: 0 },
    ]);
    expect(after.rating).toBeCloseTo(1464.06, 1);
    expect(after.deviation).toBeCloseTo(151.52, 1);
    expect(after.volatility).toBeCloseTo(0.05999, 4);
  });

  it('moves new ratings a lot and settled ones little, keeping the sum near constant between equals', () => {
    const fresh = rateGame(START_RATING, START_RATING);
    expect(fresh.winner.rating).toBeGreaterThan(1600);
    expect(fresh.loser.rating).toBeLessThan(1400);
    expect(fresh.winner.rating + fresh.loser.rating).toBeCloseTo(3000, 0);
    const settled = { rating: 1500, deviation: 50, volatility: 0.06 };
    const small = rateGame(settled, settled);
    expect(small.winner.rating - 1500).toBeLessThan(20);
  });

  it('always raises the winner, lowers the loser and keeps numbers finite', () => {
    const r = fc.record({ rating: fc.integer({ min: 600, max: 2800 }), deviation: fc.integer({ min: 30, max: 350 }), volatility: fc.double({ min: 0.03, max: 0.1, noNaN: true }) });
    fc.assert(
      fc.property(r, r, (a, b) => {
        const { winner, loser } = rateGame(a, b);
        expect(winner.rating).toBeGreaterThanOrEqual(a.rating);
        expect(loser.rating).toBeLessThanOrEqual(b.rating);
        for (const x of [winner, loser]) {
          expect(Number.isFinite(x.rating) && Number.isFinite(x.deviation) && Number.isFinite(x.volatility)).toBe(true);
          expect(x.deviation).toBeGreaterThanOrEqual(30);
        }
      }),
    );
  });
});

describe('seasons', () => {
  it('are calendar months in UTC', () => {
    expect(seasonOf(new Date('2026-11-30T23:59:59Z'))).toBe('2026-11');
    expect(seasonOf(new Date('2026-12-01T00:00:00Z'))).toBe('2026-12');
    expect(previousSeason('2026-01')).toBe('2025-12');
    expect(previousSeason('2026-11')).toBe('2026-10');
  });

  it('take a rating halfway back to 1500 and make it less sure', () => {
    expect(decayForNewSeason({ rating: 1900, deviation: 60, volatility: 0.06 })).toEqual({ rating: 1700, deviation: 160, volatility: 0.06 });
    expect(decayForNewSeason({ rating: 1300, deviation: 300, volatility: 0.06 })).toEqual({ rating: 1400, deviation: 350, volatility: 0.06 });
  });

  it('announce every hundred from 1700 crossed upward by an established rating', () => {
    const settled = (rating: number) => ({ rating, deviation: 80, volatility: 0.06 });
    expect(ratingMilestone(1690, settled(1710))).toBe(1700);
    expect(ratingMilestone(1710, settled(1750))).toBeNull();
    expect(ratingMilestone(1590, settled(1610))).toBeNull();
    expect(ratingMilestone(1790, settled(1705))).toBeNull();
    // A new fighter's first win is no news.
    expect(ratingMilestone(1500, { rating: 1720, deviation: 290, volatility: 0.06 })).toBeNull();
  });
});
