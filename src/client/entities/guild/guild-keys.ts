/** Query keys of the guilds (a key is also the URL it reads). */
export const guildKeys = {
  /** `GET /api/guilds`: the directory. */
  directory: ['/api/guilds'] as const,
  /** `GET /api/guilds/my-guild`: the player's guild, or none. */
  mine: ['/api/guilds/my-guild'] as const,
  /** `GET /api/guilds/battles`: the battles of the player's guild. */
  battles: ['/api/guilds/battles'] as const,
  /** `GET /api/guilds/invitations`: invitations sent to the player. */
  invitations: ['/api/guilds/invitations'] as const,
};
