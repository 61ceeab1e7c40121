import { createHash, randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { RECOVERY_CODE_COUNT } from '@common/recovery';
import type { Executor } from '../db/client';
import { recoveryCodes } from '../db/schema-moderation';

/**
 * Recovery codes (docs/decisions.md 'Account recovery'): ten one-time codes of 79 random bits,
 * written `xxxx-xxxx-xxxx-xxxx` in base 32. Only their hashes are stored, salted with the
 * account; with 79 random bits a fast hash leaves nothing to guess offline, where a password
 * needs a slow one.
 */

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'; // no i, l, o, 0, 1: read aloud or copied by hand without doubt
const GROUPS = 4;
const GROUP = 4;

export function newCode(): string {
  let text = '';
  for (let i = 0; i < GROUPS * GROUP; i++) {
    if (i > 0 && i % GROUP === 0) text += '-';
    text += ALPHABET[randomInt(ALPHABET.length)];
  }
  return text;
}

/** The code as typed, without case, spaces or dashes. */
export const normaliseCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

export function hashCode(userId: number, code: string): string {
  return createHash('sha256').update(`glitch-arena-recovery:${userId}:${normaliseCode(code)}`).digest('hex');
}

/** A new set of codes for the account; the old set stops working. Answers the codes, shown once. */
export async function replaceRecoveryCodes(db: Executor, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashCode(userId, code) })));
  return codes;
}
