import { describe, expect, it } from 'vitest';
import type { CharacterView } from '@common/game-api';
import { bestCharacter } from './best-character';

describe('bestCharacter', () => {
  it('picks the best free character', () => {
    const c = (id: number, level: number, wins: number, listed = false) => ({ id, level, wins, listing: listed ? {} : null }) as unknown as CharacterView;
    expect(bestCharacter([c(1, 2, 0), c(2, 5, 1, true), c(3, 3, 4), c(4, 3, 2)])?.id).toBe(3);
    expect(bestCharacter([])).toBeNull();
  });
});
