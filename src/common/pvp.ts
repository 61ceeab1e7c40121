import { z } from 'zod';
import { ARENA_IDS } from './arenas';
import { battleEventSchema, endReasonSchema, sideSchema } from './battle-events';
import { CLASS_IDS } from './characters';
import { SKILL_CHOICE_MESSAGE, duelSkillViewSchema, skillIdField } from './duel';
import { characterViewSchema } from './game-api';
import { idField } from './ids';

/**
 * Player-versus-player (SPEC §2 PvP pages, §3 PvP battle states, §4, §7; DESIGN §4 PvP).
 * One engine serves both pages: the queue variant (/pvp-arena, HTTP + socket events) with
 * attack, defend and special, and the real-time variant (/pvp, socket only) with attack and
 * forfeit. A running battle lives in the memory of one server instance; the turn timer
 * (PVP_TURN_SECONDS, 30 s by default) runs there.
 */

export const PVP_MOVES = ['attack', 'defend', 'special'] as const;
export type PvpMove = (typeof PVP_MOVES)[number];
export const pvpVariantSchema = z.enum(['queue', 'realtime']);
export type PvpVariant = z.infer<typeof pvpVariantSchema>;
export const pvpEndReasonSchema = endReasonSchema;
export type PvpEndReason = z.infer<typeof pvpEndReasonSchema>;

/** A fighter's PvP rating (Glicko-2): the rating and its deviation, shown as 1500 ± 350. */
export const ratingViewSchema = z.object({ rating: z.number(), deviation: z.number() }).meta({ id: 'Rating' });
export type RatingView = z.infer<typeof ratingViewSchema>;

export const pvpFighterViewSchema = z.object({
  /** The player's user id; 0 for a ghost. */
  id: z.number().int(),
  /** The player's name, or 'Ghost of {name}'. */
  username: z.string(),
  character: characterViewSchema,
  hp: z.number(),
  maxHp: z.number(),
  rating: ratingViewSchema,
});
export type PvpFighterView = z.infer<typeof pvpFighterViewSchema>;

export const pvpLogEntrySchema = z.object({
  message: z.string(),
  attacker: z.string(),
  defenderHp: z.number(),
  /** Whose HP `defenderHp` is: 'player1' or 'player2'. */
  defender: z.enum(['player1', 'player2']),
});
export type PvpLogEntry = z.infer<typeof pvpLogEntrySchema>;

/** Queue variant battle state (SPEC §3), also the payload of `battle_matched` and `battle_turn`. */
export const pvpBattleViewSchema = z
  .object({
    id: z.number().int(),
    variant: pvpVariantSchema,
    status: z.enum(['active', 'completed']),
    player1: pvpFighterViewSchema,
    player2: pvpFighterViewSchema,
    /** User id of the player whose turn it is (0 while a ghost moves). */
    currentTurn: z.number().int(),
    turnCount: z.number().int(),
    /** When the current turn times out (ISO); the idle player forfeits. */
    turnDeadline: z.string(),
    /** The turn length the server runs, in seconds. */
    turnSeconds: z.number(),
    battleLog: z.array(pvpLogEntrySchema),
    /** Turns until each player's special is usable again (0 = ready), by user id. */
    specialCooldown: z.record(z.string(), z.number().int()),
    winner: z.number().int().nullable(),
    /** Everything so far as the engine's events (docs/battle-protocol.md); side 0 is player1. */
    events: z.array(battleEventSchema),
    /** The stored battle once it has ended (`/replay/{replayId}`). */
    replayId: z.number().int().nullable(),
    /** Player2 is a ghost: an AI-driven copy of a real character (half rewards, no rating change). */
    ghost: z.boolean(),
    /** Players watching. */
    spectators: z.number().int(),
  })
  .meta({ id: 'PvpBattle' });
export type PvpBattleView = z.infer<typeof pvpBattleViewSchema>;

/** A ghost offered to a player waiting alone: the real character it copies. */
export const ghostOfferViewSchema = z
  .object({
    name: z.string(),
    class: z.enum(CLASS_IDS),
    level: z.number().int(),
    rating: z.number(),
  })
  .meta({ id: 'GhostOffer' });
export type GhostOfferView = z.infer<typeof ghostOfferViewSchema>;

/** `GET /api/pvp/queue-status`. */
export const queueStatusViewSchema = z.object({
  /** Seconds this player has waited in the queue (0 when not queued). */
  queueTime: z.number().int(),
  playersInQueue: z.number().int(),
  activeBattles: z.number().int(),
  inQueue: z.boolean(),
  /** 1-based position when queued. */
  position: z.number().int().nullable(),
  battle: pvpBattleViewSchema.nullable(),
  /** The ghost offered to a player alone in the queue for 20 s. */
  ghostOffer: ghostOfferViewSchema.nullable(),
  /** The turn length the server runs, in seconds. */
  turnSeconds: z.number(),
  /**
   * The player's own challenge waiting for its answer (at most one): the duel lobby shows the
   * wait, with Withdraw, and no search starts meanwhile. Absent from servers before it.
   */
  challenge: z.object({ id: z.number().int(), username: z.string(), expiresAt: z.string() }).nullable().optional(),
});
export type QueueStatusView = z.infer<typeof queueStatusViewSchema>;

/** `POST /api/pvp/leave-queue`: `left` is false when the player was not queued. */
export const leaveQueueViewSchema = z.object({ success: z.literal(true), left: z.boolean() });

export const pvpRewardsViewSchema = z.object({
  experience: z.number().int(),
  credits: z.number().int(),
});
export type PvpRewardsView = z.infer<typeof pvpRewardsViewSchema>;

/** `battle_ended` payload (SPEC §7: {winner, rewards {experience, credits}}), per recipient. */
export const pvpBattleEndedViewSchema = z.object({
  battleId: z.number().int(),
  winner: z.number().int(),
  /** The recipient's own rewards. */
  rewards: pvpRewardsViewSchema,
  reason: pvpEndReasonSchema,
  /** The battle ended before both players had moved: no rewards, no win or loss. */
  noContest: z.boolean(),
  battle: pvpBattleViewSchema,
  /** The stored battle (`/replay/{replayId}`). */
  replayId: z.number().int(),
  /** The recipient's rating before and after (unchanged in a ghost battle or a no contest). */
  rating: z.object({ before: ratingViewSchema, after: ratingViewSchema }).nullable(),
});
export type PvpBattleEndedView = z.infer<typeof pvpBattleEndedViewSchema>;

export const joinQueueBody = z.object({
  characterId: idField('Create a character first'),
  /** Join through an arena of /arena: paired only within its level range. */
  arena: z.enum(ARENA_IDS, { error: 'Unknown arena' }).optional(),
});
/** A move of the queue page; on the real-time page also `{move: 'skill', skillId}` (src/common/duel.ts). */
export const makeMoveBody = z
  .object({ move: z.enum([...PVP_MOVES, 'skill'], { error: 'Unknown move' }), skillId: skillIdField.optional() })
  .refine((body) => body.move !== 'skill' || body.skillId !== undefined, { message: SKILL_CHOICE_MESSAGE });

/** Real-time variant: what `/pvp` shows (SPEC §3). */
export const realtimeBattleViewSchema = z
  .object({
    battleId: z.number().int(),
    status: z.enum(['waiting', 'active', 'completed']),
    opponent: z
      .object({ username: z.string(), character: characterViewSchema, hp: z.number(), maxHP: z.number(), rating: ratingViewSchema })
      .nullable(),
    yourCharacter: z.object({
      character: characterViewSchema,
      hp: z.number(),
      maxHP: z.number(),
      wins: z.number().int(),
      losses: z.number().int(),
      rating: ratingViewSchema,
    }),
    /** Which HP of `battle_action` (player1HP or player2HP) is the player's. */
    yourSlot: z.enum(['player1', 'player2']),
    yourTurn: z.boolean(),
    turnDeadline: z.string().nullable(),
    /** The turn length the server runs, in seconds. */
    turnSeconds: z.number(),
    winner: z.number().int().nullable(),
    /** Everything so far as the engine's events; side 0 is player1. */
    events: z.array(battleEventSchema),
    ghost: z.boolean(),
    /** A duel from a challenge: unrated, pays nothing (its result says so). Absent from servers before it. */
    friendly: z.boolean().optional(),
    spectators: z.number().int(),
    arena: z.enum(ARENA_IDS).nullable(),
    /** The player's learned active and ultimate skills, to choose beside Attack. */
    skills: z.array(duelSkillViewSchema),
  })
  .meta({ id: 'RealtimeBattle' });
export type RealtimeBattleView = z.infer<typeof realtimeBattleViewSchema>;

export const liveFighterViewSchema = z.object({
  username: z.string(),
  name: z.string(),
  class: z.enum(CLASS_IDS),
  level: z.number().int(),
  rating: z.number(),
  characterAvatar: z.string(),
  imageSet: z.string(),
});
export type LiveFighterView = z.infer<typeof liveFighterViewSchema>;

/** One running battle in `GET /api/pvp/live`. */
export const liveBattleViewSchema = z.object({
  battleId: z.number().int(),
  variant: pvpVariantSchema,
  fighters: z.tuple([liveFighterViewSchema, liveFighterViewSchema]),
  turn: z.number().int(),
  startedAt: z.string(),
});
export type LiveBattleView = z.infer<typeof liveBattleViewSchema>;

export const spectatedFighterSchema = z.object({
  username: z.string(),
  character: characterViewSchema,
  rating: ratingViewSchema,
});

/** What a spectator sees: the battle view without actions. */
export const spectatorViewSchema = z
  .object({
    battleId: z.number().int(),
    variant: pvpVariantSchema,
    fighters: z.tuple([spectatedFighterSchema, spectatedFighterSchema]),
    events: z.array(battleEventSchema),
    turnDeadline: z.string(),
    turnSeconds: z.number(),
    status: z.enum(['active', 'completed']),
    winner: sideSchema.nullable(),
    spectators: z.number().int(),
    replayId: z.number().int().nullable(),
  })
  .meta({ id: 'SpectatorBattle' });
export type SpectatorView = z.infer<typeof spectatorViewSchema>;

/** `GET /api/rankings?category=pvp` entries: the season's ladder (defined with the other rankings). */
export { pvpRankingEntrySchema, type PvpRankingEntry } from './game-api';
