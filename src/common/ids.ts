import { z } from 'zod';

/**
 * Database ids are PostgreSQL `integer`s: 1 to 2,147,483,647. Every id a player sends (body,
 * socket message or path) is bounded here once, so a value past that range is a 400 (or a 404
 * for a path), never a query the database refuses.
 */
export const MAX_ID = 2_147_483_647;

/** A positive whole id within the database's range; every failure says `message`. */
export function idField(message: string) {
  return z.number({ error: message }).int(message).positive(message).max(MAX_ID, message);
}

/** True for a value `idField` accepts. */
export function isId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= MAX_ID;
}
