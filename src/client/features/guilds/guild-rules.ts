import type { GuildBattleView } from '@common/guilds';
import type { GuildRole } from '@common/guild-rules';

/** What the screen offers each role (the server checks the same rules). */
export function canManage(role: GuildRole | null | undefined): boolean {
  return role === 'leader' || role === 'officer';
}

export function canRemove(actor: GuildRole | null | undefined, target: GuildRole): boolean {
  if (actor === 'leader') return target !== 'leader';
  if (actor === 'officer') return target === 'member';
  return false;
}

export const ROLE_LABELS: Record<GuildRole, string> = { leader: 'Leader', officer: 'Officer', member: 'Member' };

export type BattleOutcome = 'won' | 'lost' | 'pending' | 'active' | 'cancelled';

/** How a battle went for the player's guild. */
export function battleOutcome(battle: GuildBattleView, myGuildId: number): BattleOutcome {
  if (battle.status !== 'completed') return battle.status;
  return battle.winnerId === myGuildId ? 'won' : 'lost';
}

/** The other guild of a battle, seen from the player's guild. */
export function opponentOf(battle: GuildBattleView, myGuildId: number): { id: number | null; name: string } {
  return battle.challengerGuild.id === myGuildId ? battle.defenderGuild : battle.challengerGuild;
}

/** Whether the player's guild is the one answering this challenge. */
export function isChallenged(battle: GuildBattleView, myGuildId: number): boolean {
  return battle.defenderGuild.id === myGuildId;
}

/** A whole number of credits from a text field, or null. */
export function parseAmount(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= 1 && Number.isSafeInteger(value) ? value : null;
}
