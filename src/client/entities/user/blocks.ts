import { useQuery } from '@tanstack/react-query';
import { moderationApi } from '@client/lib/moderation-endpoints';

/** The players this player blocks (`GET /api/blocks`, newest first): the account's list, and what a block or an unblock refreshes. */
export const blockKeys = {
  all: ['/api/blocks'] as const,
};

export function useBlocks() {
  return useQuery({ queryKey: blockKeys.all, queryFn: ({ signal }) => moderationApi.blocks.list({}, { signal }) });
}
