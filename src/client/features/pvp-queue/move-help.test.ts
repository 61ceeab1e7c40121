import { describe, expect, it } from 'vitest';
import { moveHelp, turnShown } from './move-help';

describe('the moves of /pvp-arena', () => {
  it('say what each does and what it depends on, with the player\'s numbers', () => {
    expect(moveHelp('special', { attack: 30, magic: 6 })).toBe('Glitch Surge: ×1.5 damage that runs on magic (yours 6, attack 30); then waits 2 turns. Weaker than Attack for you.');
    expect(moveHelp('special', { attack: 8, magic: 30 })).not.toContain('Weaker');
    expect(moveHelp('defend', { attack: 1, magic: 1 })).toContain('Halves the next hit you take');
    expect(moveHelp('attack', { attack: 1, magic: 1 })).toContain('power stat');
  });

  it('count turns from 1', () => {
    expect(turnShown(0, true)).toBe(1);
    expect(turnShown(3, true)).toBe(4);
    expect(turnShown(7, false)).toBe(7);
  });
});
