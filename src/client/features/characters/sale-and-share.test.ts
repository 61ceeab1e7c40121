import { describe, expect, it } from 'vitest';
import type { CharacterView } from '@common/game-api';
import { shareText } from './sale-and-share';

const fighter = (wins: number, losses: number) =>
  ({ name: 'Neon Byte', class: 'mage', level: 3, wins, losses, powerLevel: 42, stats: { attack: 10, defense: 10, speed: 10, magic: 12 } }) as CharacterView;

describe('shareText', () => {
  it('says 1 win and 1 loss in the singular', () => {
    expect(shareText(fighter(1, 1), '')).toBe('Check out my level 3 Mage "Neon Byte" in Glitch Arena! 1 win, 1 loss, power level 42.');
  });

  it('uses plurals for other counts, and adds the custom message', () => {
    expect(shareText(fighter(0, 2), '  gg  ')).toBe('Check out my level 3 Mage "Neon Byte" in Glitch Arena! 0 wins, 2 losses, power level 42. gg');
  });
});
