import { describe, expect, it } from 'vitest';
import { buyState, dealFor, EMPTY_DRAFT, filtersFromDraft, hasFilters, listedAgo, priceVersusValue } from './market-rules';

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

describe('filtersFromDraft', () => {
  it('sends nothing for an empty draft', () => {
    expect(filtersFromDraft(EMPTY_DRAFT)).toEqual({ filters: {}, errors: {} });
    expect(hasFilters({})).toBe(false);
  });

  it('turns the fields into filters', () => {
    const { filters, errors } = filtersFromDraft({ class: 'mage', minLevel: '3', maxLevel: ' 12 ', maxPrice: '5000' });
    expect(filters).toEqual({ class: 'mage', minLevel: 3, maxLevel: 12, maxPrice: 5000 });
    expect(errors).toEqual({});
    expect(hasFilters(filters)).toBe(true);
  });

  it('leaves out and names what the server would refuse', () => {
    const { filters, errors } = filtersFromDraft({ class: '', minLevel: '0', maxLevel: '2.5', maxPrice: '10000001' });
    expect(filters).toEqual({});
    expect(Object.keys(errors).sort()).toEqual(['maxLevel', 'maxPrice', 'minLevel']);
    expect(filtersFromDraft({ ...EMPTY_DRAFT, maxPrice: '-5' }).errors.maxPrice).toBe('1 to 10,000,000 credits');
  });

  it('refuses a max level below the min level', () => {
    const { filters, errors } = filtersFromDraft({ ...EMPTY_DRAFT, minLevel: '10', maxLevel: '4' });
    expect(filters).toEqual({ minLevel: 10 });
    expect(errors.maxLevel).toBe('Not below the min level');
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
