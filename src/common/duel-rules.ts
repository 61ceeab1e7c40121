/** The duels' numbers and skill texts (duel.ts) without schemas: the PvP screens' help reads them without loading zod. */

/** The queue page's special, Glitch Surge: ×1.5, runs on magic, then waits 2 own turns (the engine's SPECIAL). */
export const SPECIAL_MULTIPLIER = 1.5;
export const SPECIAL_COOLDOWN_TURNS = 2;

/** Own turns an ultimate charges before its first use (the battle engine's rule, on every page). */
export const ULTIMATE_CHARGE_TURNS = 2;

export const SKILL_CHOICE_MESSAGE = 'Choose a learned skill to use';

/** What a duel skill does, in one line: 'Hits for ×1.48 damage. Cooldown: 3 turns.' */
export function describeDuelSkill(skill: { kind: 'active' | 'ultimate'; damageMultiplier: number; cooldownTurns: number }): string {
  const wait = skill.cooldownTurns === 1 ? '1 turn' : `${skill.cooldownTurns} turns`;
  const what = skill.kind === 'ultimate' ? `Ultimate: charges ${ULTIMATE_CHARGE_TURNS} turns, then hits` : 'Hits';
  return `${what} for ×${skill.damageMultiplier} damage. Cooldown: ${wait}.`;
}

/** Cooldown state in a button: 'Ready' or 'Ready in 2 turns'. */
export function readinessLabel(readyIn: number): string {
  if (readyIn <= 0) return 'Ready';
  return readyIn === 1 ? 'Ready in 1 turn' : `Ready in ${readyIn} turns`;
}
