import { useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '@common/auth';
import { rewardText } from '@common/quest-rewards';
import type { QuestView } from '@common/quests';
import { errorMessage } from '@client/lib/api';
import { api } from '@client/lib/endpoints';
import { playSound } from '@client/lib/sound';
import { useAction } from '@client/lib/use-action';
import { USER_QUERY_KEY } from '@client/lib/use-auth';
import { toast } from '@client/ui';
import { forgeKeys } from '@client/entities/forge/forge-keys';
import { notificationKeys } from '@client/entities/notification/notification-keys';
import { questKeys } from '@client/entities/quest/quest-keys';

/** Claim a finished quest (`POST /api/quests/{id}/claim`): a jingle, a toast, and fresh credits, quests and notifications. */
export function useClaimQuest() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: (quest: QuestView, idempotencyKey) => api.quests.claim({ params: { id: quest.id } }, { idempotencyKey }),
    onSuccess: (answer, quest) => {
      playSound('level_up');
      toast({ title: 'Quest Complete!', description: `${quest.title}: ${rewardText(quest.reward)}`, variant: 'success' });
      queryClient.setQueryData<PublicUser | null>(USER_QUERY_KEY, (user) => (user ? { ...user, credits: answer.credits } : user));
      queryClient.setQueryData<QuestView[]>(questKeys.all, (list) => list?.map((q) => (q.id === answer.quest.id ? answer.quest : q)));
    },
    onError: (err) => {
      toast({ title: 'Claim Failed', description: errorMessage(err, 'Could not claim the reward'), variant: 'destructive' });
    },
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: questKeys.all }),
        queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: forgeKeys.materials }),
        // The server marked the quest's notification read: the bell's count drops.
        queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
      ]);
    },
  });
}
