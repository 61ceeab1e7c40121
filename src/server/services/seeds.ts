import { randomInt } from 'node:crypto';

/** A fresh seed for a battle or a roll; stored with what it decided so it can be replayed. */
export function newSeed(): number {
  return randomInt(0, 2 ** 31 - 1);
}
