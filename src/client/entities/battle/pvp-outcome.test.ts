import { describe, expect, it } from 'vitest';
import { outcomeSound, ratingChangeText } from './pvp-outcome';

describe('outcomeSound', () => {
  it('plays victory or defeat, and nothing for a no contest or a running battle', () => {
    expect(outcomeSound('victory')).toBe('victory');
    expect(outcomeSound('defeat')).toBe('defeat');
    expect(outcomeSound('no-contest')).toBeNull();
    expect(outcomeSound(null)).toBeNull();
  });
});

describe('ratingChangeText', () => {
  const r = (rating: number, deviation = 200) => ({ rating, deviation });
  it('shows the rating before and after with the signed change', () => {
    expect(ratingChangeText({ before: r(1500), after: r(1523.4) })).toBe('Rating 1500 → 1523 (+23)');
    expect(ratingChangeText({ before: r(1612.6), after: r(1590.2) })).toBe('Rating 1613 → 1590 (−23)');
  });

  it('says nothing when no rating moved (a ghost, a no contest)', () => {
    expect(ratingChangeText(null)).toBeNull();
    expect(ratingChangeText({ before: r(1500, 350), after: r(1500, 350) })).toBeNull();
  });

  it('a result that only narrowed the deviation still shows', () => {
    expect(ratingChangeText({ before: r(1500, 350), after: r(1500, 320) })).toBe('Rating 1500 → 1500 (±0)');
  });
});
