import { describe, expect, it } from 'vitest';
import { createCharacterBody } from '@common/characters';
import { nameInput } from './name-input';

const twenty = 'Abcdefghij Klmnopqrs';

describe('nameInput', () => {
  it('does not count blanks before the name against the 20 characters', () => {
    expect(nameInput('   Pixel')).toBe('   Pixel');
    expect(nameInput(`   ${twenty}`)).toBe(`   ${twenty}`);
    const sent = createCharacterBody.safeParse({ name: nameInput(`   ${twenty}`), class: 'mage' });
    expect(sent.success && sent.data.name).toBe(twenty);
  });

  it('keeps a blank-only name (the form then says a name is needed)', () => {
    expect(nameInput('   ')).toBe('   ');
  });

  it('keeps a space typed after a word, and cuts a longer name to 20 characters', () => {
    expect(nameInput('Pixel ')).toBe('Pixel ');
    expect(nameInput(`${twenty} `)).toBe(`${twenty} `);
    expect(nameInput(`  ${twenty}XYZ`)).toBe(`  ${twenty}`);
  });
});
