import { accountRoutes } from '@common/api/accounts';
import { battleRoutes, characterRoutes } from '@common/api/characters';
import { equipmentRoutes, forgeRoutes, marketplaceRoutes, skillRoutes } from '@common/api/economy';
import { adminRoutes, assetRoutes } from '@common/api/site';
import { chatRoutes, questRoutes, rankingRoutes, replayRoutes } from '@common/api/social';
import { guildRoutes } from '@common/api/guilds';
import { pvpRoutes } from '@common/api/pvp';
import { challengeRoutes, friendRoutes, notificationRoutes } from '@common/api/people';
import { blockRoutes, modRoutes } from '@common/api/moderation';
import { recoveryRoutes } from '@common/api/recovery';

/**
 * The contracts the client calls, by area: `api.<area>.<route>` (endpoints.ts). They carry
 * their zod schemas, so screens do not import this: the build turns it into a table of methods
 * and paths (route-table.ts), and the schemas load only where answers are checked.
 */
export const routeGroups = {
  characters: characterRoutes,
  battle: battleRoutes,
  marketplace: marketplaceRoutes,
  equipment: equipmentRoutes,
  forge: forgeRoutes,
  skills: skillRoutes,
  accounts: accountRoutes,
  chat: chatRoutes,
  replays: replayRoutes,
  quests: questRoutes,
  rankings: rankingRoutes,
  admin: adminRoutes,
  guilds: guildRoutes,
  pvp: pvpRoutes,
  assets: assetRoutes,
  notifications: notificationRoutes,
  friends: friendRoutes,
  challenges: challengeRoutes,
  blocks: blockRoutes,
  mod: modRoutes,
  recovery: recoveryRoutes,
};
