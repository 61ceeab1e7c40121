import { describe, expect, it } from 'vitest';
import { marketFee, saleProceeds } from './market-limits';

describe('marketplace fee', () => {
  it('burns 5 % rounded down and pays the rest to the seller', () => {
    expect(marketFee(1000)).toBe(50);
    expect(saleProceeds(1000)).toBe(950);
    expect(marketFee(19)).toBe(0);
    expect(marketFee(20)).toBe(1);
    expect(saleProceeds(10_000_000)).toBe(9_500_000);
  });
});
