/**
 * Domain events: what happened in the game, recorded in the same transaction as the change it
 * describes (the outbox, services/outbox.ts) and consumed afterwards by subscribers (quests,
 * guild experience, standings, announcements; services/event-subscribers.ts). An event is
 * plain data: it names who it concerns and carries what a subscriber needs, never a row.
 */

export type BattleKind = 'pve' | 'pvp';

export type DomainEvent =
  | { type: 'CharacterCreated'; userId: number; characterId: number }
  | { type: 'BattleWon'; userId: number; characterId: number; kind: BattleKind; ghost: boolean }
  | { type: 'BattleLost'; userId: number; characterId: number; kind: BattleKind }
  | { type: 'LevelGained'; userId: number; characterId: number; characterName: string; from: number; to: number }
  | { type: 'PvpStreak'; userId: number; characterName: string; streak: number }
  | { type: 'RatingMilestone'; userId: number; characterName: string; rating: number }
  | { type: 'ItemBought'; userId: number; itemId: string; price: number }
  | { type: 'ItemForged'; userId: number; itemName: string; rarity: string }
  | { type: 'SkillLearned'; userId: number; characterId: number; skillId: string }
  | { type: 'CharacterSold'; userId: number; buyerId: number; characterId: number; price: number }
  | { type: 'MarketVisited'; userId: number }
  | { type: 'ChatPosted'; userId: number }
  | { type: 'GuildFounded'; userId: number; guildName: string }
  // Moderation (services/moderation.ts): for the owner's and the reporter's notifications.
  | { type: 'CharacterRenamedByModerator'; userId: number; characterId: number; from: string; to: string }
  | { type: 'GuildRenamedByModerator'; userId: number; guildId: number; from: string; to: string }
  | { type: 'ReportHandled'; userId: number; reportId: number }
  /** A moderator muted the player's chat until `until` (ISO). */
  | { type: 'PlayerMuted'; userId: number; until: string }
  /** The guilds' ids are on events written since notifications (older ones have only the names). */
  | { type: 'GuildBattleWon'; winnerGuild: string; loserGuild: string; reward: number; winnerGuildId?: number; loserGuildId?: number }
  /** `userId` is the invited player. */
  | { type: 'GuildInvited'; userId: number; guildName: string; invitedBy: string }
  /** A quest's progress reached its goal: its reward waits to be claimed. */
  | { type: 'QuestReady'; userId: number; questId: string; title: string }
  /** A direct challenge's duel ended (unrated, unpaid): quests that say 'any duel' may count it. */
  | { type: 'FriendlyDuelPlayed'; userId: number; characterId: number; won: boolean }
  /** A player was challenged to a duel (`userId`), until `expiresAt`. */
  | { type: 'ChallengeSent'; userId: number; challengeId: number; fromUsername: string; expiresAt: string }
  /** `userId` is the player asked; `from` the one asking. */
  | { type: 'FriendRequested'; userId: number; fromUserId: number; fromUsername: string }
  /** `userId` is the player whose request was accepted. */
  | { type: 'FriendAccepted'; userId: number; byUserId: number; byUsername: string }
  /** A PvP season closed: the player's best place on its ladder. */
  | { type: 'SeasonEnded'; userId: number; season: string; rank: number; characterName: string; rating: number };

/** The player an event belongs to (kept on its row for tracing), or null for a guild's. */
export function eventUserId(event: DomainEvent): number | null {
  return 'userId' in event ? event.userId : null;
}

/** The events of a battle's end for one fighter: the win or loss, and the levels it gained. */
export function battleEvents(input: {
  userId: number;
  characterId: number;
  characterName: string;
  kind: BattleKind;
  won: boolean;
  ghost?: boolean;
  levelBefore: number;
  levelAfter: number;
  /** A battle that ended before both moved counts for nothing. */
  noContest?: boolean;
}): DomainEvent[] {
  if (input.noContest) return [];
  const { userId, characterId, kind } = input;
  const events: DomainEvent[] = [
    input.won ? { type: 'BattleWon', userId, characterId, kind, ghost: input.ghost ?? false } : { type: 'BattleLost', userId, characterId, kind },
  ];
  if (input.levelAfter > input.levelBefore) {
    events.push({ type: 'LevelGained', userId, characterId, characterName: input.characterName, from: input.levelBefore, to: input.levelAfter });
  }
  return events;
}
