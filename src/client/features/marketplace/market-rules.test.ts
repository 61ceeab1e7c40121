import { describe, expect, it } from 'vitest';
import { MARKET_SORTS } from '@common/economy-requests';
import { buyState, dealFor, isMarketSort, listedAgo, popularity, priceVersusValue, sortListings } from './market-rules';

describe('dealFor', () => {
  it('calls a price below value a good deal with the rounded percent off', () => {
    expect(dealFor(800, 1000)).toEqual({ kind: 'good', label: 'Good Deal (20% off)', percentOff: 20 });
    expect(dealFor(667, 1000).label).toBe('Good Deal (33% off)');
    expect(dealFor(665, 1000).label).toBe('Good Deal (34% off)');
    expect(dealFor(1, 500).label).toBe('Good Deal (100% off)');
  });

  it('never shows 0% off for a price under value', () => {
    expect(dealFor(999, 1000)).toMatchObject({ kind: 'good', percentOff: 1 });
  });

  it('calls a price at value up to 120% of value fair', () => {
    expect(dealFor(1000, 1000)).toEqual({ kind: 'fair', label: 'Fair Price', percentOff: 0 });
    expect(dealFor(1100, 1000).kind).toBe('fair');
    expect(dealFor(1200, 1000).kind).toBe('fair');
  });

  it('calls a price above 120% of value overpriced', () => {
    expect(dealFor(1201, 1000)).toEqual({ kind: 'overpriced', label: 'Overpriced', percentOff: 0 });
    expect(dealFor(5000, 1000).label).toBe('Overpriced');
  });

  it('copes with a value of zero', () => {
    expect(dealFor(10, 0).kind).toBe('overpriced');
  });
});

describe('priceVersusValue', () => {
  it('words the difference', () => {
    expect(priceVersusValue(800, 1000)).toBe('20% below its value');
    expect(priceVersusValue(1500, 1000)).toBe('50% above its value');
    expect(priceVersusValue(1000, 1000)).toBe('Priced at its value');
  });
});

const listing = (id: number, price: number, level: number, views: number, likes: number, createdAt: string) => ({
  id,
  price,
  views,
  likes,
  createdAt,
  character: { level },
});

const A = listing(1, 500, 3, 10, 1, '2025-01-01T10:00:00.000Z');
const B = listing(2, 1500, 7, 2, 2, '2025-01-03T10:00:00.000Z');
const C = listing(3, 900, 1, 0, 20, '2025-01-02T10:00:00.000Z');
const D = listing(4, 900, 7, 4, 0, '2025-01-02T10:00:00.000Z');
const all = [A, B, C, D];
const ids = (list: Array<{ id: number }>) => list.map((l) => l.id);

describe('sortListings', () => {
  it('sorts newest first, the higher id first on equal times', () => {
    expect(ids(sortListings(all, 'newest'))).toEqual([2, 4, 3, 1]);
  });

  it('sorts by price both ways, newest first on equal prices', () => {
    expect(ids(sortListings(all, 'price_low'))).toEqual([1, 4, 3, 2]);
    expect(ids(sortListings(all, 'price_high'))).toEqual([2, 4, 3, 1]);
  });

  it('sorts by level both ways', () => {
    expect(ids(sortListings(all, 'level_high'))).toEqual([2, 4, 1, 3]);
    expect(ids(sortListings(all, 'level_low'))).toEqual([3, 1, 2, 4]);
  });

  it('sorts by views plus likes', () => {
    expect(popularity(C)).toBe(20);
    expect(ids(sortListings(all, 'popular'))).toEqual([3, 1, 2, 4]);
  });

  it('leaves the input alone and handles every sort option', () => {
    const before = ids(all);
    for (const sort of MARKET_SORTS) expect(sortListings(all, sort)).toHaveLength(4);
    expect(ids(all)).toEqual(before);
    expect(sortListings([], 'popular')).toEqual([]);
  });
});

describe('isMarketSort', () => {
  it('accepts exactly the six options', () => {
    for (const sort of MARKET_SORTS) expect(isMarketSort(sort)).toBe(true);
    expect(isMarketSort('cheapest')).toBe(false);
    expect(isMarketSort(undefined)).toBe(false);
  });
});

describe('buyState', () => {
  const item = { price: 1000, sellerId: 7 };
  it('marks own listings', () => {
    expect(buyState(item, { id: 7, credits: 99_999 })).toBe('own');
  });
  it('needs credits of at least the price', () => {
    expect(buyState(item, { id: 1, credits: 1000 })).toBe('affordable');
    expect(buyState(item, { id: 1, credits: 999 })).toBe('too-expensive');
    expect(buyState(item, null)).toBe('too-expensive');
  });
});

describe('listedAgo', () => {
  const now = Date.parse('2025-01-10T12:00:00.000Z');
  it('words the age of a listing', () => {
    expect(listedAgo('2025-01-10T11:59:40.000Z', now)).toBe('just now');
    expect(listedAgo('2025-01-10T11:55:00.000Z', now)).toBe('5m ago');
    expect(listedAgo('2025-01-10T09:00:00.000Z', now)).toBe('3h ago');
    expect(listedAgo('2025-01-08T12:00:00.000Z', now)).toBe('2d ago');
    expect(listedAgo('2025-01-10T12:00:30.000Z', now)).toBe('just now');
    expect(listedAgo('not a date', now)).toBe('recently');
  });
});
