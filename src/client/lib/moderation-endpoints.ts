import { api } from './endpoints';

/** Blocks, reports and the moderators' console: `api.blocks` and `api.mod` (methods and paths only). */
export const moderationApi = {
  blocks: api.blocks,
  mod: api.mod,
};
