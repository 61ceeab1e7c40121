import { z } from 'zod';
import { CLASS_IDS } from './classes';
import type { Side } from './sides';

/**
 * The battle event protocol (docs/battle-protocol.md): what one battle engine reports, for
 * every kind of fight. Events are data; the log's text is made from them by one formatter
 * (battle-text.ts), and the client's battle view is one reducer over them.
 *
 * Sides are 0 and 1: in PvE 0 is the player and 1 the enemy, in PvP 0 is player1, in a guild
 * duel 0 is the challenger.
 */
export const sideSchema = z.union([z.literal(0), z.literal(1)]) satisfies z.ZodType<Side>;
export { other, type Side } from './sides';

export const abilityKindSchema = z.enum(['active', 'ultimate', 'special']);
export type AbilityKind = z.infer<typeof abilityKindSchema>;

export const endReasonSchema = z.enum(['knockout', 'time', 'forfeit', 'timeout']);
export type EndReason = z.infer<typeof endReasonSchema>;

/** Who fights, as the events' reader needs them: names and the HP they start with. */
export const eventFighterSchema = z.object({
  name: z.string(),
  class: z.enum(CLASS_IDS),
  level: z.number().int(),
  maxHp: z.number(),
});
export type EventFighter = z.infer<typeof eventFighterSchema>;

const ability = z.object({ name: z.string(), kind: abilityKindSchema });

/** One event of the protocol; the answer schemas of battles, replays and socket messages use it. */
export const battleEventSchema = z
  .discriminatedUnion('type', [
    /** The battle begins: both fighters at full HP; `first` acts first. */
    z.object({ type: z.literal('start'), fighters: z.tuple([eventFighterSchema, eventFighterSchema]), first: sideSchema }),
    /** A side's turn begins (turn counts every action of the battle, from 1). */
    z.object({ type: z.literal('turn'), turn: z.number().int(), round: z.number().int(), actor: sideSchema }),
    /** A side uses a learned skill or the special; a hit or a miss follows. */
    z.object({ type: z.literal('skill'), actor: sideSchema, name: z.string(), kind: abilityKindSchema }),
    /** `flavor` picks the wording of the line (the verb), drawn by the engine. */
    z.object({
      type: z.literal('hit'),
      actor: sideSchema,
      target: sideSchema,
      damage: z.number(),
      critical: z.boolean(),
      hpAfter: z.number(),
      ability: ability.nullable(),
      flavor: z.number().int(),
    }),
    z.object({ type: z.literal('miss'), actor: sideSchema, target: sideSchema, flavor: z.number().int() }),
    /** The actor braces: the next hit it takes is halved. */
    z.object({ type: z.literal('defend'), actor: sideSchema }),
    z.object({ type: z.literal('forfeit'), actor: sideSchema }),
    /** The actor's turn timer ran out. */
    z.object({ type: z.literal('timeout'), actor: sideSchema }),
    /** The battle is over; `hp` is what each side has left. */
    z.object({ type: z.literal('end'), winner: sideSchema, reason: endReasonSchema, hp: z.tuple([z.number(), z.number()]) }),
  ])
  .meta({ id: 'BattleEvent' });
export type BattleEvent = z.infer<typeof battleEventSchema>;

/** One line of the battle log as the API has always answered it (SPEC §7). */
export const logLineSchema = z.object({
  message: z.string(),
  /** The name of the fighter acting (for a closing line: the winner). */
  attacker: z.string(),
  /** HP of the fighter on the receiving end after the line. */
  defenderHp: z.number(),
  /** The side `attacker` is on, and the side whose HP `defenderHp` is. */
  actor: sideSchema,
  target: sideSchema,
});
export type LogLine = z.infer<typeof logLineSchema>;
