import { groupDigits } from './constants';
/** Guilds' limits, emblems, roles and texts (SPEC §9) as plain data: the guild screens show them without loading zod. */

export const GUILD_MAX_MEMBERS = 20;
export const GUILD_NAME_MIN = 3;
export const GUILD_NAME_MAX = 30;
export const GUILD_DESCRIPTION_MAX = 200;
export const GUILD_DONATION_MAX = 1_000_000;
export const GUILD_BATTLE_MAX_PARTICIPANTS = 10;
export const GUILD_BATTLE_DEFAULT_PARTICIPANTS = 5;

/** The 12 fixed guild emblems (SPEC §9), served as `/api/assets/guild-{id}.svg`. */
export const GUILD_AVATAR_IDS = [
  'phoenix',
  'dragon',
  'wolf',
  'skull',
  'crown',
  'sword',
  'castle',
  'lightning',
  'eye',
  'star',
  'flame',
  'glitch',
] as const;
export type GuildAvatarId = (typeof GUILD_AVATAR_IDS)[number];

export function isGuildAvatar(value: unknown): value is GuildAvatarId {
  return typeof value === 'string' && (GUILD_AVATAR_IDS as readonly string[]).includes(value);
}

export function guildAvatarFile(id: string): string {
  return `guild-${isGuildAvatar(id) ? id : GUILD_AVATAR_IDS[0]}.svg`;
}

export const GUILD_ROLES = ['leader', 'officer', 'member'] as const;
export type GuildRole = (typeof GUILD_ROLES)[number];

export const GUILD_BATTLE_STATUSES = ['pending', 'active', 'completed', 'cancelled'] as const;

export const GUILD_MESSAGES = {
  nameRequired: 'Please enter a guild name',
  nameLength: `Guild names are ${GUILD_NAME_MIN}-${GUILD_NAME_MAX} characters`,
  nameReserved: 'That guild name is reserved. Please choose another.',
  description: `The description is at most ${GUILD_DESCRIPTION_MAX} characters`,
  avatar: 'Please choose one of the 12 guild emblems',
  maxMembers: `A guild holds 2 to ${GUILD_MAX_MEMBERS} members`,
  username: 'Please enter a player name',
  role: 'Role must be officer or member',
  amount: `Donations are whole numbers from 1 to ${groupDigits(GUILD_DONATION_MAX)} credits`,
  guildId: 'Please choose a guild to challenge',
  participants: `Guild battles have 1 to ${GUILD_BATTLE_MAX_PARTICIPANTS} fighters a side`,
} as const;
