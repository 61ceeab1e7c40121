import { blockRoutes, modRoutes } from '@common/api/moderation';
import { endpoints } from './api';

/**
 * Blocks, reports and the moderators' console: apart from `api` so their schemas load with the
 * screens that use them, not with the first screen.
 */
export const moderationApi = {
  blocks: endpoints(blockRoutes),
  mod: endpoints(modRoutes),
};
