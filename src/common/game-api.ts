import { z } from 'zod';
import { battleEventSchema } from './battle-events';
import { CLASS_IDS, statsSchema } from './characters';
import { THREATS, TIERS } from './game-rules';

/**
 * Answer shapes of the character, battle, ranking and listing calls (SPEC §3, §7).
 * Dates travel as ISO strings.
 */

export const listingSummarySchema = z.object({ id: z.number().int(), price: z.number().int() });

/** `GET /api/characters` (list), `GET /api/character`, `POST /api/characters` (201). */
export const characterViewSchema = z
  .object({
    id: z.number().int(),
    userId: z.number().int(),
    name: z.string(),
    class: z.enum(CLASS_IDS),
    level: z.number().int(),
    experience: z.number().int(),
    experienceToNext: z.number().int(),
    wins: z.number().int(),
    losses: z.number().int(),
    /** 500 + 250 × (level − 1) + 20 × wins, doubled when forged. */
    value: z.number().int(),
    isForged: z.boolean(),
    /** Effective stats: class base and growth plus allocated points. */
    stats: statsSchema,
    /** Sum of the four stats. */
    powerLevel: z.number(),
    /** Max HP in battle: 2 × defense. */
    maxHp: z.number(),
    characterAvatar: z.string(),
    imageSet: z.string(),
    statPoints: z.number().int(),
    skillPoints: z.number().int(),
    lastBattleAt: z.string().nullable(),
    lastPvPBattleAt: z.string().nullable(),
    createdAt: z.string(),
    /** The active marketplace listing of this character, if it is for sale. */
    listing: listingSummarySchema.nullable(),
    /** PvP (Glicko-2) rating of the season, with this season's PvP wins and losses. */
    rating: z.object({ rating: z.number(), deviation: z.number(), wins: z.number().int(), losses: z.number().int(), season: z.string().nullable() }),
  })
  .meta({ id: 'Character' });
export type CharacterView = z.infer<typeof characterViewSchema>;

/** `GET /api/characters/{id}/progression`. */
export const progressionViewSchema = z.object({
  level: z.number().int(),
  experience: z.number().int(),
  experienceToNext: z.number().int(),
  availableSkillPoints: z.number().int(),
  statPoints: z.number().int(),
});
export type ProgressionView = z.infer<typeof progressionViewSchema>;

/** `GET /api/enemy`. */
export const threatSchema = z.enum(THREATS);
export { DEFAULT_THREAT, FAIR_START_BATTLES, fairStartLeft, tierFor, type Threat, type Tier } from './game-rules';

export const enemyViewSchema = z
  .object({
    name: z.string(),
    class: z.enum(CLASS_IDS),
    level: z.number().int(),
    stats: statsSchema,
    maxHp: z.number(),
    /** Asset file of its sprite, for `/api/assets/{file}`. */
    sprite: z.string(),
    /** 'Threat: Low / Even / High' on the enemy panel (absent on enemies rolled before threats). */
    threat: threatSchema.optional(),
    /**
     * Whether the player asked for this threat (`?threat=`); false when the default threat
     * (DEFAULT_THREAT) or the fair start chose it. Absent on enemies rolled before it was kept.
     */
    threatPicked: z.boolean().optional(),
    /**
     * Which roll this is (a new number on every `GET /api/enemy`): Start Battle names it, so the
     * player fights the enemy shown and not one another tab rolled since. Absent on older enemies.
     */
    roll: z.number().int().optional(),
  })
  .meta({ id: 'Enemy' });
export type EnemyView = z.infer<typeof enemyViewSchema>;

export const battleLogEntryViewSchema = z.object({
  message: z.string(),
  /** Name of the acting fighter (for the last entry: the winner). */
  attacker: z.string(),
  /** HP of the fighter on the receiving end after this entry. */
  defenderHp: z.number(),
  /** Whose HP `defenderHp` is. */
  defender: z.enum(['player', 'enemy']),
});

/** `POST /api/battle`. */
export const battleResultViewSchema = z.object({
  battleLog: z.array(battleLogEntryViewSchema),
  result: z.enum(['victory', 'defeat']),
  experienceGained: z.number().int(),
  creditsGained: z.number().int(),
  levelsGained: z.number().int(),
  /** Forge materials a victory dropped (empty on defeat or when nothing dropped). */
  materialsGained: z.array(z.object({ id: z.string(), name: z.string(), amount: z.number().int() })).optional(),
  enemy: enemyViewSchema,
  /** The character after rewards and level-ups. */
  character: characterViewSchema,
  /** What happened, as data (docs/battle-protocol.md): the battle view plays these. */
  events: z.array(battleEventSchema),
  /** The stored battle: `/replay/{replayId}` plays it again for anyone. */
  replayId: z.number().int(),
  /** The character's first defeat: the client points to the gear shop. */
  firstDefeat: z.boolean().optional(),
});
export type BattleResultView = z.infer<typeof battleResultViewSchema>;

export const tierSchema = z.enum(TIERS);

/** `GET /api/leaderboard`: top 50 players. */
export const leaderboardEntrySchema = z
  .object({
    rank: z.number().int(),
    userId: z.number().int(),
    username: z.string(),
    /** Level of the player's best character. */
    level: z.number().int(),
    /** Wins of all the player's characters. */
    wins: z.number().int(),
    /** level × 100 + wins × 10. */
    score: z.number().int(),
    tier: tierSchema,
  })
  .meta({ id: 'LeaderboardEntry' });
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

export { RANKING_CATEGORIES, type RankingCategory } from './game-rules';

/** `GET /api/rankings?category=&limit=`: characters, best first. */
export const rankingEntrySchema = z
  .object({
    rank: z.number().int(),
    characterId: z.number().int(),
    characterName: z.string(),
    class: z.enum(CLASS_IDS),
    characterAvatar: z.string(),
    imageSet: z.string(),
    userId: z.number().int(),
    username: z.string(),
    level: z.number().int(),
    wins: z.number().int(),
    losses: z.number().int(),
    value: z.number().int(),
    /** overall: level × 100 + wins × 10 + value ÷ 10; level and wins: the leaderboard score. */
    score: z.number().int(),
  })
  .meta({ id: 'RankingEntry' });
export type RankingEntry = z.infer<typeof rankingEntrySchema>;

/** `GET /api/rankings?category=pvp` entries: the season's ladder. */
export const pvpRankingEntrySchema = z
  .object({
    rank: z.number().int(),
    characterId: z.number().int(),
    characterName: z.string(),
    class: z.enum(CLASS_IDS),
    level: z.number().int(),
    username: z.string(),
    /** Glicko-2 rating and deviation, rounded. */
    rating: z.number().int(),
    deviation: z.number().int(),
    wins: z.number().int(),
    losses: z.number().int(),
    season: z.string(),
    /** Badges of finished seasons: e.g. [{season: '2026-10', rank: 1}]. */
    badges: z.array(z.object({ season: z.string(), rank: z.number().int() })),
  })
  .meta({ id: 'PvpRankingEntry' });
export type PvpRankingEntry = z.infer<typeof pvpRankingEntrySchema>;

/** `POST /api/marketplace` and `/api/marketplace/sell` (201), later `GET /api/marketplace` items. */
export const listingViewSchema = z.object({
  id: z.number().int(),
  price: z.number().int(),
  views: z.number().int(),
  likes: z.number().int(),
  createdAt: z.string(),
  sellerId: z.number().int(),
  character: characterViewSchema,
});
export type ListingView = z.infer<typeof listingViewSchema>;
