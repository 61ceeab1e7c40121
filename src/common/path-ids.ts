/**
 * Database ids are PostgreSQL `integer`s: 1 to 2,147,483,647. Every id a player sends (body,
 * socket message or path) is bounded here once, so a value past that range is a 400, never a
 * query the database refuses.
 */
export const MAX_ID = 2_147_483_647;

/**
 * A path id as it must be written (DESIGN §4 Text): plain decimal digits, no sign, no leading
 * zero, no spaces, no exponent or hexadecimal, at most 10 digits.
 */
export const PATH_ID_PATTERN = /^[1-9][0-9]{0,9}$/;

export const PATH_ID_MESSAGE = `An id in the path must be a whole number from 1 to ${MAX_ID}, written in plain digits`;

/** The id a path segment names, or null when it is not one written plainly within range. */
export function parsePathId(raw: string): number | null {
  if (!PATH_ID_PATTERN.test(raw)) return null;
  const id = Number(raw);
  return id <= MAX_ID ? id : null;
}
