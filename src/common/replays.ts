import { z } from 'zod';
import { battleEventSchema, endReasonSchema, eventFighterSchema, logLineSchema, sideSchema } from './battle-events';
import { CLASS_IDS } from './characters';

/** Replays by link (GET /api/replays/{id}) and a character's battle history. */

export const battleKindSchema = z.enum(['pve', 'pvp', 'guild']);
export type BattleKind = z.infer<typeof battleKindSchema>;

/** A side of a stored battle: the fighter as it fought, and who played it with which look. */
export const replayFighterSchema = eventFighterSchema.extend({
  characterId: z.number().int().nullable(),
  username: z.string().nullable(),
  characterAvatar: z.string().nullable(),
  imageSet: z.string().nullable(),
  /** A PvE enemy's sprite file. */
  sprite: z.string().nullable(),
});
export type ReplayFighter = z.infer<typeof replayFighterSchema>;

/** `GET /api/replays/{id}`: rebuilt by the engine from the stored seed, fighters and actions. */
export const replayViewSchema = z
  .object({
    id: z.number().int(),
    kind: battleKindSchema,
    createdAt: z.string(),
    fighters: z.tuple([replayFighterSchema, replayFighterSchema]),
    events: z.array(battleEventSchema),
    /** The text log, as the battle answered it. */
    log: z.array(logLineSchema),
    winner: sideSchema,
    reason: endReasonSchema,
    /** A duel over before both players moved: nobody won it, as the duel's own screen said (engine `isNoContest`). */
    noContest: z.boolean(),
  })
  .meta({ id: 'Replay' });
export type ReplayView = z.infer<typeof replayViewSchema>;

/** `GET /api/characters/{id}/battles` items: the character's last 20 battles, newest first. */
export const battleHistoryEntrySchema = z.object({
  replayId: z.number().int(),
  kind: battleKindSchema,
  opponent: z.object({ name: z.string(), class: z.enum(CLASS_IDS), level: z.number().int(), username: z.string().nullable() }),
  result: z.enum(['victory', 'defeat']),
  reason: endReasonSchema,
  date: z.string(),
});
export type BattleHistoryEntry = z.infer<typeof battleHistoryEntrySchema>;

export { BATTLE_HISTORY_SIZE, replayPath } from './replay-paths';

