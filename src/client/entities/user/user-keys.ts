import { USER_QUERY_KEY } from '@client/lib/session';

/**
 * Query keys of the signed-in player. The session code of lib/ owns the key itself, since it
 * ends and starts sessions by it.
 */
export const userKeys = {
  /** `GET /api/user`: the signed-in player, or null. */
  me: USER_QUERY_KEY,
};
