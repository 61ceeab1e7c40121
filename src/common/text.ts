/**
 * Names and texts players type (DESIGN §4 Text): what counts as visible, and what may not appear.
 * A text is visible when it holds a letter, digit, punctuation or symbol that draws something.
 * Format characters (Unicode Cf: zero-width spaces and joiners, soft hyphens, ...) draw nothing
 * and are ignored; marks (accents, vowel signs, variation selectors) only decorate the character
 * before them, so they never make a text visible on their own, and piled up on one character
 * they smear over the lines around it. Bidi controls reorder what follows them, so a name or a
 * message holding one can pass for another.
 */

const FORMAT_CHARACTER = /\p{Cf}/u;
const FORMAT_CHARACTERS = /\p{Cf}/gu;
/** Embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069) and the implicit marks. */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
/** C0 and C1 control characters other than tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/u;
/** Letters, numbers, punctuation and symbols: the categories that draw something. */
const DRAWN = /[\p{L}\p{N}\p{P}\p{S}]/u;
/**
 * Characters of those categories that draw nothing all the same: the default-ignorable ones
 * (the Hangul fillers U+115F, U+1160, U+3164 and U+FFA0, variation selectors, Khmer inherent
 * vowels, ...), the braille blank U+2800 and the musical null notehead U+1D159; the ideographic
 * space U+3000 is a space already, named here for the record.
 */
const BLANK = /[\p{Default_Ignorable_Code_Point}\u2800\u3000\u{1D159}]/u;
/** Marks drawn over or under the character before them (nonspacing and enclosing). */
const STACKING_MARK = /[\p{Mn}\p{Me}]/u;
/** Marks that take their own room beside the character (Devanagari and Burmese vowel signs). */
const SPACING_MARK = /\p{Mc}/u;

/**
 * At most this many stacking marks on one character. Precomposed text needs none (Vietnamese,
 * accented Latin, Korean); the most real writing stacks is 3 (Devanagari nukta, vowel sign and
 * candrabindu; pointed Hebrew with a dagesh, a shin dot and a vowel; Tibetan stacks) or 4 (with a
 * Vedic accent or a Hebrew cantillation mark). Zalgo text stacks dozens.
 */
export const MARKS_PER_CHARACTER_MAX = 4;

export const TEXT_MESSAGES = {
  invisible: 'must contain visible characters',
  bidi: 'may not contain text-direction control characters',
  control: 'may not contain control characters',
  marks: `may not stack more than ${MARKS_PER_CHARACTER_MAX} accents or marks on one character`,
} as const;

/** The text with every format character removed and the ends trimmed. */
export function visiblePart(text: string): string {
  return text.replace(FORMAT_CHARACTERS, '').trim();
}

/** True for a character that draws nothing although its category says it would (a filler, a blank). */
export function isBlank(character: string): boolean {
  return BLANK.test(character);
}

/** True when the text holds a letter, digit, punctuation or symbol that is not a blank. */
export function hasVisibleText(text: string): boolean {
  for (const c of text) if (DRAWN.test(c) && !BLANK.test(c)) return true;
  return false;
}

/**
 * The most stacking marks on any one character of the text, composed first (so a decomposed
 * 'ệ' counts as the one letter it is). Format characters (an emoji's joiners) and spacing marks
 * between two marks do not start a new character.
 */
export function mostMarksOnOneCharacter(text: string): number {
  let run = 0;
  let most = 0;
  for (const c of text.normalize('NFC')) {
    if (STACKING_MARK.test(c)) most = Math.max(most, ++run);
    else if (!FORMAT_CHARACTER.test(c) && !SPACING_MARK.test(c)) run = 0;
  }
  return most;
}

export function hasBidiControl(text: string): boolean {
  return BIDI_CONTROLS.test(text);
}

export function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTERS.test(text);
}

/**
 * What is wrong with a name (character, guild or player), as the end of a sentence that starts
 * with the field's name ('Character name must contain visible characters'); null when fine.
 */
export function nameProblem(name: string): string | null {
  if (hasControlCharacter(name)) return TEXT_MESSAGES.control;
  return textRules(name);
}

/** What is wrong with a free text (chat message, guild description); null when fine. */
export function textProblem(text: string, { allowEmpty = false } = {}): string | null {
  if (hasControlCharacter(text.replace(/[\t\n\r]/g, ''))) return TEXT_MESSAGES.control;
  if (allowEmpty && text.trim() === '') return null;
  return textRules(text);
}

/** The rules names and free texts share: no bidi control, something visible, no pile of marks. */
function textRules(text: string): string | null {
  if (hasBidiControl(text)) return TEXT_MESSAGES.bidi;
  if (!hasVisibleText(text)) return TEXT_MESSAGES.invisible;
  if (mostMarksOnOneCharacter(text) > MARKS_PER_CHARACTER_MAX) return TEXT_MESSAGES.marks;
  return null;
}
