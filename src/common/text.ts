/**
 * Names and texts players type (DESIGN §4): what counts as visible, and what may not appear in a
 * name. Format characters (Unicode category Cf: zero-width spaces and joiners, bidi controls,
 * soft hyphens, ...) draw nothing, so a text made only of them looks empty; bidi controls reorder
 * what follows them, so a name holding one can pass for another.
 */

const FORMAT_CHARACTERS = /\p{Cf}/gu;
/** Embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069) and the implicit marks. */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
/** C0 and C1 control characters other than tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/u;

export const TEXT_MESSAGES = {
  invisible: 'must contain visible characters',
  bidi: 'may not contain text-direction control characters',
  control: 'may not contain control characters',
} as const;

/** The text with every format character removed and the ends trimmed: what a reader sees. */
export function visiblePart(text: string): string {
  return text.replace(FORMAT_CHARACTERS, '').trim();
}

export function hasVisibleText(text: string): boolean {
  return visiblePart(text).length > 0;
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
  if (hasBidiControl(name)) return TEXT_MESSAGES.bidi;
  if (!hasVisibleText(name)) return TEXT_MESSAGES.invisible;
  return null;
}

/** What is wrong with a free text (chat message, guild description); null when fine. */
export function textProblem(text: string, { allowEmpty = false } = {}): string | null {
  if (hasControlCharacter(text.replace(/[\t\n\r]/g, ''))) return TEXT_MESSAGES.control;
  if (!allowEmpty && !hasVisibleText(text)) return TEXT_MESSAGES.invisible;
  if (allowEmpty && text.trim() !== '' && !hasVisibleText(text)) return TEXT_MESSAGES.invisible;
  return null;
}

/**
 * Usernames the game keeps for itself, compared ignoring case and separators, so nobody can
 * write in the arena chat as the game's announcer or its staff.
 */
export const RESERVED_USERNAMES = ['system', 'admin', 'moderator', 'glitch arena'] as const;

const separators = /[\s_-]+/g;
const RESERVED_KEYS = new Set(RESERVED_USERNAMES.map((name) => name.replace(separators, '')));

export function isReservedUsername(username: string): boolean {
  return RESERVED_KEYS.has(username.trim().toLowerCase().replace(separators, ''));
}
