import type { EndReason } from '@common/battle-events';
import type { GuildRole } from '@common/guilds';
import { maxHp, type Fighter } from './battle';
import { runAiBattle, type BattleRecord } from './engine-replay';
import { mixSeed } from './rng';

/** Guild rules (DESIGN §4) with no I/O: levels, permissions, succession and guild battles. */

export const GUILD_EXPERIENCE_PER_LEVEL = 1000;

/** Contribution points for the member and experience for the guild, per victory. */
export const GUILD_VICTORY_POINTS = { pve: 10, pvp: 25 } as const;

/** Experience the winning guild of a guild battle gains. */
export const GUILD_BATTLE_EXPERIENCE = 100;
/** Credits paid into the winner's treasury per duel fought. */
export const GUILD_BATTLE_REWARD_PER_DUEL = 200;

export function guildLevel(experience: number): number {
  return 1 + Math.floor(Math.max(0, experience) / GUILD_EXPERIENCE_PER_LEVEL);
}

export function experienceIntoLevel(experience: number): number {
  return Math.max(0, experience) % GUILD_EXPERIENCE_PER_LEVEL;
}

/** Leaders and officers run the guild: invite, remove members, challenge and answer challenges. */
export function canManage(role: GuildRole): boolean {
  return role === 'leader' || role === 'officer';
}

/** Only the leader names or demotes officers. */
export function canChangeRoles(role: GuildRole): boolean {
  return role === 'leader';
}

/** The leader removes anyone else; an officer removes plain members only. */
export function canRemove(actor: GuildRole, target: GuildRole): boolean {
  if (actor === 'leader') return target !== 'leader';
  if (actor === 'officer') return target === 'member';
  return false;
}

export interface Seniority {
  id: number;
  role: GuildRole;
  joinedAt: Date;
}

/**
 * Who leads once the leader leaves: the senior officer, else the senior member (earliest to
 * join; the lower membership id breaks a tie). Null when nobody is left: the guild disbands.
 */
export function successorOf<T extends Seniority>(remaining: readonly T[]): T | null {
  const bySeniority = (a: T, b: T) => a.joinedAt.getTime() - b.joinedAt.getTime() || a.id - b.id;
  const officers = remaining.filter((m) => m.role === 'officer').sort(bySeniority);
  if (officers[0]) return officers[0];
  const members = remaining.filter((m) => m.role === 'member').sort(bySeniority);
  return members[0] ?? null;
}

export interface GuildFighter extends Fighter {
  username: string;
  characterId: number;
}

export interface GuildBattleOutcome {
  duels: { challenger: GuildFighter; defender: GuildFighter; winner: 'challenger' | 'defender'; hpShare: number; record: BattleRecord; reason: EndReason }[];
  /** Null when neither guild has a fighter (the battle is cancelled). */
  winner: 'challenger' | 'defender' | null;
}

/** Strongest first: level, then the sum of the stats. */
export function rankFighters<T extends Fighter>(fighters: readonly T[], max: number): T[] {
  const power = (f: Fighter) => f.stats.attack + f.stats.defense + f.stats.speed + f.stats.magic;
  return [...fighters].sort((a, b) => b.level - a.level || power(b) - power(a)).slice(0, max);
}

/**
 * A guild battle: the best fighters of each side, up to `maxParticipants`, pair up by rank
 * and duel with the battle engine (seeded). The side with more duel wins wins; a tie goes to
 * the side whose winners kept the larger share of their HP, then to the defender (as the
 * engine's time limit does). A side without fighters loses by walkover.
 */
export function fightGuildBattle(
  challengers: readonly GuildFighter[],
  defenders: readonly GuildFighter[],
  maxParticipants: number,
  seed: number,
): GuildBattleOutcome {
  const a = rankFighters(challengers, maxParticipants);
  const b = rankFighters(defenders, maxParticipants);
  if (a.length === 0 && b.length === 0) return { duels: [], winner: null };
  if (a.length === 0) return { duels: [], winner: 'defender' };
  if (b.length === 0) return { duels: [], winner: 'challenger' };
  const duels: GuildBattleOutcome['duels'] = [];
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) {
    const challenger = a[i]!;
    const defender = b[i]!;
    // Each duel its own seed, so each is a battle of its own, replayed on its own.
    const { state, record } = runAiBattle('guild', [fighterOf(challenger), fighterOf(defender)], mixSeed(seed, i));
    const won = state.winner === 0;
    const winnerFighter = won ? challenger : defender;
    const hpShare = state.sides[state.winner!].hp / Math.max(1, maxHp(winnerFighter.stats));
    duels.push({ challenger, defender, winner: won ? 'challenger' : 'defender', hpShare, record, reason: state.reason! });
  }
  const score = (side: 'challenger' | 'defender') => duels.filter((d) => d.winner === side);
  const wins = { challenger: score('challenger'), defender: score('defender') };
  if (wins.challenger.length !== wins.defender.length) {
    return { duels, winner: wins.challenger.length > wins.defender.length ? 'challenger' : 'defender' };
  }
  const share = (list: typeof duels) => list.reduce((sum, d) => sum + d.hpShare, 0);
  return { duels, winner: share(wins.challenger) > share(wins.defender) ? 'challenger' : 'defender' };
}

/** The engine's fighter of a guild fighter (without the player's name, which is not the engine's). */
function fighterOf({ username, characterId, ...fighter }: GuildFighter): Fighter {
  void username;
  void characterId;
  return fighter;
}

export function guildBattleReward(duelCount: number): number {
  return GUILD_BATTLE_REWARD_PER_DUEL * Math.max(1, duelCount);
}
