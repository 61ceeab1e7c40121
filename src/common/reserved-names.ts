import { isBlank } from './text';

/**
 * Names the game keeps for itself (DESIGN §4 Text), so nobody can write in the arena chat, or
 * fight and found guilds, as its announcer or its staff. They hold for usernames, character
 * names and guild names, in any case and look-alike spelling: a name is reserved when, folded
 * (`foldName`), it spells exactly one of these, any of its characters read as any letter it can
 * pass for, separators anywhere. Names that only contain one ('Systemic', 'Admiral', 'The
 * System') stay free.
 */
export const RESERVED_NAMES = ['system', 'admin', 'moderator', 'glitch arena'] as const;

/**
 * Letters of other scripts (and small capitals) drawn like a Latin letter, by the letter they
 * pass for: Cyrillic, Greek, Armenian and IPA look-alikes, capitals and small letters both.
 */
const LOOK_ALIKES: Record<string, string> = {
  a: 'аАαΑɑᴀ',
  b: 'ВвЬьΒʙ',
  c: 'сСςᴄ',
  d: 'ԁᴅ',
  e: 'еЕεΕҽᴇ',
  g: 'ɡցɢ',
  h: 'һҺНнΗʜ',
  i: 'іІιΙɩıӏӀɪ',
  j: 'јЈʝᴊ',
  k: 'кКκΚᴋ',
  l: 'ʟ',
  m: 'мМΜᴍ',
  n: 'ηΝոɴп',
  o: 'оОοΟσօᴏ',
  p: 'рРρΡᴘ',
  r: 'гʀ',
  s: 'ѕЅꜱ',
  t: 'тТτΤᴛ',
  u: 'υսᴜ',
  v: 'νᴠ',
  w: 'ԝԜᴡ',
  x: 'хХχΧ',
  y: 'уУүҮγΥʏ',
  z: 'Ζᴢ',
};
const LETTER_OF = new Map(Object.entries(LOOK_ALIKES).flatMap(([letter, alikes]) => [...alikes].map((c) => [c, letter] as const)));

/**
 * What else a folded character may stand for in a name: digits and symbols written for letters,
 * letter pairs drawn like one ('rn' for m, 'cl' for d), and i and l, which many fonts draw alike.
 */
const SPELLINGS: Record<string, readonly string[]> = {
  a: ['4', '@'],
  c: ['(', '<', '¢'],
  d: ['cl'],
  e: ['3', '€'],
  g: ['9', '6'],
  h: ['#'],
  i: ['l', '1', '!', '|', '¡'],
  l: ['i', '1', '!', '|'],
  m: ['rn'],
  o: ['0', '°', 'ø'],
  s: ['5', '$', '§'],
  t: ['7', '+', '†'],
  y: ['¥'],
};

const MARKS_AND_FORMAT = /[\p{M}\p{Cf}]/gu;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * A name as the reserved names are compared with it: compatibility forms made plain (NFKC:
 * fullwidth, mathematical and circled letters), marks, format characters and blanks removed,
 * look-alike letters replaced by the Latin letter they pass for, the rest in lower case.
 */
export function foldName(name: string): string {
  const plain = name.normalize('NFKC').normalize('NFD').replace(MARKS_AND_FORMAT, '');
  let folded = '';
  for (const c of plain) if (!isBlank(c)) folded += LETTER_OF.get(c) ?? c.toLowerCase();
  return folded;
}

/** The ways each letter of a reserved name may be written once folded: itself and its spellings. */
const RESERVED_SPELLINGS = RESERVED_NAMES.map((name) => [...name.replace(/ /g, '')].map((letter) => [letter, ...(SPELLINGS[letter] ?? [])]));

/**
 * Names longer than this are not compared: every name field is far shorter (usernames 20,
 * characters 20, guilds 50) and refuses them for their length, and the comparison's time should
 * not grow with whatever a request sends.
 */
export const RESERVED_CHECK_MAX = 200;

/** True when `way` (one code unit per character) is written in `folded` from `at` on. */
function writtenAt(folded: readonly string[], at: number, way: string): boolean {
  for (let k = 0; k < way.length; k++) if (folded[at + k] !== way[k]) return false;
  return true;
}

/**
 * True when `folded` spells `letters` exactly, each letter in one of its ways, anything but a
 * letter or digit allowed between them as a separator. `reached[at]` holds, as bits, how many
 * letters the first `at` characters can spell, so the time grows with the name's length, never
 * with its ambiguity.
 */
function spells(folded: readonly string[], letters: readonly (readonly string[])[]): boolean {
  const reached = new Uint32Array(folded.length + 1);
  reached[0] = 1;
  let furthest = 0;
  for (let at = 0; at < folded.length && at <= furthest; at++) {
    const here = reached[at]!;
    if (here === 0) continue;
    if (!LETTER_OR_DIGIT.test(folded[at]!)) {
      reached[at + 1]! |= here;
      furthest = Math.max(furthest, at + 1);
    }
    for (let done = 0; done < letters.length; done++) {
      if ((here & (1 << done)) === 0) continue;
      for (const way of letters[done]!) {
        if (!writtenAt(folded, at, way)) continue;
        reached[at + way.length]! |= 1 << (done + 1);
        furthest = Math.max(furthest, at + way.length);
      }
    }
  }
  return (reached[folded.length]! & (1 << letters.length)) !== 0;
}

/** True for a username, character name or guild name the game keeps for itself. */
export function isReservedName(name: string): boolean {
  if (name.length > RESERVED_CHECK_MAX) return false;
  const folded = [...foldName(name)];
  return RESERVED_SPELLINGS.some((letters) => spells(folded, letters));
}
