import type { ClassId } from '@common/characters';
import type { Rng } from './rng';

/** The glitchy lines of the battle log. Verbs are chosen with the battle's own generator. */

const VERBS: Record<ClassId, readonly string[]> = {
  warrior: ['slashes', 'cleaves through', 'shield-bashes', 'lands a heavy blow on'],
  mage: ['casts a corrupted bolt at', 'hurls a null fireball at', 'zaps', 'fires a recursive hex at'],
  rogue: ['stabs', 'slices', 'backflips and cuts', 'throws a buffered dagger at'],
  tank: ['slams', 'crushes', 'rams', 'hammers'],
  assassin: ['strikes from the shadows at', 'ambushes', 'flickers behind and stabs', 'knifes'],
  berserker: ['smashes', 'rages at', 'axes', 'tears into'],
};

const DODGES: readonly ((attacker: string, defender: string) => string)[] = [
  (a, d) => `${d} glitches out of phase and dodges ${a}'s attack!`,
  (a, d) => `404: hit not found. ${a} swings at ${d} and misses!`,
  (a, d) => `${d} desyncs and ${a}'s attack passes through a ghost frame!`,
];

export interface HitText {
  attacker: string;
  defender: string;
  damage: number;
  critical: boolean;
  ability?: { name: string; kind: 'active' | 'ultimate' };
}

export function hitMessage(rng: Rng, classId: ClassId, hit: HitText): string {
  const { attacker, defender, damage } = hit;
  const body = hit.ability
    ? `${attacker} unleashes ${hit.ability.name} on ${defender} for ${damage} damage!`
    : `${attacker} ${rng.pick(VERBS[classId])} ${defender} for ${damage} damage!`;
  const prefix = hit.ability?.kind === 'ultimate' ? 'ULTIMATE OVERRIDE! ' : '';
  return `${prefix}${hit.critical ? 'CRITICAL GLITCH! ' : ''}${body}`;
}

export function dodgeMessage(rng: Rng, attacker: string, defender: string): string {
  return rng.pick(DODGES)(attacker, defender);
}

export function knockoutMessage(winner: string, loser: string): string {
  return `${loser} is defeated! ${winner} wins the battle!`;
}

export function timeLimitMessage(winner: string, winnerShare: number, loser: string, loserShare: number): string {
  const pct = (share: number) => Math.round(share * 100);
  return (
    `Time limit reached! ${winner} wins with ${pct(winnerShare)}% HP left ` +
    `against ${loser}'s ${pct(loserShare)}%.`
  );
}
