import { useQuery } from '@tanstack/react-query';
import type { QuestView } from '@common/quests';
import { questKeys } from './quest-keys';

/** The player's quests (`GET /api/quests`): the first-steps chain and today's dailies. */
export function useQuests(enabled = true) {
  return useQuery<QuestView[]>({ queryKey: questKeys.all, enabled });
}
