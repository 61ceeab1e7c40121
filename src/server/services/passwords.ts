import { hash, verify } from '@node-rs/argon2';

/** OWASP minimum for argon2id: 19 MiB memory, 2 iterations, 1 lane. */
const OPTIONS = { algorithm: 2 /* Algorithm.Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let decoy: Promise<string> | undefined;
/**
 * A hash to verify against when the account does not exist, so an unknown username costs
 * the same time as a wrong password and the answer reveals nothing.
 */
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword('glitch-arena-decoy-password');
  return decoy;
}
