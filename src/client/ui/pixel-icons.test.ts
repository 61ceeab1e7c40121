import { describe, expect, it } from 'vitest';
import { SLOTS } from '@common/gear';
import { ICON_PALETTE, RARITY_GEM_ROWS, SLOT_ICON_ROWS } from './pixel-icons';

describe('pixel icons', () => {
  it('draw every equipment slot', () => {
    for (const slot of SLOTS) expect(SLOT_ICON_ROWS[slot], slot).toBeDefined();
  });

  it.each(Object.entries(SLOT_ICON_ROWS))('%s is a 12x12 grid of palette colours', (_slot, rows) => {
    expect(rows).toHaveLength(12);
    for (const row of rows) {
      expect(row).toHaveLength(12);
      for (const ch of row) expect(ch === '.' || ch in ICON_PALETTE, `'${ch}'`).toBe(true);
    }
    // Enough pixels to read.
    expect(rows.join('').replace(/\./g, '').length).toBeGreaterThan(30);
  });

  it('no two slots share a picture', () => {
    const pictures = Object.values(SLOT_ICON_ROWS).map((rows) => rows.join('\n'));
    expect(new Set(pictures).size).toBe(pictures.length);
  });

  it('the rarity gem is a 5x5 diamond', () => {
    expect(RARITY_GEM_ROWS).toHaveLength(5);
    for (const row of RARITY_GEM_ROWS) expect(row).toHaveLength(5);
  });
});
