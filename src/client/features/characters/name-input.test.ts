import { describe, expect, it } from 'vitest';
import { createCharacterBody } from '@common/characters';
import { nameInput } from './name-input';

const twenty = 'Abcdefghij Klmnopqrs';

describe('nameInput', () => {
  it('drops leading blanks, so they never count against the 20 characters', () => {
    expect(nameInput('   Pixel')).toBe('Pixel');
    expect(nameInput(`   ${twenty}`)).toBe(twenty);
    expect(createCharacterBody.safeParse({ name: nameInput(`   ${twenty}`), class: 'mage' }).success).toBe(true);
  });

  it('keeps a space typed after a word, and cuts a longer name to 20 characters', () => {
    expect(nameInput('Pixel ')).toBe('Pixel ');
    expect(nameInput(`${twenty} `)).toBe(`${twenty} `);
    expect(nameInput(`  ${twenty}XYZ`)).toBe(twenty);
  });
});
