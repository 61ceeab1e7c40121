import { accountRoutes } from '@common/api/accounts';
import { battleRoutes, characterRoutes } from '@common/api/characters';
import { equipmentRoutes, forgeRoutes, marketplaceRoutes, skillRoutes } from '@common/api/economy';
import { adminRoutes } from '@common/api/site';
import { chatRoutes, questRoutes, rankingRoutes, replayRoutes } from '@common/api/social';
import { guildRoutes } from '@common/api/guilds';
import { pvpRoutes } from '@common/api/pvp';
import { challengeRoutes, friendRoutes, notificationRoutes } from '@common/api/people';
import { endpoints } from './api';

/**
 * Every HTTP call of the game, one typed function each, made from the shared contracts
 * (src/common/api): `api.characters.list()`, `api.battle.fight({ body: { characterId } })`.
 * Screens call the server through these only.
 */
export const api = {
  characters: endpoints(characterRoutes),
  battle: endpoints(battleRoutes),
  marketplace: endpoints(marketplaceRoutes),
  equipment: endpoints(equipmentRoutes),
  forge: endpoints(forgeRoutes),
  skills: endpoints(skillRoutes),
  accounts: endpoints(accountRoutes),
  chat: endpoints(chatRoutes),
  replays: endpoints(replayRoutes),
  quests: endpoints(questRoutes),
  rankings: endpoints(rankingRoutes),
  admin: endpoints(adminRoutes),
  guilds: endpoints(guildRoutes),
  pvp: endpoints(pvpRoutes),
  notifications: endpoints(notificationRoutes),
  friends: endpoints(friendRoutes),
  challenges: endpoints(challengeRoutes),
};
