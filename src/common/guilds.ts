import { z } from 'zod';
import { idField } from './ids';
import { isReservedName } from './reserved-names';
import { nameProblem, textProblem } from './text';
import { GUILD_AVATAR_IDS, GUILD_BATTLE_DEFAULT_PARTICIPANTS, GUILD_BATTLE_MAX_PARTICIPANTS, GUILD_BATTLE_STATUSES, GUILD_DESCRIPTION_MAX, GUILD_DONATION_MAX, GUILD_MAX_MEMBERS, GUILD_MESSAGES, GUILD_NAME_MAX, GUILD_NAME_MIN, GUILD_ROLES } from './guild-rules';

/** Guilds (SPEC §2, §3, §7; DESIGN §4): shapes of the answers and zod schemas of the requests. */

export { GUILD_AVATAR_IDS, GUILD_BATTLE_DEFAULT_PARTICIPANTS, GUILD_BATTLE_MAX_PARTICIPANTS, GUILD_BATTLE_STATUSES, GUILD_DESCRIPTION_MAX, GUILD_DONATION_MAX, GUILD_MAX_MEMBERS, GUILD_MESSAGES, GUILD_NAME_MAX, GUILD_NAME_MIN, GUILD_ROLES, guildAvatarFile, isGuildAvatar, type GuildAvatarId, type GuildRole } from './guild-rules';

/** A guild in the directory (SPEC §3 Guild without its members). */
export const guildSummaryViewSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    guildAvatar: z.string(),
    level: z.number().int(),
    memberCount: z.number().int(),
    maxMembers: z.number().int(),
    treasury: z.number().int(),
    experience: z.number().int(),
    isPrivate: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'GuildSummary' });
export type GuildSummaryView = z.infer<typeof guildSummaryViewSchema>;

export const guildMemberViewSchema = z.object({
  /** The membership's id (used by role changes and removal). */
  id: z.number().int(),
  userId: z.number().int(),
  role: z.enum(GUILD_ROLES),
  contributionPoints: z.number().int(),
  joinedAt: z.string(),
  user: z.object({ username: z.string() }),
});
export type GuildMemberView = z.infer<typeof guildMemberViewSchema>;

/** `GET /api/guilds/my-guild`: the player's guild with its members and the player's own role. */
export const myGuildViewSchema = z
  .object({
    ...guildSummaryViewSchema.shape,
    members: z.array(guildMemberViewSchema),
    myRole: z.enum(GUILD_ROLES),
    myMemberId: z.number().int(),
    /** Experience of the current level and what the next level needs (level × 1000 in total). */
    experienceIntoLevel: z.number().int(),
    experiencePerLevel: z.number().int(),
  })
  .meta({ id: 'MyGuild' });
export type MyGuildView = z.infer<typeof myGuildViewSchema>;

export const guildInvitationViewSchema = z.object({
  id: z.number().int(),
  guild: guildSummaryViewSchema.pick({ id: true, name: true, guildAvatar: true, level: true, memberCount: true, maxMembers: true, isPrivate: true }),
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type GuildInvitationView = z.infer<typeof guildInvitationViewSchema>;

const duelFighterSchema = z.object({ name: z.string(), level: z.number().int(), username: z.string() });

export const guildDuelViewSchema = z.object({
  challenger: duelFighterSchema,
  defender: duelFighterSchema,
  winner: z.enum(['challenger', 'defender']),
  /** The stored duel (`/replay/{replayId}`); null for duels fought before battles were stored. */
  replayId: z.number().int().nullable(),
});
export type GuildDuelView = z.infer<typeof guildDuelViewSchema>;

/** SPEC §3 Guild battle, plus how it went. */
export const guildBattleViewSchema = z
  .object({
    id: z.number().int(),
    challengerGuild: z.object({ id: z.number().int().nullable(), name: z.string() }),
    defenderGuild: z.object({ id: z.number().int().nullable(), name: z.string() }),
    status: z.enum(GUILD_BATTLE_STATUSES),
    battleType: z.string(),
    maxParticipants: z.number().int(),
    /** The winning guild's id once completed. */
    winnerId: z.number().int().nullable(),
    /** Credits paid into the winner's treasury. */
    reward: z.number().int(),
    duels: z.array(guildDuelViewSchema),
    createdAt: z.string(),
    resolvedAt: z.string().nullable(),
  })
  .meta({ id: 'GuildBattle' });
export type GuildBattleView = z.infer<typeof guildBattleViewSchema>;

/** `POST /api/guilds/leave`. */
export const leaveGuildViewSchema = z.object({
  message: z.string(),
  /** The player was the last member: the guild is gone. */
  disbanded: z.boolean(),
});

/** `POST /api/guilds/donate`: the player's credits and the treasury after the gift. */
export const donationViewSchema = z.object({
  message: z.string(),
  credits: z.number().int(),
  treasury: z.number().int(),
});


/** `POST /api/guilds`. */
export const createGuildBody = z.object({
  name: z
    .string({ error: GUILD_MESSAGES.nameRequired })
    .trim()
    .min(1, GUILD_MESSAGES.nameRequired)
    .min(GUILD_NAME_MIN, GUILD_MESSAGES.nameLength)
    .max(GUILD_NAME_MAX, GUILD_MESSAGES.nameLength)
    .superRefine((name, ctx) => {
      const problem = nameProblem(name);
      if (problem) ctx.addIssue({ code: 'custom', message: `Guild name ${problem}` });
      else if (isReservedName(name)) ctx.addIssue({ code: 'custom', message: GUILD_MESSAGES.nameReserved });
    }),
  description: z
    .string({ error: GUILD_MESSAGES.description })
    .trim()
    .max(GUILD_DESCRIPTION_MAX, GUILD_MESSAGES.description)
    .superRefine((text, ctx) => {
      const problem = textProblem(text, { allowEmpty: true });
      if (problem) ctx.addIssue({ code: 'custom', message: `Guild description ${problem}` });
    })
    .optional(),
  guildAvatar: z.enum(GUILD_AVATAR_IDS, { error: GUILD_MESSAGES.avatar }),
  isPrivate: z.boolean({ error: 'isPrivate must be true or false' }).default(false),
  maxMembers: z
    .number({ error: GUILD_MESSAGES.maxMembers })
    .int(GUILD_MESSAGES.maxMembers)
    .min(2, GUILD_MESSAGES.maxMembers)
    .max(GUILD_MAX_MEMBERS, GUILD_MESSAGES.maxMembers)
    .default(GUILD_MAX_MEMBERS),
});
export type CreateGuildBody = z.infer<typeof createGuildBody>;

/** `POST /api/guilds/invitations`. */
export const inviteBody = z.object({
  username: z.string({ error: GUILD_MESSAGES.username }).trim().min(1, GUILD_MESSAGES.username).max(50, GUILD_MESSAGES.username),
});

/** `POST /api/guilds/members/{id}/role`. */
export const roleBody = z.object({ role: z.enum(['officer', 'member'], { error: GUILD_MESSAGES.role }) });

/** `POST /api/guilds/donate`. */
export const donateBody = z.object({
  amount: z
    .number({ error: GUILD_MESSAGES.amount })
    .int(GUILD_MESSAGES.amount)
    .min(1, GUILD_MESSAGES.amount)
    .max(GUILD_DONATION_MAX, GUILD_MESSAGES.amount),
});

/** `POST /api/guilds/battles`. */
export const challengeBody = z.object({
  defenderGuildId: idField(GUILD_MESSAGES.guildId),
  maxParticipants: z
    .number({ error: GUILD_MESSAGES.participants })
    .int(GUILD_MESSAGES.participants)
    .min(1, GUILD_MESSAGES.participants)
    .max(GUILD_BATTLE_MAX_PARTICIPANTS, GUILD_MESSAGES.participants)
    .default(GUILD_BATTLE_DEFAULT_PARTICIPANTS),
});
