import { z } from 'zod';
import { idField } from './ids';
import { SKILL_CHOICE_MESSAGE } from './duel-rules';

/**
 * Skills in the real-time page's duels (issue 24): beside Attack, a fighter may use one of its
 * learned active or ultimate skills, by id, as `pvp_action {battleId, action: 'skill',
 * actionData: {skillId}}` (or `POST /api/pvp/make-move {move: 'skill', skillId}`). Each waits its
 * cooldown in own turns after a use; an ultimate also charges before its first use.
 */

export { SKILL_CHOICE_MESSAGE, SPECIAL_COOLDOWN_TURNS, SPECIAL_MULTIPLIER, ULTIMATE_CHARGE_TURNS } from './duel-rules';

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
export { describeDuelSkill, readinessLabel } from './duel-rules';
