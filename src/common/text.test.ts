import { describe, expect, it } from 'vitest';
import { hasBidiControl, isReservedUsername, nameProblem, textProblem, visiblePart } from './text';

describe('visible text', () => {
  it('removes format characters before deciding a text is empty', () => {
    expect(visiblePart('\u200b\u200c\u200d\u2060\ufeff\u00ad')).toBe('');
    expect(visiblePart(' \u200bBob\u200b ')).toBe('Bob');
    expect(nameProblem('\u200b\u200b')).toBe('must contain visible characters');
    expect(textProblem('\u2063')).toBe('must contain visible characters');
  });

  it('finds bidi controls anywhere in a name, but lets visible names with joiners through', () => {
    for (const c of ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u061c']) {
      expect(hasBidiControl(`a${c}b`)).toBe(true);
      expect(nameProblem(`a${c}b`)).toBe('may not contain text-direction control characters');
    }
    expect(nameProblem('Kit 👩‍💻')).toBeNull();
    expect(nameProblem('Zoë')).toBeNull();
  });

  it('refuses control characters, but lets chat keep its line breaks', () => {
    expect(nameProblem('a\u0000b')).toBe('may not contain control characters');
    expect(textProblem('one\ntwo\tthree')).toBeNull();
    expect(textProblem('bell\u0007')).toBe('may not contain control characters');
  });

  it('allows an empty optional text but not an invisible one', () => {
    expect(textProblem('', { allowEmpty: true })).toBeNull();
    expect(textProblem('\u200b', { allowEmpty: true })).toBe('must contain visible characters');
  });
});

describe('reserved usernames', () => {
  it('keeps the game names in any case and spelling of separators', () => {
    for (const name of ['System', 'sYsTeM', 'admin', 'ADMIN', 'moderator', 'Glitch_Arena', 'glitch-arena', 'GlitchArena', 'glitch arena']) {
      expect(isReservedUsername(name), name).toBe(true);
    }
    for (const name of ['systems', 'admin2', 'mod', 'glitch', 'arena']) expect(isReservedUsername(name), name).toBe(false);
  });
});
