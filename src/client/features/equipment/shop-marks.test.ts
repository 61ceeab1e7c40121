import { describe, expect, it } from 'vitest';
import { duplicateWarning, markOf, ownedMarks, ownedTags } from './shop-marks';

const piece = (id: number, equipped: boolean) => ({ equipped, equipment: { id } }) as never;

describe('ownedMarks', () => {
  it('counts the copies of each catalogue piece and whether one is worn', () => {
    const marks = ownedMarks([piece(3, true), piece(3, false), piece(5, false)]);
    expect(markOf(marks, 3)).toEqual({ owned: 2, equipped: true });
    expect(markOf(marks, 5)).toEqual({ owned: 1, equipped: false });
    expect(markOf(marks, 9)).toEqual({ owned: 0, equipped: false });
    expect(ownedMarks(undefined).size).toBe(0);
  });
});

describe('ownedTags', () => {
  it('says Equipped for a worn piece and counts the spare ones', () => {
    expect(ownedTags({ owned: 0, equipped: false })).toEqual({ equipped: false, owned: null });
    expect(ownedTags({ owned: 1, equipped: true })).toEqual({ equipped: true, owned: null });
    expect(ownedTags({ owned: 3, equipped: true })).toEqual({ equipped: true, owned: '+2 in bag' });
    expect(ownedTags({ owned: 1, equipped: false })).toEqual({ equipped: false, owned: 'Owned' });
    expect(ownedTags({ owned: 2, equipped: false })).toEqual({ equipped: false, owned: 'Owned x2' });
  });
});

describe('duplicateWarning', () => {
  it('warns only before buying a piece already held, saying where it is', () => {
    expect(duplicateWarning('Rusty Sword', { owned: 0, equipped: false })).toBeNull();
    expect(duplicateWarning('Rusty Sword', { owned: 1, equipped: true })).toBe(
      'You already have Rusty Sword (equipped). Another copy goes to the inventory: one slot wears one piece.',
    );
    expect(duplicateWarning('Rusty Sword', { owned: 1, equipped: false })).toBe(
      'You already have Rusty Sword in the inventory. Another copy goes to the inventory: one slot wears one piece.',
    );
    expect(duplicateWarning('Rusty Sword', { owned: 2, equipped: true })).toBe(
      'You already have 2 copies of Rusty Sword, one of them equipped. Another copy goes to the inventory: one slot wears one piece.',
    );
  });
});
