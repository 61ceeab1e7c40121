import { z } from 'zod';
import { idField } from './ids';

/**
 * Skills in the real-time page's duels (issue 24): beside Attack, a fighter may use one of its
 * learned active or ultimate skills, by id, as `pvp_action {battleId, action: 'skill',
 * actionData: {skillId}}` (or `POST /api/pvp/make-move {move: 'skill', skillId}`). Each waits its
 * cooldown in own turns after a use; an ultimate also charges before its first use.
 */

/** The queue page's special, Glitch Surge: ×1.5, runs on magic, then waits 2 own turns (the engine's SPECIAL). */
export const SPECIAL_MULTIPLIER = 1.5;
export const SPECIAL_COOLDOWN_TURNS = 2;

/** Own turns an ultimate charges before its first use (the battle engine's rule, on every page). */
export const ULTIMATE_CHARGE_TURNS = 2;

export const SKILL_CHOICE_MESSAGE = 'Choose a learned skill to use';
export const skillIdField = idField(SKILL_CHOICE_MESSAGE);

/** `actionData` of a skill action. */
export const skillActionData = z.object({ skillId: skillIdField });

/** One of the player's own skills in a duel, as the real-time view and `turn_changed` carry it. */
export const duelSkillViewSchema = z
  .object({
    skillId: z.number().int(),
    name: z.string(),
    kind: z.enum(['active', 'ultimate']),
    /** Damage of a plain attack times this. */
    damageMultiplier: z.number(),
    /** Own turns the skill waits after a use. */
    cooldownTurns: z.number().int(),
    /** Own turns until it can be used again (0 = ready on the player's turn). */
    readyIn: z.number().int(),
  })
  .meta({ id: 'DuelSkill' });
export type DuelSkillView = z.infer<typeof duelSkillViewSchema>;

/** What a duel skill does, in one line: 'Hits for ×1.48 damage. Cooldown: 3 turns.' */
export function describeDuelSkill(skill: Pick<DuelSkillView, 'kind' | 'damageMultiplier' | 'cooldownTurns'>): string {
  const wait = skill.cooldownTurns === 1 ? '1 turn' : `${skill.cooldownTurns} turns`;
  const what = skill.kind === 'ultimate' ? `Ultimate: charges ${ULTIMATE_CHARGE_TURNS} turns, then hits` : 'Hits';
  return `${what} for ×${skill.damageMultiplier} damage. Cooldown: ${wait}.`;
}

/** Cooldown state in a button: 'Ready' or 'Ready in 2 turns'. */
export function readinessLabel(readyIn: number): string {
  if (readyIn <= 0) return 'Ready';
  return readyIn === 1 ? 'Ready in 1 turn' : `Ready in ${readyIn} turns`;
}
