import { api } from '@client/lib/endpoints';
import { guildKeys } from './guild-keys';

/** `GET /api/guilds/my-guild`: the player's guild; null when they are in none. */
export const myGuildQuery = {
  queryKey: guildKeys.mine,
  queryFn: ({ signal }: { signal: AbortSignal }) => api.guilds.mine({}, { signal }),
} as const;

/** `GET /api/guilds`: the directory. */
export const guildDirectoryQuery = {
  queryKey: guildKeys.directory,
  queryFn: ({ signal }: { signal: AbortSignal }) => api.guilds.directory({}, { signal }),
} as const;
