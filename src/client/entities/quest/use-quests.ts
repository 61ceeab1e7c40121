import { useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/endpoints';
import { questKeys } from './quest-keys';

/** The player's quests (`GET /api/quests`): the first-steps chain and today's dailies. */
export function useQuests(enabled = true) {
  return useQuery({ queryKey: questKeys.all, queryFn: ({ signal }) => api.quests.list({}, { signal }), enabled });
}
