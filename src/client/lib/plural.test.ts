import { describe, expect, it } from 'vitest';
import { plural } from './plural';

describe('plural', () => {
  it('is singular only for exactly one', () => {
    expect(plural(1, 'win')).toBe('1 win');
    expect(plural(0, 'win')).toBe('0 wins');
    expect(plural(2, 'loss', 'losses')).toBe('2 losses');
    expect(plural(1, 'loss', 'losses')).toBe('1 loss');
    expect(plural(1200, 'win')).toBe('1,200 wins');
  });
});
