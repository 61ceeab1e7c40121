import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@client/lib/api';
import { useAction } from '@client/lib/use-action';
import { moderationApi } from '@client/lib/moderation-endpoints';
import { toast } from '@client/ui';

export const modKeys = {
  reports: (status: 'open' | 'resolved') => ['mod', 'reports', status] as const,
  audit: ['mod', 'audit'] as const,
  record: (userId: number) => ['mod', 'record', userId] as const,
};

export function useReports(status: 'open' | 'resolved') {
  return useQuery({ queryKey: modKeys.reports(status), queryFn: () => moderationApi.mod.reports({ query: { status } }) });
}

export function useAudit() {
  return useQuery({ queryKey: modKeys.audit, queryFn: () => moderationApi.mod.audit({}) });
}

export function usePlayerRecord(userId: number | null) {
  return useQuery({ queryKey: modKeys.record(userId ?? 0), queryFn: () => moderationApi.mod.record({ params: { id: userId! } }), enabled: userId !== null });
}

/**
 * Runs a moderator action, tells the result and reads the queue and the log again. One at a
 * time (lib/use-action.ts): while one runs (`isPending`) another press is ignored, so a double
 * click mutes or suspends once and the audit log holds the action once.
 */
export function useModAction() {
  const queryClient = useQueryClient();
  return useAction<{ message: string }, () => Promise<{ message: string }>>({
    mutationFn: (work) => work(),
    onSuccess: async ({ message }) => {
      toast({ title: message, variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['mod'] });
    },
    onError: (err) => {
      toast({ title: 'Error', description: err instanceof ApiError && err.serverMessage ? err.serverMessage : 'The action failed', variant: 'destructive' });
    },
  });
}
