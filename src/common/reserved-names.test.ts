import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RESERVED_CHECK_MAX, foldName, isReservedName } from './reserved-names';

describe('reserved names', () => {
  it('keeps the game names in any case and spelling of separators', () => {
    for (const name of ['System', 'sYsTeM', 'admin', 'ADMIN', 'moderator', 'Glitch_Arena', 'glitch-arena', 'GlitchArena', 'glitch arena', 'S.y.s.t.e.m']) {
      expect(isReservedName(name), name).toBe(true);
    }
  });

  it('keeps them written with digits and symbols for letters, look-alike letters, compatibility forms or marks', () => {
    const names = [
      'Adm1n',
      'adm!n',
      'admin!',
      '4dmin',
      '@dmin',
      'adrnin',
      'ADMlN',
      'ＳＹＳＴＥＭ',
      '𝐒𝐲𝐬𝐭𝐞𝐦',
      'Ⓐⓓⓜⓘⓝ',
      'ᴀᴅᴍɪɴ',
      'sуstem',
      'ѕystem',
      'Ѕуѕтем',
      'ΑDΜΙΝ',
      '$y$t3m',
      '5ystem',
      'Sy5t3m',
      'm0d3r4t0r',
      'M0DERAT0R',
      'G1itch_Arena',
      'GIitch Arena',
      'Gl!tch 4rena',
      'glitch\u200barena',
      'ádmïn',
      'S\u0336y\u0336stem',
      '\u3164admin\u3164',
    ];
    for (const name of names) expect(isReservedName(name), `${name} folds to ${foldName(name)}`).toBe(true);
  });

  it('leaves names that only contain or resemble one free', () => {
    for (const name of ['Systemic', 'Admiral', 'The System', 'systems', 'admin2', 'mod', 'glitch', 'arena', 'sysadm', 'Adminah', 'Moderatrix', 'Glitch Arenas']) {
      expect(isReservedName(name), name).toBe(false);
    }
  });

  it('keeps every mix of case, look-alike, separators and format characters (property)', () => {
    const ways: Record<string, string[]> = {
      s: ['s', 'S', '5', '$', 'ѕ', 'Ｓ'],
      y: ['y', 'Y', 'у', 'Υ', 'ｙ'],
      t: ['t', 'T', '7', 'т', 'Τ'],
      e: ['e', 'E', '3', 'е', 'ε', 'é'],
      m: ['m', 'M', 'м', 'rn', 'Μ'],
      a: ['a', 'A', '4', '@', 'а', 'α', 'à'],
      d: ['d', 'D', 'ԁ', 'cl'],
      i: ['i', 'I', '1', '!', '|', 'і', 'l', 'ï'],
      n: ['n', 'N', 'ո', 'η'],
      o: ['o', 'O', '0', 'о', 'ο', 'ö'],
      r: ['r', 'R', 'г'],
      g: ['g', 'G', '9', 'ɡ'],
      l: ['l', 'L', '1', 'I', '|'],
      c: ['c', 'C', 'с', '('],
      h: ['h', 'H', 'һ', 'Н'],
    };
    const separator = fc.constantFrom('', '', '', ' ', '_', '-', '.', '\u200b', '\u3164');
    const spelled = (word: string) => fc.tuple(...[...word].map((letter) => fc.tuple(fc.constantFrom(...ways[letter]!), separator))).map((parts) => parts.flat().join(''));
    fc.assert(
      fc.property(
        fc.constantFrom('system', 'admin', 'moderator', 'glitcharena').chain((word) => spelled(word)),
        (name) => {
          expect(isReservedName(name), `${name} folds to ${foldName(name)}`).toBe(true);
        },
      ),
    );
  });

  it('frees any of them with a letter or digit added (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom('System', 'admin', 'Moderator', 'Glitch Arena'), fc.stringMatching(/^[a-z0-9]{1,3}$/), fc.boolean(), (name, extra, before) => {
        expect(isReservedName(before ? extra + name : name + extra)).toBe(false);
      }),
    );
  });

  it('takes time in proportion to the name, however ambiguous, and skips names longer than any field', () => {
    const ambiguous = 'g' + '!|_'.repeat((RESERVED_CHECK_MAX - 2) / 3) + 'x';
    const started = performance.now();
    for (let i = 0; i < 1000; i++) isReservedName(ambiguous);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(isReservedName('System' + ' '.repeat(RESERVED_CHECK_MAX))).toBe(false);
  });
});
