import { describe, expect, it } from 'vitest';
import {
  allocateStatsBody,
  createCharacterBody,
  powerLevel,
  resolveAvatar,
} from '@common/characters';

/** The shared character rules (src/common/characters.ts) the server relies on. */

const firstError = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('classes and avatars', () => {
  it('falls back to warrior1 for an unknown avatar', () => {
    expect(resolveAvatar('mage2').name).toBe('Ice Mage');
    expect(resolveAvatar('dragon9').id).toBe('warrior1');
    expect(resolveAvatar(undefined).id).toBe('warrior1');
    expect(resolveAvatar('toString').id).toBe('warrior1');
  });

  it('sums the four stats into the power level', () => {
    expect(powerLevel({ attack: 1, defense: 2, speed: 3, magic: 4 })).toBe(10);
  });
});

describe('create character body', () => {
  it('trims the name and keeps class and avatar', () => {
    const r = createCharacterBody.parse({ name: '  Neo  ', class: 'mage', characterAvatar: 'mage1' });
    expect(r).toEqual({ name: 'Neo', class: 'mage', characterAvatar: 'mage1' });
  });

  it('accepts any avatar string and defaults a missing one', () => {
    expect(createCharacterBody.parse({ name: 'a', class: 'tank', characterAvatar: 'custom.png' }).characterAvatar).toBe(
      'custom.png',
    );
    expect(createCharacterBody.parse({ name: 'a', class: 'tank' }).characterAvatar).toBe('warrior1');
  });

  it('explains a blank, missing or long name and an unknown class', () => {
    expect(firstError(createCharacterBody.safeParse({ name: '   ', class: 'mage' }))).toBe(
      'Please enter a character name',
    );
    expect(firstError(createCharacterBody.safeParse({ class: 'mage' }))).toBe('Please enter a character name');
    expect(firstError(createCharacterBody.safeParse({ name: 'x'.repeat(21), class: 'mage' }))).toBe(
      'Character name must be at most 20 characters',
    );
    expect(createCharacterBody.safeParse({ name: ` ${'x'.repeat(20)} `, class: 'mage' }).success).toBe(true);
    expect(firstError(createCharacterBody.safeParse({ name: 'Neo', class: 'paladin' }))).toBe(
      'Unknown character class',
    );
  });
});

describe('allocate stats body', () => {
  it('defaults missing stats to 0', () => {
    expect(allocateStatsBody.parse({ speed: 2 })).toEqual({ attack: 0, defense: 0, speed: 2, magic: 0 });
  });

  it('needs whole non-negative points and at least one in total', () => {
    expect(allocateStatsBody.safeParse({ attack: -1, speed: 2 }).success).toBe(false);
    expect(allocateStatsBody.safeParse({ attack: 1.5 }).success).toBe(false);
    expect(allocateStatsBody.safeParse({ attack: '1' }).success).toBe(false);
    expect(firstError(allocateStatsBody.safeParse({}))).toBe('Choose at least one stat point to spend');
  });
});
