import type { BattleEvent } from './battle-events';
import type { ClassId, Stats } from './characters';

/**
 * Answer shapes of the character, battle, ranking and listing calls (SPEC §3, §7).
 * Dates travel as ISO strings.
 */

export interface ListingSummary {
  id: number;
  price: number;
}

/** `GET /api/characters` (list), `GET /api/character`, `POST /api/characters` (201). */
export interface CharacterView {
  id: number;
  userId: number;
  name: string;
  class: ClassId;
  level: number;
  experience: number;
  experienceToNext: number;
  wins: number;
  losses: number;
  /** 500 + 250 × (level − 1) + 20 × wins, doubled when forged. */
  value: number;
  isForged: boolean;
  /** Effective stats: class base and growth plus allocated points. */
  stats: Stats;
  /** Sum of the four stats. */
  powerLevel: number;
  /** Max HP in battle: 2 × defense. */
  maxHp: number;
  characterAvatar: string;
  imageSet: string;
  statPoints: number;
  skillPoints: number;
  lastBattleAt: string | null;
  lastPvPBattleAt: string | null;
  createdAt: string;
  /** The active marketplace listing of this character, if it is for sale. */
  listing: ListingSummary | null;
  /** PvP (Glicko-2) rating of the season, with this season's PvP wins and losses. */
  rating: { rating: number; deviation: number; wins: number; losses: number; season: string | null };
}

/** `GET /api/characters/{id}/progression`. */
export interface ProgressionView {
  level: number;
  experience: number;
  experienceToNext: number;
  availableSkillPoints: number;
  statPoints: number;
}

/** `GET /api/enemy`. */
/** How an enemy compares with the fighter: `GET /api/enemy?threat=low|even|high` picks it. */
export type Threat = 'Low' | 'Even' | 'High';

/**
 * A character's first battles (wins + losses below this) meet enemies tuned for a new fighter,
 * whatever threat is asked for; the threat can be picked after them.
 */
export const FAIR_START_BATTLES = 5;

/** Fights left of the fair start (0 once it is over). */
export function fairStartLeft(character: { wins: number; losses: number }): number {
  return Math.max(0, FAIR_START_BATTLES - character.wins - character.losses);
}

export interface EnemyView {
  name: string;
  class: ClassId;
  level: number;
  stats: Stats;
  maxHp: number;
  /** Asset file of its sprite, for `/api/assets/{file}`. */
  sprite: string;
  /** 'Threat: Low / Even / High' on the enemy panel (absent on enemies rolled before threats). */
  threat?: Threat;
}

export interface BattleLogEntryView {
  message: string;
  /** Name of the acting fighter (for the last entry: the winner). */
  attacker: string;
  /** HP of the fighter on the receiving end after this entry. */
  defenderHp: number;
  /** Whose HP `defenderHp` is. */
  defender: 'player' | 'enemy';
}

/** `POST /api/battle`. */
export interface BattleResultView {
  battleLog: BattleLogEntryView[];
  result: 'victory' | 'defeat';
  experienceGained: number;
  creditsGained: number;
  levelsGained: number;
  /** Forge materials a victory dropped (empty on defeat or when nothing dropped). */
  materialsGained?: { id: string; name: string; amount: number }[];
  enemy: EnemyView;
  /** The character after rewards and level-ups. */
  character: CharacterView;
  /** What happened, as data (docs/battle-protocol.md): the battle view plays these. */
  events: BattleEvent[];
  /** The stored battle: `/replay/{replayId}` plays it again for anyone. */
  replayId: number;
  /** The character's first defeat: the client points to the gear shop. */
  firstDefeat?: boolean;
}

export type Tier = 'Novice' | 'Advanced' | 'Expert' | 'Master' | 'Legendary';

/** SPEC §9 tiers by leaderboard score. */
export function tierFor(score: number): Tier {
  if (score >= 2000) return 'Legendary';
  if (score >= 1500) return 'Master';
  if (score >= 1000) return 'Expert';
  if (score >= 500) return 'Advanced';
  return 'Novice';
}

/** `GET /api/leaderboard`: top 50 players. */
export interface LeaderboardEntry {
  rank: number;
  userId: number;
  username: string;
  /** Level of the player's best character. */
  level: number;
  /** Wins of all the player's characters. */
  wins: number;
  /** level × 100 + wins × 10. */
  score: number;
  tier: Tier;
}

export const RANKING_CATEGORIES = ['level', 'wins', 'overall'] as const;
export type RankingCategory = (typeof RANKING_CATEGORIES)[number];

/** `GET /api/rankings?category=&limit=`: characters, best first. */
export interface RankingEntry {
  rank: number;
  characterId: number;
  characterName: string;
  class: ClassId;
  characterAvatar: string;
  imageSet: string;
  userId: number;
  username: string;
  level: number;
  wins: number;
  losses: number;
  value: number;
  /** overall: level × 100 + wins × 10 + value ÷ 10; level and wins: the leaderboard score. */
  score: number;
}

/** `POST /api/marketplace` and `/api/marketplace/sell` (201), later `GET /api/marketplace` items. */
export interface ListingView {
  id: number;
  price: number;
  views: number;
  likes: number;
  createdAt: string;
  sellerId: number;
  character: CharacterView;
}
