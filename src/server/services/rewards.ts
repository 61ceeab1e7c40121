import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { characters } from '../db/schema';
import type { GuildVictoryKind } from '../domain/guilds';
import { applyExperience, type ExperienceGain } from '../domain/progression';
import type { CharacterRow } from './character-view';
import { battleEvents } from '../domain/events';
import { moveCredits, type LedgerReason } from './ledger';
import { recordEvents } from './outbox';

/** What one fighter gets out of a battle, PvE or PvP. */
export interface BattleReward {
  experience: number;
  credits: number;
  won: boolean;
  /** Which cooldown the battle starts. */
  kind: GuildVictoryKind;
  /** The battle, for the ledger row (e.g. `pve_battle:12`). */
  reference: string;
}

export interface RewardOutcome {
  character: CharacterRow;
  gain: ExperienceGain;
}

const LEDGER_REASON: Record<GuildVictoryKind, LedgerReason> = { pve: 'pve_reward', pvp: 'pvp_reward' };

/**
 * Writes a fighter's reward in the battle's transaction: experience and levels (with their skill
 * and stat points), the win or loss, the cooldown, the credits through the ledger, and the
 * battle's domain events (the guild's share, standings, quests). The character row must be
 * locked by the caller.
 */
export async function grantBattleReward(tx: Tx, row: CharacterRow, reward: BattleReward, now: Date): Promise<RewardOutcome> {
  const gain = applyExperience(row, reward.experience);
  const [updated] = await tx
    .update(characters)
    .set({
      level: gain.level,
      experience: gain.experience,
      statPoints: row.statPoints + gain.statPointsGained,
      skillPoints: row.skillPoints + gain.skillPointsGained,
      wins: row.wins + (reward.won ? 1 : 0),
      losses: row.losses + (reward.won ? 0 : 1),
      ...(reward.kind === 'pve' ? { lastBattleAt: now } : { lastPvpBattleAt: now }),
    })
    .where(eq(characters.id, row.id))
    .returning();
  if (reward.credits > 0) {
    await moveCredits(tx, { userId: row.userId, delta: reward.credits, reason: LEDGER_REASON[reward.kind], reference: reward.reference });
  }
  // The guild's share, the player's standing, quests and announcements follow from the events.
  await recordEvents(
    tx,
    battleEvents({ userId: row.userId, characterId: row.id, characterName: row.name, kind: reward.kind, won: reward.won, levelBefore: row.level, levelAfter: gain.level }),
    now,
  );
  return { character: updated!, gain };
}
